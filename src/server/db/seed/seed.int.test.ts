import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, resetDatabase, type TestDatabase } from '../../test-support/test-db.js';
import { interviewers, rubrics, trackScenarios, tracks } from '../schema.js';
import { seedDatabase } from './index.js';
import { PRESET_INTERVIEWERS } from './preset-interviewers.js';
import { EXAMPLE_TRACKS } from './tracks.js';

const publicDir = path.resolve(import.meta.dirname, '../../../../public');

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(() => resetDatabase(database));

describe('seed', () => {
  it('gives 10 presets and 2 tracks, with no duplicates when run twice', async () => {
    await seedDatabase(database);
    await seedDatabase(database);
    const rows = await database.db.select().from(interviewers);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.name)).size).toBe(10);
    expect(rows.every((r) => !r.isCustomScenario && !r.isArchived && r.userId === null)).toBe(true);
    expect(await database.db.select().from(rubrics)).toHaveLength(10);
    const trackRows = await database.db.select().from(tracks);
    expect(trackRows.map((t) => t.name).sort()).toEqual(EXAMPLE_TRACKS.map((t) => t.name).sort());
  });

  it('gives every preset 3–6 questions, 3–5 criteria, a fixed voice, its rubric and an existing avatar', async () => {
    await seedDatabase(database);
    const rows = await database.db.select().from(interviewers);
    for (const r of rows) {
      expect(r.sampleQuestions.length, r.name).toBeGreaterThanOrEqual(3);
      expect(r.sampleQuestions.length, r.name).toBeLessThanOrEqual(6);
      expect(r.rubricCriteria.length, r.name).toBeGreaterThanOrEqual(3);
      expect(r.rubricCriteria.length, r.name).toBeLessThanOrEqual(5);
      expect(
        r.rubricCriteria.every((c) => c.name.trim() && c.description.trim()),
        r.name,
      ).toBe(true);
      expect(['michael', 'sarah']).toContain(r.voiceId);
      expect(r.systemPrompt.length, r.name).toBeGreaterThan(200);
      expect(r.welcomeMessage, r.name).not.toBe('');
      expect(r.rubricId, r.name).not.toBeNull();
      expect(r.avatar).toMatch(/^\/avatars\/[a-z-]+\.svg$/);
      expect(fs.existsSync(path.join(publicDir, r.avatar)), r.avatar).toBe(true);
    }
    expect(new Set(rows.map((r) => r.avatar)).size).toBe(10);
    expect(new Set(rows.map((r) => r.callType)).size).toBeGreaterThanOrEqual(7);
  });

  it('builds each track from the presets in order', async () => {
    await seedDatabase(database);
    await seedDatabase(database);
    for (const t of EXAMPLE_TRACKS) {
      const [track] = await database.db.select().from(tracks).where(eq(tracks.name, t.name));
      const steps = await database.db
        .select({ name: interviewers.name, order: trackScenarios.sequenceOrder })
        .from(trackScenarios)
        .innerJoin(interviewers, eq(interviewers.id, trackScenarios.interviewerId))
        .where(eq(trackScenarios.trackId, track.id))
        .orderBy(asc(trackScenarios.sequenceOrder));
      expect(steps.map((s) => s.name)).toEqual(t.scenarios);
      expect(steps.map((s) => s.order)).toEqual(t.scenarios.map((_, i) => i + 1));
    }
  });

  it("keeps an admin's edits, renames and archiving across restarts", async () => {
    await seedDatabase(database);
    const first = PRESET_INTERVIEWERS[0];
    await database.db
      .update(interviewers)
      .set({ name: 'Renamed Persona', isArchived: true, archivedAt: new Date() })
      .where(eq(interviewers.name, first.name));
    await database.db
      .update(tracks)
      .set({ name: 'Renamed Track' })
      .where(eq(tracks.name, EXAMPLE_TRACKS[0].name));
    await seedDatabase(database);
    const rows = await database.db.select().from(interviewers);
    expect(rows).toHaveLength(10);
    expect(rows.find((r) => r.name === 'Renamed Persona')?.isArchived).toBe(true);
    expect(rows.some((r) => r.name === first.name)).toBe(false);
    expect(await database.db.select().from(tracks)).toHaveLength(2);
  });

  it('adopts presets of a database seeded before the seed record existed, by name', async () => {
    await seedDatabase(database);
    await database.exec(`delete from app_settings where key like 'seed.%'`);
    await seedDatabase(database);
    expect(await database.db.select().from(interviewers)).toHaveLength(10);
    expect(await database.db.select().from(tracks)).toHaveLength(2);
  });
});
