// Score figures of the dashboard (spec: core-experience §9). A call's average is the mean of its
// numeric criterion scores; the overall average is the mean across completed calls, where a call
// without any numeric score counts as zero. The server computes the same figures in SQL
// (interviews/find-interviews.ts); tests hold the two together.
import { roundScore } from './evaluation-display.js';

/** The criteria list of an evaluation stored in either spec form (a list, or `{ criteria: [] }`). */
export function evaluationCriteriaList(evaluation: unknown): unknown[] | null {
  if (Array.isArray(evaluation)) return evaluation;
  if (evaluation && typeof evaluation === 'object') {
    const criteria = (evaluation as { criteria?: unknown }).criteria;
    if (Array.isArray(criteria)) return criteria;
  }
  return null;
}

const numericScore = (item: unknown): number | null => {
  if (!item || typeof item !== 'object') return null;
  const score = (item as { score?: unknown }).score;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
};

/** Mean of the numeric scores of one evaluation, or null when it has none. */
export function callAverageScore(evaluation: unknown): number | null {
  const scores = (evaluationCriteriaList(evaluation) ?? [])
    .map(numericScore)
    .filter((s): s is number => s !== null);
  if (scores.length === 0) return null;
  return scores.reduce((a, b) => a + b, 0) / scores.length;
}

/** Mean over calls of their average score, a call without numeric scores counting as zero. */
export function overallAverageScore(evaluations: readonly unknown[]): number {
  if (evaluations.length === 0) return 0;
  const total = evaluations.reduce<number>((sum, e) => sum + (callAverageScore(e) ?? 0), 0);
  return total / evaluations.length;
}

/** One decimal, as the dashboard shows scores. */
export const formatScore = (score: number): string => roundScore(score).toFixed(1);
