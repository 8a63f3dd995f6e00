import { describe, expect, it } from 'vitest';
import {
  averageScore,
  EVALUATION_PLACEHOLDER,
  formatScore,
  normaliseScore,
  toEvaluationDisplay,
} from './evaluation-display.js';

describe('evaluation display', () => {
  it('reads both stored forms, a list and { criteria }, with criteriaId when there is no name', () => {
    const list = [
      { name: 'Communication', score: 8, feedback: 'Clear', rationale: 'Because' },
      { criteriaId: 'problem-solving', score: 6, feedback: 'OK' },
    ];
    const fromList = toEvaluationDisplay(list);
    expect(fromList).toEqual({
      kind: 'scored',
      criteria: [
        { name: 'Communication', score: 8, feedback: 'Clear', rationale: 'Because' },
        { name: 'problem-solving', score: 6, feedback: 'OK', rationale: undefined },
      ],
      overallScore: 7,
      analytics: undefined,
      evaluator: undefined,
    });
    expect(toEvaluationDisplay({ criteria: list, evaluator: 'built-in' })).toMatchObject({
      kind: 'scored',
      overallScore: 7,
      evaluator: 'built-in',
    });
  });

  it('clamps scores to 0–10, keeps one decimal, reads numeric strings, and computes the average itself', () => {
    expect(normaliseScore(12)).toBe(10);
    expect(normaliseScore(-3)).toBe(0);
    expect(normaliseScore(7.46)).toBe(7.5);
    expect(normaliseScore('6')).toBe(6);
    expect(normaliseScore('abc')).toBeNull();
    expect(normaliseScore(Number.NaN)).toBeNull();
    expect(averageScore([7, 8, 8])).toBe(7.7);
    // a half rounds up, whatever floating point makes of it (8.2, 6.6, 3.0, 6.8: 6.1499999999999995)
    expect(averageScore([8.2, 6.6, 3.0, 6.8])).toBe(6.2);
    expect(formatScore((8.2 + 6.6 + 3.0 + 6.8) / 4)).toBe('6.2');
    expect(formatScore(6.14)).toBe('6.1');
    expect(averageScore([])).toBeNull();
    const view = toEvaluationDisplay({
      criteria: [
        { name: 'A', score: 15 },
        { name: 'B', score: 'n/a' },
      ],
      overallScore: 99,
    });
    expect(view).toMatchObject({
      kind: 'scored',
      overallScore: 10,
      criteria: [{ score: 10 }, { score: null }],
    });
  });

  it("turns the spec's error form into the single placeholder criterion scored 0", () => {
    expect(toEvaluationDisplay({ error: 'Evaluation failed', message: 'The model did not answer.' })).toEqual(
      {
        kind: 'failed',
        message: 'The model did not answer.',
        analytics: undefined,
        criteria: [
          {
            name: EVALUATION_PLACEHOLDER.name,
            score: 0,
            feedback: 'Unable to evaluate the interview.',
            rationale: 'The model did not answer.',
          },
        ],
      },
    );
  });

  it('tells an absent evaluation from one in an unknown format', () => {
    expect(toEvaluationDisplay(null)).toEqual({ kind: 'empty' });
    expect(toEvaluationDisplay([])).toEqual({ kind: 'empty' });
    expect(toEvaluationDisplay({ criteria: [] })).toEqual({ kind: 'empty' });
    expect(toEvaluationDisplay('great call')).toEqual({ kind: 'unrecognized' });
    expect(toEvaluationDisplay({ scores: [1, 2] })).toEqual({ kind: 'unrecognized' });
    expect(toEvaluationDisplay([1, 2])).toEqual({ kind: 'unrecognized' });
  });
});
