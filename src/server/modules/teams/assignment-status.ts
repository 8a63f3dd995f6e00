// The status of one member's assignment, computed from their calls rather than stored, so it can
// never drift from what happened. Only an evaluated call (numeric scores) counts toward a score;
// a call at or above the target (any evaluated call when there is none) passes a scenario; a
// track passes when each of its scenarios does.
import type { AssignmentStatus } from '../../../shared/contracts/teams.js';
import { roundScore } from '../../../shared/domain/evaluation-display.js';
import { callAverageScore } from '../../../shared/domain/score-averages.js';

export type CallForAssignment = { interviewerId: number; startTime: Date; evaluation: unknown };

export function assignmentStatusOf(
  scenarioIds: readonly number[],
  since: Date,
  targetScore: number | null,
  calls: readonly CallForAssignment[],
): { status: AssignmentStatus; bestScore: number | null } {
  const relevant = calls.filter((c) => scenarioIds.includes(c.interviewerId) && c.startTime >= since);
  if (relevant.length === 0) return { status: 'not_started', bestScore: null };
  const best = new Map<number, number>();
  for (const call of relevant) {
    const score = callAverageScore(call.evaluation);
    if (score === null) continue;
    best.set(call.interviewerId, Math.max(best.get(call.interviewerId) ?? 0, score));
  }
  const bests = scenarioIds.map((id) => best.get(id));
  const scored = bests.filter((s): s is number => s !== undefined);
  const bestScore = scored.length ? roundScore(scored.reduce((a, b) => a + b, 0) / scored.length) : null;
  const passed = bests.every((s) => s !== undefined && (targetScore === null || s >= targetScore));
  return { status: passed && scenarioIds.length > 0 ? 'passed' : 'in_progress', bestScore };
}
