// Testing a migration on data written before it: an empty database (not the migrated template the
// other tests start from), the migrations as they stood before one, and the migrator run on a folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import { adminDatabaseUrl, testDbKind } from './test-db.js';

/** A database of its own, empty, on the kind of database the test project runs on. */
export async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDbKind === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `practice_calls_backfill_${process.pid}_${Date.now()}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A copy of the migrations folder holding those before `tag` (e.g. '0013'); `remove` deletes it. */
export function migrationsBefore(tag: string) {
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
