// Step 5 of a call: the evaluation, the recording and the transcript, with Done back home
// (spec: core-experience §2 "Evaluation Results").

import type { Interview } from '@shared/contracts/calls';
import { useState } from 'react';
import { EvaluationView } from '@/components/evaluation/evaluation-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AudioPlayer } from '@/features/calls/review/audio-player';
import { useCallPlayback } from '@/features/calls/review/call-playback';
import { canReEvaluate, ReEvaluateButton } from '@/features/calls/review/re-evaluate-button';
import { TranscriptView } from '@/features/calls/review/transcript-view';
import { cn } from '@/lib/utils';
import { stepHeadingClass, stepHeadingProps } from './step-heading';

export function CallResults({
  interview: ended,
  interviewerName,
  onDone,
}: {
  interview: Interview;
  interviewerName: string;
  onDone: () => void;
}) {
  // a failed evaluation can be run again from here; the new one replaces it in place
  const [interview, setInterview] = useState(ended);
  const playback = useCallPlayback(interview);
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className={cn('text-2xl', stepHeadingClass)} {...stepHeadingProps}>
              Evaluation Results
            </h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <EvaluationView evaluation={interview.evaluation} headingLevel={2} />
          {canReEvaluate(interview) && (
            <div className="mt-4">
              <ReEvaluateButton interview={interview} onUpdated={setInterview} />
            </div>
          )}
        </CardContent>
      </Card>

      {/* the same player and transcript as the dashboard's review of a call: a line plays the
          recording from there, and the transcript opens at its start */}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Recording</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <AudioPlayer {...playback.player} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Transcript</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <section aria-label="Transcript">
            <TranscriptView {...playback.transcript} interviewerName={interviewerName} />
          </section>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
