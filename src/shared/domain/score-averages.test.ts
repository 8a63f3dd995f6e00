import { describe, expect, it } from 'vitest';
import {
  callAverageScore,
  evaluationCriteriaList,
  formatScore,
  overallAverageScore,
} from './score-averages.js';

describe('callAverageScore', () => {
  it('averages the numeric scores of the object form', () => {
    expect(callAverageScore({ criteria: [{ score: 6 }, { score: 9 }] })).toBe(7.5);
  });
  it('averages the numeric scores of the list form and skips non-numeric ones', () => {
    expect(callAverageScore([{ score: 4 }, { score: '8' }, { name: 'x' }, { score: 8 }])).toBe(6);
  });
  it('is null when there is no numeric score', () => {
    expect(callAverageScore({ error: 'Evaluation failed', message: 'm' })).toBeNull();
    expect(callAverageScore([])).toBeNull();
    expect(callAverageScore(null)).toBeNull();
  });
});

describe('overallAverageScore', () => {
  it('counts calls without numeric scores as zero', () => {
    expect(overallAverageScore([{ criteria: [{ score: 8 }] }, { error: 'e', message: 'm' }])).toBe(4);
  });
  it('is zero with no calls', () => {
    expect(overallAverageScore([])).toBe(0);
  });
});

describe('evaluationCriteriaList and formatScore', () => {
  it('recognises only the two spec forms', () => {
    expect(evaluationCriteriaList({ foo: 1 })).toBeNull();
    expect(evaluationCriteriaList('text')).toBeNull();
    expect(evaluationCriteriaList([{ score: 1 }])).toHaveLength(1);
  });
  it('shows one decimal', () => {
    expect(formatScore(7)).toBe('7.0');
    expect(formatScore(6.66)).toBe('6.7');
  });
});
