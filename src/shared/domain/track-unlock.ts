// The one rule for which scenarios of a track a member may start: the first always; each next one
// once every scenario before it has an average score. The track page, the tracks list and the
// server's call start (modules/tracks/scenario-gate.ts) all use it.

/** The ids (in track order) a member may start, given their average scores keyed by id. */
export function unlockedScenarioIds(
  orderedIds: readonly number[],
  averageScores: Readonly<Record<string, number>>,
): number[] {
  const open: number[] = [];
  for (const [i, id] of orderedIds.entries()) {
    if (i > 0 && averageScores[orderedIds[i - 1]] === undefined) break;
    open.push(id);
  }
  return open;
}

/** Whether the scenario at `index` of the ordered list is open. */
export function isScenarioUnlocked(
  orderedIds: readonly number[],
  averageScores: Readonly<Record<string, number>> | undefined,
  index: number,
): boolean {
  return unlockedScenarioIds(orderedIds, averageScores ?? {}).includes(orderedIds[index]);
}
