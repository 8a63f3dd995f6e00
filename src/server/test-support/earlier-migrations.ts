// Testing a migration on data written before it: an empty database (not the migrated template the
// other tests start from), the migrations as they stood before one, and the migrator run on a folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import { createEmptyPostgresDatabase, testDbKind } from './test-db.js';

/** A database of its own, empty, on the kind of database the test project runs on. */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDbKind === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase('practice_calls_backfill');
  const database = await openDatabase({ databaseUrl: empty.url, poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * Runs `test` on an empty database migrated as far as the migrations before `tag` (e.g. '0013'),
 * as an install had it before that migration; then drops the database.
 */
export async function onDatabaseBefore(tag: string, test: (database: Database) => Promise<void>) {
  const before = migrationsBefore(tag);
  const { database, drop } = await emptyDatabase();
  try {
    await migrateFrom(database, before.folder);
    await test(database);
  } finally {
    await drop();
    before.remove();
  }
}

/** A copy of the migrations folder holding those before `tag` (e.g. '0013'); `remove` deletes it. */
function migrationsBefore(tag: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-before-${tag}-`));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Runs the migrations in `folder` (default: all of them) on the database. */
export async function migrateFrom(database: Database, folder = migrationsFolder) {
  const { migrate } =
    database.kind === 'pglite'
      ? await import('drizzle-orm/pglite/migrator')
      : await import('drizzle-orm/node-postgres/migrator');
  // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
  await migrate(database.db as any, { migrationsFolder: folder });
}
