import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
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
import { DEMO_CALL, DEMO_TICK_MS } from './demo-call';
import { useFakePlayback } from './use-fake-playback';

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** Only mounted while open, so each opening starts the sample call from the beginning. */
function DemoCallBody() {
  const { progress, playing, toggle } = useFakePlayback(DEMO_TICK_MS, true);
  const [showTranscript, setShowTranscript] = useState(false);
  const [showEvaluation, setShowEvaluation] = useState(false);
  const { interviewer, transcript, evaluation, durationSeconds } = DEMO_CALL;
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
            {interviewer.role} at {interviewer.company}
          </p>
        </div>
      </div>

      <div className="bg-muted/50 flex items-center gap-3 rounded-lg border p-3">
        <Button
          type="button"
          size="icon"
          variant="secondary"
          onClick={toggle}
          aria-label={playing ? 'Pause sample call' : 'Play sample call'}
        >
          {playing ? <Pause /> : <Play />}
        </Button>
        <Progress
          value={progress}
          aria-label="Sample call playback"
          className="flex-1"
          data-testid="demo-progress"
        />
        <span className="text-muted-foreground w-24 text-right text-xs tabular-nums">
          {clock((durationSeconds * progress) / 100)} / {clock(durationSeconds)}
        </span>
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
          <Link to="/auth">Try It Yourself</Link>
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
