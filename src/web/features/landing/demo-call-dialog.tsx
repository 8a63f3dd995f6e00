import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';
import { DEMO_CALL, SAMPLE_CALL_AUDIO_URL } from './demo-call';
import { SIGN_UP } from './landing-sections';

const clock = (seconds: number) =>
  Number.isFinite(seconds) && seconds >= 0
    ? `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`
    : '–:––';

type Playback = 'paused' | 'playing' | 'unavailable';

/**
 * The sample call's recording (made by the build with the offline voice): it starts as the dialog
 * opens, from the click that opened it; pausing and playing again go on from where it was, and
 * at the end it goes back to the start.
 */
function useSampleRecording() {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<Playback>('paused');
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);

  const play = () => {
    const el = audio.current;
    // a browser that refuses to play before a gesture leaves it paused, for the Play button
    el?.play()?.catch(() => setState((s) => (s === 'unavailable' ? s : 'paused')));
  };
  // once, as the dialog opens
  useEffect(play, []);

  const events = {
    onPlay: () => setState('playing'),
    onPause: () => setState((s) => (s === 'playing' ? 'paused' : s)),
    onLoadedMetadata: (e: React.SyntheticEvent<HTMLAudioElement>) => setDuration(e.currentTarget.duration),
    onDurationChange: (e: React.SyntheticEvent<HTMLAudioElement>) => setDuration(e.currentTarget.duration),
    onTimeUpdate: (e: React.SyntheticEvent<HTMLAudioElement>) => setPosition(e.currentTarget.currentTime),
    onEnded: (e: React.SyntheticEvent<HTMLAudioElement>) => {
      e.currentTarget.currentTime = 0;
      setPosition(0);
      setState('paused');
    },
    onError: () => setState('unavailable'),
  };
  const toggle = () => {
    if (state === 'playing') audio.current?.pause();
    else if (state === 'paused') play();
  };
  const progress = Number.isFinite(duration) && duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
  return { audio, events, state, position, duration, progress, toggle };
}

/** Only mounted while open, so each opening starts the sample call from the beginning. */
function DemoCallBody() {
  const recording = useSampleRecording();
  const { state, position, duration, progress, toggle } = recording;
  const [showTranscript, setShowTranscript] = useState(false);
  const [showEvaluation, setShowEvaluation] = useState(false);
  const { interviewer, transcript, evaluation } = DEMO_CALL;
  const average = evaluation.reduce((sum, c) => sum + c.score, 0) / evaluation.length;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Sample call: {interviewer.callType}</DialogTitle>
        <DialogDescription>
          Listen in on a short practice call, then see the transcript and the scored evaluation.
        </DialogDescription>
      </DialogHeader>

      <div className="flex items-center gap-3">
        <img src={interviewer.avatar} alt="" width={48} height={48} className="size-12 rounded-full" />
        <div className="min-w-0">
          <p className="font-medium">{interviewer.name}</p>
          <p className="text-muted-foreground text-sm">
            {scenarioSubtitle(interviewer.role, interviewer.company)}
          </p>
        </div>
      </div>

      <div className="bg-muted/50 rounded-lg border p-3" data-testid="demo-player" data-state={state}>
        <div className="flex items-center gap-3">
          <Button
            type="button"
            size="icon"
            variant="secondary"
            onClick={toggle}
            disabled={state === 'unavailable'}
            aria-label={state === 'playing' ? 'Pause sample call' : 'Play sample call'}
          >
            {state === 'playing' ? <Pause /> : <Play />}
          </Button>
          <Progress
            value={progress}
            aria-label="Sample call playback"
            className="flex-1"
            data-testid="demo-progress"
          />
          <span
            className="text-muted-foreground w-24 text-right text-xs tabular-nums"
            data-testid="demo-time"
          >
            {clock(position)} / {clock(duration)}
          </span>
        </div>
        {state === 'unavailable' && (
          <p className="text-muted-foreground mt-2 text-sm">
            The recording is not available right now: read the transcript below instead.
          </p>
        )}
        {/* no caption track: the transcript of the call is one click away */}
        <audio ref={recording.audio} src={SAMPLE_CALL_AUDIO_URL} preload="metadata" {...recording.events} />
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          aria-expanded={showTranscript}
          onClick={() => setShowTranscript((v) => !v)}
        >
          {showTranscript ? 'Hide Transcript' : 'Show Transcript'}
        </Button>
        <Button
          type="button"
          variant="outline"
          aria-expanded={showEvaluation}
          onClick={() => setShowEvaluation((v) => !v)}
        >
          {showEvaluation ? 'Hide Evaluation' : 'Show Evaluation'}
        </Button>
      </div>

      {showTranscript && (
        <section
          id="demo-transcript"
          aria-label="Transcript"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable, so keyboard users can reach and scroll it
          tabIndex={0}
          className="max-h-72 space-y-3 overflow-y-auto rounded-lg border p-3"
        >
          {transcript.map((line, i) => {
            const mine = line.speaker === 'You';
            return (
              <div key={i} className={mine ? 'flex justify-end' : 'flex justify-start'}>
                <p
                  className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? 'bg-primary text-primary-foreground' : 'bg-muted'}`}
                >
                  <span className="block text-xs font-semibold">{line.speaker}</span>
                  {line.text}
                </p>
              </div>
            );
          })}
        </section>
      )}

      {showEvaluation && (
        <section id="demo-evaluation" aria-label="Evaluation" className="space-y-3 rounded-lg border p-3">
          <p className="text-sm font-medium">
            Average score: <span className="tabular-nums">{average.toFixed(1)}</span> / 10
          </p>
          <ul className="space-y-3">
            {evaluation.map((c) => (
              <li key={c.name}>
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm font-medium">{c.name}</span>
                  <Badge variant="secondary" className="tabular-nums">
                    {c.score}/10
                  </Badge>
                </div>
                <p className="text-muted-foreground mt-1 text-sm">{c.feedback}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <DialogFooter>
        <Button asChild>
          <Link to={SIGN_UP}>Try It Yourself</Link>
        </Button>
      </DialogFooter>
    </>
  );
}

export default function DemoCallDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">{open && <DemoCallBody />}</DialogContent>
    </Dialog>
  );
}
