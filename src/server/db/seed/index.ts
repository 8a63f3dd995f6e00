// Idempotent seed: preset interviewers and example tracks. Safe to run at every start and from
// two servers at once (advisory lock + upsert by name).
import type { Database } from '../client.js';
import { withAdvisoryLock } from '../migrate.js';
import { seedInterviewers } from './interviewers.js';
import { seedTracks } from './tracks.js';

const SEED_LOCK_ID = 724_311_002;

export async function seedDatabase(database: Database): Promise<void> {
  await withAdvisoryLock(database, SEED_LOCK_ID, async () => {
    const ids = await seedInterviewers(database.db);
    await seedTracks(database.db, ids);
  });
}
