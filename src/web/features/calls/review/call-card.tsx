// One past call as an expandable card, shared by the dashboard and All Calls (spec §2, §4):
// collapsed it shows scenario, call type, date and score; expanded it holds the recording, the
// transcript (lines seek the recording), the evaluation and the ratings, and a Done button.
import type { Interview, ListedInterview } from '@shared/contracts/calls';
import { callAverageScore, evaluationCriteriaList, formatScore } from '@shared/domain/score-averages';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { EvaluationView } from '@/components/evaluation/evaluation-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { AudioPlayer } from './audio-player';
import { callSeconds, useCallPlayback, useWholeCall } from './call-playback';
import { RatingBlock, ratingLabel } from './rating-block';
import { canReEvaluate, ReEvaluateButton } from './re-evaluate-button';
import { TranscriptView } from './transcript-view';

export type CallCardProps = {
  interview: ListedInterview & { userName?: string; userEmail?: string };
  expanded: boolean;
  onToggle: () => void;
  /** the owner rates; an admin reviewing someone else's call sees the ratings read-only */
  ratingMode: 'edit' | 'view';
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function duration(start: string, end: string | null): string | null {
  const seconds = callSeconds(start, end);
  if (seconds === null) return null;
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** Ratings apply to completed calls whose evaluation is not empty (spec §4). */
export function canRate(i: Pick<Interview, 'endTime' | 'evaluation'>): boolean {
  if (!i.endTime || i.evaluation === null || i.evaluation === undefined) return false;
  const list = evaluationCriteriaList(i.evaluation);
  return list === null
    ? typeof i.evaluation === 'object' && Object.keys(i.evaluation).length > 0
    : list.length > 0;
}

function ExpandedCall({
  interview: listed,
  ratingMode,
  onDone,
}: {
  interview: ListedInterview;
  ratingMode: 'edit' | 'view';
  onDone: () => void;
}) {
  const { interview, loading, failed, retry } = useWholeCall(listed);
  const playback = useCallPlayback(interview);
  const interviewerName = interview.interviewerName ?? 'Interviewer';

  return (
    <div className="space-y-6 border-t pt-4">
      <section className="space-y-2">
        <h3 className="font-semibold">Recording</h3>
        <AudioPlayer {...playback.player} />
      </section>
      <section className="space-y-2">
        <h3 className="font-semibold">Transcript</h3>
        {loading ? (
          <p className="text-muted-foreground text-sm" role="status">
            Loading the transcript…
          </p>
        ) : failed ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-destructive text-sm" role="alert">
              The transcript could not be loaded.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={retry}>
              Try again
            </Button>
          </div>
        ) : (
          <TranscriptView {...playback.transcript} interviewerName={interviewerName} />
        )}
      </section>
      <section className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold">Evaluation</h3>
          {canReEvaluate(interview) && <ReEvaluateButton interview={interview} />}
        </div>
        <EvaluationView evaluation={interview.evaluation} />
      </section>
      {canRate(interview) && <RatingBlock interview={interview} readOnly={ratingMode === 'view'} />}
      <div className="flex justify-end">
        <Button type="button" variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

export function CallCard({ interview, expanded, onToggle, ratingMode }: CallCardProps) {
  const score = callAverageScore(interview.evaluation);
  const length = duration(interview.startTime, interview.endTime);
  const regionId = `call-${interview.id}-details`;
  return (
    <Card className="py-4" data-testid="call-card" data-expanded={expanded || undefined}>
      <CardContent className="space-y-4 px-4">
        <button
          type="button"
          className="flex w-full cursor-pointer items-start justify-between gap-4 text-left"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={regionId}
        >
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold" data-testid="call-card-name">
                {interview.interviewerName ?? 'Interviewer'}
              </span>
              {interview.interviewerCallType && (
                <Badge variant="secondary">{interview.interviewerCallType}</Badge>
              )}
              {interview.endTime === null && <Badge variant="outline">Unfinished</Badge>}
            </div>
            <p className="text-muted-foreground text-sm">
              {dateFormat.format(new Date(interview.startTime))}
              {length && ` · ${length}`}
              {interview.userName &&
                ` · ${interview.userName}${interview.userEmail ? ` (${interview.userEmail})` : ''}`}
            </p>
            {/* the caller's own ratings of the call and of its evaluation, not the score beside them */}
            <p className="text-muted-foreground text-xs" data-testid="call-card-ratings">
              <span className="font-medium">
                {ratingMode === 'edit' ? 'Your ratings' : "Caller's ratings"}
              </span>
              {' — '}Call: {ratingLabel(interview.callRating)} · Evaluation:{' '}
              {ratingLabel(interview.evaluationRating)}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <span className="text-right">
              <span className="block font-bold text-lg tabular-nums" data-testid="call-card-score">
                {score === null ? '–' : formatScore(score)}
              </span>
              <span className="text-muted-foreground text-xs">overall score</span>
            </span>
            {expanded ? <ChevronUp className="size-5" /> : <ChevronDown className="size-5" />}
          </div>
        </button>
        {expanded && (
          <div id={regionId}>
            <ExpandedCall interview={interview} ratingMode={ratingMode} onDone={onToggle} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
