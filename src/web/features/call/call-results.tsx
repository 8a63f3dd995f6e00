// Step 5 of a call: the evaluation, the recording and the transcript, with Done back home
// (spec: core-experience §2 "Evaluation Results").
import type { Interview } from '@shared/contracts/interviews';
import { parseTranscript } from '@shared/domain/transcript';
import { useState } from 'react';
import { canReEvaluate, ReEvaluateButton } from '@/components/call-review/re-evaluate-button';
import { EvaluationView } from '@/components/evaluation/evaluation-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { recordingUrl } from './call-api';
import { LiveTranscript } from './live-transcript';
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
  const turns = parseTranscript(interview.transcript ?? '').map((t, i) => ({
    id: i,
    role: t.speaker,
    text: t.text,
  }));
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

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Recording</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {interview.conversationId ? (
            // biome-ignore lint/a11y/useMediaCaption: a call recording has no caption track; the transcript is shown below
            <audio
              controls
              preload="metadata"
              src={recordingUrl(interview.conversationId)}
              aria-label="Call recording"
              className="w-full"
            />
          ) : (
            <p className="text-sm text-muted-foreground">No audio recording available for this call.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Transcript</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {turns.length > 0 ? (
            <LiveTranscript
              entries={turns}
              agentName={interviewerName}
              label="Transcript"
              className="h-auto max-h-[18rem]"
            />
          ) : (
            <p className="text-sm text-muted-foreground">No transcript available.</p>
          )}
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
