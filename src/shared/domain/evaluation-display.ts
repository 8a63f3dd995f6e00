// Turns any stored evaluation into one shape for display: the spec allows a list of criteria, an
// object holding a criteria list, or the error form { error, message } (core-experience §3, §4).
// Older or hand-made records may carry criteriaId instead of name, scores as strings or outside
// 0–10; all are normalised here so the dashboard, call results and All Calls agree.
import { type Deal, type SpeechAnalytics, speechAnalytics } from '../contracts/evaluation.js';
import { dealOf } from './deal.js';
import { SCORE_MAX, SCORE_MIN } from './limits.js';

/** Texts of the placeholder criterion shown when evaluation failed (spec: core-experience §4). */
export const EVALUATION_PLACEHOLDER = {
  name: 'Evaluation',
  unableToEvaluate: 'Unable to evaluate the interview.',
  endedWithError: 'The interview ended with an error.',
  couldNotEvaluate: 'The interview could not be evaluated due to an error.',
} as const;

/**
 * A score to one decimal, halves up: the mean of 8.2, 6.6, 3.0 and 6.8 is 6.15, which floating point
 * holds as 6.1499999999999995 and plain rounding showed as 6.1.
 */
export const roundScore = (n: number): number => Math.round(n * 10 + 1e-9) / 10;

/** Scores are clamped to 0–10 and kept to one decimal everywhere (model and built-in alike). */
export function normaliseScore(score: unknown): number | null {
  const n = typeof score === 'string' && score.trim() !== '' ? Number(score) : score;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  return roundScore(Math.min(SCORE_MAX, Math.max(SCORE_MIN, n)));
}

/** The mean of the given scores to one decimal, or null when there are none. */
export function averageScore(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  return roundScore(scores.reduce((a, b) => a + b, 0) / scores.length);
}

export type DisplayCriterion = { name: string; score: number | null; feedback: string; rationale?: string };

export type EvaluationDisplay =
  | {
      kind: 'scored';
      criteria: DisplayCriterion[];
      overallScore: number | null;
      analytics?: SpeechAnalytics;
      /** what the call's bargaining came to (decision 025) */
      deal?: Deal;
      evaluator?: string;
    }
  | { kind: 'failed'; criteria: DisplayCriterion[]; message: string; analytics?: SpeechAnalytics }
  | { kind: 'empty' }
  | { kind: 'unrecognized' };

/** The criteria list of either stored form (a list, or `{ criteria: [] }`), else null. */
function criteriaListOf(evaluation: unknown): unknown[] | null {
  if (Array.isArray(evaluation)) return evaluation;
  const criteria = (evaluation as { criteria?: unknown } | null)?.criteria;
  return Array.isArray(criteria) ? criteria : null;
}

/** One decimal, as scores are shown. */
export const formatScore = (score: number): string => roundScore(score).toFixed(1);

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function criterionName(item: Record<string, unknown>, index: number): string {
  const name = text(item.name).trim() || text(item.criterion).trim();
  if (name) return name;
  const id = item.criteriaId ?? item.criterionId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `Criterion ${index + 1}`;
}

/** The placeholder criterion of a failed evaluation; the message says what went wrong. */
export function placeholderCriteria(message?: string): DisplayCriterion[] {
  return [
    {
      name: EVALUATION_PLACEHOLDER.name,
      score: 0,
      feedback: EVALUATION_PLACEHOLDER.unableToEvaluate,
      rationale: message?.trim() ? message.trim() : EVALUATION_PLACEHOLDER.couldNotEvaluate,
    },
  ];
}

function analyticsOf(evaluation: unknown): SpeechAnalytics | undefined {
  if (!evaluation || typeof evaluation !== 'object') return undefined;
  const parsed = speechAnalytics.safeParse((evaluation as { analytics?: unknown }).analytics);
  return parsed.success ? parsed.data : undefined;
}

export function toEvaluationDisplay(evaluation: unknown): EvaluationDisplay {
  if (evaluation === null || evaluation === undefined || evaluation === '') return { kind: 'empty' };
  if (typeof evaluation === 'object' && !Array.isArray(evaluation) && 'error' in evaluation) {
    const e = evaluation as { error?: unknown; message?: unknown };
    const message = text(e.message) || text(e.error) || EVALUATION_PLACEHOLDER.couldNotEvaluate;
    return {
      kind: 'failed',
      criteria: placeholderCriteria(message),
      message,
      analytics: analyticsOf(evaluation),
    };
  }
  const list = typeof evaluation === 'object' ? criteriaListOf(evaluation) : null;
  if (list === null) return { kind: 'unrecognized' };
  if (list.length === 0) return { kind: 'empty' };
  const criteria = list
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item, i) => ({
      name: criterionName(item, i),
      score: normaliseScore(item.score),
      feedback: text(item.feedback),
      rationale: text(item.rationale) || undefined,
    }));
  if (criteria.length === 0) return { kind: 'unrecognized' };
  const e = evaluation as { evaluator?: unknown };
  return {
    kind: 'scored',
    criteria,
    overallScore: averageScore(criteria.map((c) => c.score).filter((s): s is number => s !== null)),
    analytics: analyticsOf(evaluation),
    deal: dealOf(evaluation),
    evaluator: Array.isArray(evaluation) ? undefined : text(e.evaluator) || undefined,
  };
}
