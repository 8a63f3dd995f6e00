// Applies drizzle-kit's SQL migrations at start-up. On a shared PostgreSQL an advisory lock makes
// two servers starting at the same moment take turns instead of racing.
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK_ID = 724_311_001;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await withAdvisoryLock(database, MIGRATION_LOCK_ID, async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
      await migrate(database.db as any, { migrationsFolder });
    });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await withAdvisoryLock(database, MIGRATION_LOCK_ID, async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migrate(database.db as any, { migrationsFolder });
  });
}

/** lock id → the tail of its queue, per embedded database (PGlite lives in one process) */
const localLocks = new WeakMap<Database['db'], Map<number, Promise<unknown>>>();

/** Runs fn while holding a session-level advisory lock (postgres) inside one transaction; on
 * PGlite, callers in this process sharing the database take turns the same way. */
export async function withAdvisoryLock<T>(
  database: Database,
  lockId: number,
  fn: () => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') {
    const locks = localLocks.get(database.db) ?? new Map<number, Promise<unknown>>();
    localLocks.set(database.db, locks);
    const run = (locks.get(lockId) ?? Promise.resolve()).catch(() => {}).then(fn);
    locks.set(lockId, run);
    return run;
  }
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`);
    return fn();
  });
}
