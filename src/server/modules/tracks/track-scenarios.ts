// A track's list of scenarios as an admin writes it: which scenarios may be added, and storing the
// new order while keeping the rows of scenarios that stay (calls point at them).
import { eq, inArray } from 'drizzle-orm';
import type { TrackWriteRequest } from '../../../shared/contracts/tracks.js';
import { trackMessages } from '../../../shared/contracts/tracks.js';
import type { DbOrTx } from '../../db/client.js';
import { interviewers, trackScenarios } from '../../db/schema.js';
import { invalid } from '../../errors.js';

/** Every scenario must exist, be live, and be one every member can start (not a user's own). */
export async function checkScenarios(db: DbOrTx, scenarios: { interviewerId: number }[]) {
  const ids = [...new Set(scenarios.map((s) => s.interviewerId))];
  if (ids.length === 0) return;
  const found = await db
    .select({
      id: interviewers.id,
      isArchived: interviewers.isArchived,
      isCustom: interviewers.isCustomScenario,
    })
    .from(interviewers)
    .where(inArray(interviewers.id, ids));
  if (found.length !== ids.length) throw invalid(trackMessages.unknownScenario);
  if (found.some((f) => f.isArchived)) throw invalid(trackMessages.archivedScenario);
  // a custom scenario is its author's alone: listed in a track, its name would show to every user
  // and no one else could start it
  if (found.some((f) => f.isCustom)) throw invalid(trackMessages.customScenario);
}

export async function replaceScenarios(
  db: DbOrTx,
  trackId: number,
  scenarios: TrackWriteRequest['scenarios'],
) {
  if (!scenarios) return;
  // Keep the rows of scenarios that stay (calls point at them); add new ones; drop the rest.
  const existing = await db.select().from(trackScenarios).where(eq(trackScenarios.trackId, trackId));
  const sorted = [...scenarios].sort((a, b) => a.sequenceOrder - b.sequenceOrder);
  const kept = new Set<number>();
  for (const [index, s] of sorted.entries()) {
    const reuse = existing.find((e) => e.interviewerId === s.interviewerId && !kept.has(e.id));
    if (reuse) {
      kept.add(reuse.id);
      await db
        .update(trackScenarios)
        .set({ sequenceOrder: index + 1 })
        .where(eq(trackScenarios.id, reuse.id));
    } else {
      const [row] = await db
        .insert(trackScenarios)
        .values({ trackId, interviewerId: s.interviewerId, sequenceOrder: index + 1 })
        .returning({ id: trackScenarios.id });
      kept.add(row.id);
    }
  }
  const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
  if (gone.length) await db.delete(trackScenarios).where(inArray(trackScenarios.id, gone));
}
