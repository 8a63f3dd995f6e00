// The sticky countdown of a live call (spec: core-experience §4 "Call timer", §9): 30:00 down to
// 0:00, red at five minutes or less; at zero the owner ends the call.
import { CALL_LENGTH_SECONDS, TIMER_WARNING_SECONDS } from '@shared/domain/limits';
import { Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/** `mm:ss`, minutes not padded past two digits (1800 → "30:00", 65 → "01:05"). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function isTimeRunningOut(seconds: number): boolean {
  return seconds <= TIMER_WARNING_SECONDS;
}

/**
 * Seconds left while `running`, measured against the wall clock so a throttled background tab
 * does not stretch the call. Calls `onExpire` once when it reaches zero.
 */
export function useCountdown(running: boolean, onExpire: () => void, total = CALL_LENGTH_SECONDS): number {
  const [left, setLeft] = useState(total);
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    let fired = false;
    const tick = () => {
      const remaining = Math.max(0, total - Math.floor((Date.now() - startedAt) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !fired) {
        fired = true;
        clearInterval(id);
        expire.current();
      }
    };
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [running, total]);
  return left;
}

export function CallTimer({ secondsLeft, className }: { secondsLeft: number; className?: string }) {
  const warning = isTimeRunningOut(secondsLeft);
  return (
    <div
      role="timer"
      aria-label="Time remaining"
      data-warning={warning || undefined}
      className={cn(
        'inline-flex items-center gap-2 rounded-md border px-3 py-1.5 font-mono text-lg tabular-nums',
        warning ? 'border-red-500/60 text-red-600 dark:text-red-400' : 'text-foreground',
        className,
      )}
    >
      <Clock className="size-4" aria-hidden />
      {formatCountdown(secondsLeft)}
    </div>
  );
}
