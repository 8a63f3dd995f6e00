// Step 5 of a call: the evaluation, the recording and the transcript, with Done back home
// (spec: core-experience §2 "Evaluation Results").

import type { UtteranceTiming } from '@shared/contracts/interview-review';
import type { Interview } from '@shared/contracts/interviews';
import { parseTranscript } from '@shared/domain/transcript';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { INTERVIEWS_QUERY_ROOT } from '@/components/call-review/rating-block';
import { canReEvaluate, ReEvaluateButton } from '@/components/call-review/re-evaluate-button';
import { EvaluationView } from '@/components/evaluation/evaluation-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { apiGet } from '@/lib/api';
import { cn } from '@/lib/utils';
import { recordingUrl } from './call-api';
import { LiveTranscript, type TranscriptEntry } from './live-transcript';
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
  // the stored lines (with which of them the built-in recogniser heard) when the call has them
  const utterances = useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'utterances', interview.id],
    queryFn: () => apiGet<UtteranceTiming[]>(`/api/interviews/${interview.id}/utterances`),
    enabled: Boolean(interview.conversationId),
  });
  const turns: TranscriptEntry[] = utterances.data?.length
    ? utterances.data.map((u, i) => ({
        id: i,
        role: u.speaker,
        text: u.text,
        approximate: u.confidence !== null && u.confidence !== undefined,
      }))
    : parseTranscript(interview.transcript ?? '').map((t, i) => ({ id: i, role: t.speaker, text: t.text }));
  const anyApproximate = turns.some((t) => t.approximate);
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
          {anyApproximate ? (
            <p className="mb-2 text-xs text-muted-foreground" data-testid="approximate-note">
              Lines marked “approximate” were recognised by the built-in speech recogniser: their words may
              differ from what you said, and they count for less in the evaluation.
            </p>
          ) : null}
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
