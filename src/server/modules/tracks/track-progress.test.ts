import { describe, expect, it } from 'vitest';
import { computeTrackProgress, unlockedScenarioIds } from './track-progress.js';

const evaluated = (trackScenarioId: number, ...scores: number[]) => ({
  trackScenarioId,
  ended: true,
  evaluation: { criteria: scores.map((score) => ({ name: 'c', score, feedback: '' })) },
});

describe('computeTrackProgress', () => {
  it('counts attempts, averages and bests per scenario; a failed evaluation is an attempt, not a score', () => {
    const p = computeTrackProgress(
      [10, 11, 12],
      [
        evaluated(10, 6, 8),
        evaluated(10, 9, 9),
        { trackScenarioId: 11, ended: true, evaluation: { error: 'x', message: 'y' } },
        { trackScenarioId: 12, ended: false, evaluation: null },
      ],
    );
    expect(p.attempts).toEqual({ 10: 2, 11: 1 });
    expect(p.averageScores).toEqual({ 10: 8 });
    expect(p.bestScores).toEqual({ 10: 9 });
    expect(p.percentComplete).toBe(33);
    expect(p.complete).toBe(false);
  });

  it('is complete when every scenario has a score', () => {
    const p = computeTrackProgress([1, 2], [evaluated(1, 5), evaluated(2, 0)]);
    expect(p).toMatchObject({ percentComplete: 100, complete: true });
  });

  it('an empty track is never complete', () => {
    expect(computeTrackProgress([], []).complete).toBe(false);
  });
});

describe('unlockedScenarioIds', () => {
  it('opens the first scenario, then each one whose predecessor has an average score', () => {
    expect(unlockedScenarioIds([1, 2, 3], {})).toEqual([1]);
    expect(unlockedScenarioIds([1, 2, 3], { 1: 4 })).toEqual([1, 2]);
    expect(unlockedScenarioIds([1, 2, 3], { 1: 4, 2: 7 })).toEqual([1, 2, 3]);
    expect(unlockedScenarioIds([1, 2, 3], { 2: 7 })).toEqual([1]);
  });
});
