// A user's progress on a track, computed from their calls on its scenarios since they joined (or
// last reset). An attempt is an ended call; only an evaluated call (numeric scores) gives a score,
// so a failed evaluation counts as an attempt but never as a score. A scenario is done once it has
// an average score; the track is complete when every scenario is done.

import { roundScore } from '../../../shared/domain/evaluation-display.js';
import { callAverageScore } from '../../../shared/domain/score-averages.js';

export type TrackCall = { trackScenarioId: number; ended: boolean; evaluation: unknown };

export type ComputedProgress = {
  attempts: Record<string, number>;
  averageScores: Record<string, number>;
  bestScores: Record<string, number>;
  percentComplete: number;
  complete: boolean;
};

const round1 = roundScore;

export function computeTrackProgress(
  scenarioIds: readonly number[],
  calls: readonly TrackCall[],
): ComputedProgress {
  const attempts: Record<string, number> = {};
  const averageScores: Record<string, number> = {};
  const bestScores: Record<string, number> = {};
  for (const id of scenarioIds) {
    const mine = calls.filter((c) => c.trackScenarioId === id);
    const tries = mine.filter((c) => c.ended).length;
    if (tries > 0) attempts[id] = tries;
    const scores = mine.map((c) => callAverageScore(c.evaluation)).filter((s): s is number => s !== null);
    if (scores.length > 0) {
      averageScores[id] = round1(scores.reduce((a, b) => a + b, 0) / scores.length);
      bestScores[id] = round1(Math.max(...scores));
    }
  }
  const done = scenarioIds.filter((id) => averageScores[id] !== undefined).length;
  const percentComplete = scenarioIds.length ? Math.round((done / scenarioIds.length) * 100) : 0;
  return {
    attempts,
    averageScores,
    bestScores,
    percentComplete,
    complete: scenarioIds.length > 0 && done === scenarioIds.length,
  };
}

export { unlockedScenarioIds } from '../../../shared/domain/track-unlock.js';
