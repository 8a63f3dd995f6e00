// Seeds the preset interviewers. A preset is inserted once: the slugs already seeded are
// remembered in app_settings, so an admin's later edits, renames and archiving survive every
// restart, and a preset is never duplicated. Databases seeded before that record existed are
// matched by name.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { appSettings, interviewers, rubrics } from '../schema.js';
import { PRESET_INTERVIEWERS, type PresetInterviewer } from './preset-interviewers.js';

export const SEEDED_PRESETS_KEY = 'seed.presetInterviewers';

export const avatarPath = (slug: string) => `/avatars/${slug}.svg`;

/** slug → interviewer id of every preset seeded so far. */
export async function readSeedRecord(db: Db, key: string): Promise<Record<string, number>> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return (row?.value as Record<string, number> | undefined) ?? {};
}

export async function writeSeedRecord(db: Db, key: string, value: Record<string, number>) {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

async function insertPreset(db: Db, p: PresetInterviewer): Promise<number> {
  return db.transaction(async (tx) => {
    const [rubric] = await tx
      .insert(rubrics)
      .values({ name: p.rubricName, criteria: p.rubricCriteria, isCustom: false })
      .returning({ id: rubrics.id });
    const [row] = await tx
      .insert(interviewers)
      .values({
        name: p.name,
        role: p.role,
        company: p.company,
        avatar: avatarPath(p.slug),
        bio: p.bio,
        voiceId: p.voiceId,
        sampleQuestions: p.sampleQuestions,
        callType: p.callType,
        systemPrompt: p.systemPrompt,
        welcomeMessage: p.welcomeMessage,
        rubricId: rubric.id,
        rubricName: p.rubricName,
        rubricCriteria: p.rubricCriteria,
        isCustomScenario: false,
      })
      .returning({ id: interviewers.id });
    return row.id;
  });
}

/** Inserts the presets not seeded yet and answers the preset ids by preset name. */
export async function seedInterviewers(db: Db): Promise<Map<string, number>> {
  const seeded = await readSeedRecord(db, SEEDED_PRESETS_KEY);
  const missing = PRESET_INTERVIEWERS.filter((p) => seeded[p.slug] === undefined);
  if (missing.length > 0) {
    const existing = await db
      .select({ id: interviewers.id, name: interviewers.name })
      .from(interviewers)
      .where(
        and(
          eq(interviewers.isCustomScenario, false),
          inArray(
            interviewers.name,
            missing.map((p) => p.name),
          ),
        ),
      );
    for (const p of missing) {
      seeded[p.slug] = existing.find((e) => e.name === p.name)?.id ?? (await insertPreset(db, p));
    }
    await writeSeedRecord(db, SEEDED_PRESETS_KEY, seeded);
  }
  return new Map(PRESET_INTERVIEWERS.map((p) => [p.name, seeded[p.slug]]));
}
