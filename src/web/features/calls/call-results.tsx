// Step 5 of a call: the evaluation, the recording and the transcript, with Done back home
// (spec: core-experience §2 "Evaluation Results").

import type { Interview } from '@shared/contracts/calls';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { EvaluationView } from '@/components/evaluation/evaluation-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AudioPlayer, type AudioPlayerHandle } from '@/features/calls/review/audio-player';
import { callSeconds } from '@/features/calls/review/call-card';
import { INTERVIEWS_QUERY_ROOT } from '@/features/calls/review/rating-block';
import { canReEvaluate, ReEvaluateButton } from '@/features/calls/review/re-evaluate-button';
import { TranscriptView } from '@/features/calls/review/transcript-view';
import { api } from '@/lib/api-client';
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
  // the stored lines (with which of them the built-in recogniser heard) when the call has them
  const utterances = useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'utterances', interview.id],
    queryFn: () => api.get('/api/interviews/:id/utterances', { params: { id: interview.id } }),
    enabled: Boolean(interview.conversationId),
  });
  const player = useRef<AudioPlayerHandle>(null);
  const [positionMs, setPositionMs] = useState<number | null>(null);
  const seekable = Boolean(interview.conversationId) && (utterances.data?.length ?? 0) > 0;
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
          <AudioPlayer
            ref={player}
            conversationId={interview.conversationId}
            durationHint={callSeconds(interview.startTime, interview.endTime)}
            onPositionChange={setPositionMs}
          />
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
            <TranscriptView
              transcript={interview.transcript}
              interviewerName={interviewerName}
              utterances={utterances.data}
              positionMs={positionMs}
              onSeek={seekable ? (ms) => player.current?.seekTo(ms / 1000) : undefined}
            />
          </section>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
