// Seeds two example practice tracks built from the presets, once each (remembered in
// app_settings like the presets, so an admin may rename, re-order or archive them freely).
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { interviewers, trackScenarios, tracks } from '../schema.js';
import { readSeedRecord, writeSeedRecord } from './interviewers.js';

export const SEEDED_TRACKS_KEY = 'seed.exampleTracks';

export type ExampleTrack = {
  key: string;
  name: string;
  description: string;
  estimatedCompletionTime: string;
  /** preset interviewer names, in order */
  scenarios: string[];
};

export const EXAMPLE_TRACKS: ExampleTrack[] = [
  {
    key: 'product-manager-loop',
    name: 'Product Manager Interview Loop',
    description:
      'Rehearse a full product-management hiring loop: a behavioural screen, a product sense round, a strategy and execution round, and a final leadership conversation.',
    estimatedCompletionTime: '2-3 hours',
    scenarios: ['Naomi Clarke', 'Sarah Chen', 'Marcus Webb', 'Elena Petrova'],
  },
  {
    key: 'difficult-conversations',
    name: 'Difficult Conversations at Work',
    description:
      'Build confidence for the talks people put off: giving feedback, repairing a strained working relationship, calming an angry customer, asking for a promotion and negotiating terms.',
    estimatedCompletionTime: '3-4 hours',
    scenarios: ['Alex Kim', 'Dana Whitfield', 'Tom Brennan', 'Daniel Torres', 'Greg Holloway'],
  },
];

async function insertTrack(db: Db, track: ExampleTrack, interviewerIds: Map<string, number>) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tracks)
      .values({
        name: track.name,
        description: track.description,
        estimatedCompletionTime: track.estimatedCompletionTime,
      })
      .returning({ id: tracks.id });
    const wanted = track.scenarios
      .map((name) => interviewerIds.get(name))
      .filter((id): id is number => id !== undefined);
    // Only presets that still exist (ids come from the seed record).
    const found = new Set(
      wanted.length === 0
        ? []
        : (
            await tx
              .select({ id: interviewers.id })
              .from(interviewers)
              .where(inArray(interviewers.id, wanted))
          ).map((r) => r.id),
    );
    const steps = wanted.filter((id) => found.has(id));
    if (steps.length > 0) {
      await tx
        .insert(trackScenarios)
        .values(steps.map((interviewerId, i) => ({ trackId: row.id, interviewerId, sequenceOrder: i + 1 })));
    }
    return row.id;
  });
}

/** Inserts the example tracks not seeded yet (matched by name on databases seeded earlier). */
export async function seedTracks(db: Db, interviewerIds: Map<string, number>): Promise<void> {
  const seeded = await readSeedRecord(db, SEEDED_TRACKS_KEY);
  const missing = EXAMPLE_TRACKS.filter((t) => seeded[t.key] === undefined);
  if (missing.length === 0) return;
  for (const t of missing) {
    const [found] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.name, t.name));
    seeded[t.key] = found?.id ?? (await insertTrack(db, t, interviewerIds));
  }
  await writeSeedRecord(db, SEEDED_TRACKS_KEY, seeded);
}
