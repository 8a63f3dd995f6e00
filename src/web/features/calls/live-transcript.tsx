// What has been said so far, interviewer on the left and the user on the right (spec:
// core-experience §2 "Live call"). Follows the newest line unless the user scrolled up to read.
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

export type TranscriptEntry = {
  id: number;
  role: 'agent' | 'user';
  text: string;
  /** heard by the built-in speech recogniser: the words are approximate */
  approximate?: boolean;
};

export function LiveTranscript({
  entries,
  agentName,
  label = 'Live transcript',
  className,
}: {
  entries: readonly TranscriptEntry[];
  agentName: string;
  label?: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const count = entries.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever a line arrives
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <section
      ref={box}
      aria-label={label}
      aria-live="polite"
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
      className={cn('flex h-72 flex-col gap-3 overflow-y-auto rounded-lg border bg-muted/30 p-4', className)}
    >
      {entries.length === 0 ? (
        <p className="m-auto text-sm text-muted-foreground">The conversation will appear here.</p>
      ) : (
        entries.map((e) => (
          <div
            key={e.id}
            data-role={e.role}
            className={cn(
              'flex max-w-[80%] flex-col gap-1',
              e.role === 'user' ? 'self-end items-end' : 'self-start',
            )}
          >
            <span className="text-xs font-medium text-muted-foreground">
              {e.role === 'user' ? 'You' : agentName}
            </span>
            <p
              className={cn(
                'rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap',
                e.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-card border',
              )}
            >
              {e.text}
            </p>
            {e.approximate ? (
              <span className="text-xs text-muted-foreground" data-testid="approximate-line">
                approximate (built-in recogniser)
              </span>
            ) : null}
          </div>
        ))
      )}
    </section>
  );
}
