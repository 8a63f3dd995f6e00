// The pre-call microphone check (issue 20): the user opens their microphone before the call and
// sees a live level meter, so a muted, missing or wrong microphone shows before a credit is spent.
// The stream is closed when the check stops or the screen goes.
import { Mic, MicOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

type CheckState = 'idle' | 'asking' | 'listening' | 'denied' | 'unavailable';

/** RMS level (0..1) of time-domain samples (bytes centred on 128, as AnalyserNode gives them). */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) {
    const v = (s - 128) / 128;
    sum += v * v;
  }
  return Math.sqrt(sum / samples.length);
}

/** The meter's value (0..100) for an RMS level: speech at a normal distance reads well above half. */
export const meterValue = (rms: number) => Math.min(100, Math.round(Math.sqrt(rms) * 160));

/** A meter value this high counts as "we hear you". */
export const HEARD_AT = 25;

export function MicCheck() {
  const [state, setState] = useState<CheckState>('idle');
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);
  const stopRef = useRef<(() => void) | null>(null);

  const stop = useCallback(() => {
    stopRef.current?.();
    stopRef.current = null;
    setLevel(0);
  }, []);

  useEffect(() => stop, [stop]);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('asking');
    setHeard(false);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('denied');
      return;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      const value = meterValue(levelOf(samples));
      setLevel(value);
      if (value >= HEARD_AT) setHeard(true);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    stopRef.current = () => {
      cancelAnimationFrame(frame);
      for (const track of stream.getTracks()) track.stop();
      void context.close().catch(() => {});
      setState('idle');
    };
    setState('listening');
  };

  return (
    <section
      aria-labelledby="mic-check-heading"
      data-testid="mic-check"
      className="flex flex-col gap-2 rounded-lg border p-3"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id="mic-check-heading" className="flex items-center gap-2 font-semibold">
          {state === 'denied' ? (
            <MicOff className="size-4" aria-hidden />
          ) : (
            <Mic className="size-4" aria-hidden />
          )}
          Microphone check
        </h3>
        {state === 'listening' ? (
          <Button type="button" variant="outline" size="sm" onClick={stop}>
            Stop check
          </Button>
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void start()}
            disabled={state === 'asking'}
          >
            Test microphone
          </Button>
        )}
      </div>
      {state === 'listening' ? (
        <>
          <div
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
            data-testid="mic-level"
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width] duration-75"
              style={{ width: `${level}%` }}
            />
          </div>
          <p className="text-sm" role="status" data-testid="mic-check-result">
            {heard ? 'We can hear you.' : 'Say a few words: the bar should move while you speak.'}
          </p>
        </>
      ) : state === 'denied' ? (
        <p className="text-sm text-destructive" role="alert">
          The microphone is blocked. Allow it in your browser’s address bar to answer by voice, or type your
          answers during the call.
        </p>
      ) : state === 'unavailable' ? (
        <p className="text-sm text-destructive" role="alert">
          This browser gives no access to a microphone here: type your answers during the call.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Check that your microphone picks you up before you start.
        </p>
      )}
    </section>
  );
}
