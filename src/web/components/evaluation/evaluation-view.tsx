// The evaluation of one call: per criterion its name, score out of 10, feedback and rationale;
// the overall average (computed here from the scores, never taken from a model); and the speech
// analytics panel. A failed evaluation shows the spec's placeholder criterion. Used by the call
// results, the dashboard and All Calls.

import type { SpeechAnalytics } from '@shared/contracts/evaluation';
import {
  type DisplayCriterion,
  EVALUATION_PLACEHOLDER,
  formatScore,
  toEvaluationDisplay,
} from '@shared/domain/evaluation-display';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { DealPanel } from './deal-panel';
import { type HeadingLevel, SpeechAnalyticsPanel } from './speech-analytics-panel';

export type EvaluationViewProps = {
  /** the stored evaluation in any spec form (list, { criteria }, { error, message }) or null */
  evaluation: unknown;
  /** hide the analytics panel (e.g. in a compact list) */
  hideAnalytics?: boolean;
  /** text when there is no evaluation */
  emptyText?: string;
  /** level of the criterion and analytics headings: one below the heading the view sits under */
  headingLevel?: HeadingLevel;
  className?: string;
};

const scoreTone = (score: number | null) =>
  score === null
    ? 'text-muted-foreground'
    : score >= 7
      ? 'text-emerald-600 dark:text-emerald-400'
      : score >= 4
        ? 'text-amber-700 dark:text-amber-400'
        : 'text-red-600 dark:text-red-400';

/** A score bar in the colour of its number: red under 4, amber under 7, green from 7. */
const barTone = (score: number) =>
  score >= 7
    ? { track: 'bg-emerald-600/20', bar: 'bg-emerald-600 dark:bg-emerald-400', tone: 'good' }
    : score >= 4
      ? { track: 'bg-amber-600/20', bar: 'bg-amber-600 dark:bg-amber-400', tone: 'fair' }
      : { track: 'bg-red-600/20', bar: 'bg-red-600 dark:bg-red-400', tone: 'poor' };

function CriterionCard({
  criterion,
  headingLevel,
}: {
  criterion: DisplayCriterion;
  headingLevel: HeadingLevel;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <li className="rounded-lg border p-4" data-testid="evaluation-criterion">
      <div className="flex items-baseline justify-between gap-3">
        <Heading className="font-semibold">{criterion.name}</Heading>
        <span className={cn('font-bold tabular-nums', scoreTone(criterion.score))}>
          {criterion.score === null ? '–' : formatScore(criterion.score)}
          <span className="font-normal text-muted-foreground text-sm">/10</span>
        </span>
      </div>
      {criterion.score !== null && (
        <Progress
          value={criterion.score * 10}
          aria-label={`${criterion.name}: ${formatScore(criterion.score)} out of 10`}
          className={cn('mt-2 h-1.5', barTone(criterion.score).track)}
          indicatorClassName={barTone(criterion.score).bar}
          data-tone={barTone(criterion.score).tone}
        />
      )}
      {criterion.feedback && <p className="mt-2 text-sm">{criterion.feedback}</p>}
      {criterion.rationale && (
        <p className="mt-2 text-muted-foreground text-sm">
          <span className="font-medium">Rationale: </span>
          {criterion.rationale}
        </p>
      )}
    </li>
  );
}

/**
 * Said above the scores when the built-in recogniser heard most of the candidate's words with low
 * confidence: the scores rest on its guesses, and the user is told what would help.
 */
function HeardNotice({ analytics }: { analytics: SpeechAnalytics }) {
  const unclear = analytics.unclearWords ?? 0;
  if (unclear === 0 || unclear * 2 < analytics.candidateWords) return null;
  return (
    <p role="note" className="rounded-lg border border-amber-600/50 p-3 text-sm" data-testid="heard-notice">
      <span className="font-medium">Much of what you said was hard to make out: </span>
      {unclear} of your {analytics.candidateWords} words were recognised with low confidence, so these scores
      rest on approximate text. Speak closer to the microphone, somewhere quieter, or type your answers.
    </p>
  );
}

export function EvaluationView({
  evaluation,
  hideAnalytics,
  emptyText = 'No evaluation available.',
  headingLevel = 4,
  className,
}: EvaluationViewProps) {
  const view = toEvaluationDisplay(evaluation);
  if (view.kind === 'empty')
    return <p className={cn('text-muted-foreground text-sm', className)}>{emptyText}</p>;
  if (view.kind === 'unrecognized')
    return <p className={cn('text-muted-foreground text-sm', className)}>Evaluation format not recognized</p>;

  return (
    <div className={cn('space-y-4', className)} data-testid="evaluation-view">
      {view.kind === 'failed' ? (
        <div role="alert" className="rounded-lg border border-destructive/50 p-3 text-sm">
          <p className="font-medium">{EVALUATION_PLACEHOLDER.endedWithError}</p>
          <p className="text-muted-foreground">{EVALUATION_PLACEHOLDER.couldNotEvaluate}</p>
        </div>
      ) : (
        view.overallScore !== null && (
          <div className="flex items-baseline gap-2">
            <span className="text-muted-foreground text-sm">Overall score</span>
            <span
              className={cn('font-bold text-2xl tabular-nums', scoreTone(view.overallScore))}
              data-testid="evaluation-overall"
            >
              {formatScore(view.overallScore)}
            </span>
            <span className="text-muted-foreground text-sm">
              /10 · average of {view.criteria.length} criteria
            </span>
          </div>
        )
      )}
      {view.analytics && <HeardNotice analytics={view.analytics} />}
      <ul className="space-y-3">
        {view.criteria.map((c, i) => (
          <CriterionCard key={`${c.name}-${i}`} criterion={c} headingLevel={headingLevel} />
        ))}
      </ul>
      {!hideAnalytics && view.kind === 'scored' && view.deal && (
        <DealPanel deal={view.deal} headingLevel={headingLevel} />
      )}
      {!hideAnalytics && view.analytics && (
        <SpeechAnalyticsPanel analytics={view.analytics} headingLevel={headingLevel} />
      )}
      {view.kind === 'scored' && view.evaluator && (
        <p className="text-muted-foreground text-xs">
          Evaluated by{' '}
          {view.evaluator === 'built-in'
            ? 'the built-in evaluator'
            : view.evaluator.replace(/^model:/, 'model ')}
          .
        </p>
      )}
    </div>
  );
}
