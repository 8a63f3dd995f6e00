// Databases for integration tests. TEST_DB=pglite (default): a fresh in-memory PGlite per test
// file, loaded from a migrated image of the data folder (.tmp/pglite-<hash>.tar, made once by the
// project's global setup: PGlite's initdb takes seconds, loading the image a fraction of that). TEST_DB=postgres: a fresh database per test file, cloned from a migrated template on the
// real server (TEST_DATABASE_URL, default the local one). resetDatabase() empties every table,
// so each test starts from a clean schema.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { forgetInterviewerLists } from '../modules/scenarios/list-cache.js';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
export const adminDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const migrationsDir = path.resolve(import.meta.dirname, '../db/migrations');

/** The template is named after the migrations it holds, so parallel runs (several developers,
 * CI) share one template and never drop it under each other; a new migration makes a new one. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const f of fs
    .readdirSync(migrationsDir)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(f).update(fs.readFileSync(path.join(migrationsDir, f)));
  }
  // a new PGlite may store its data folder differently, so its version is part of the name
  const pglite = path.resolve(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json');
  if (fs.existsSync(pglite)) hash.update(JSON.parse(fs.readFileSync(pglite, 'utf8')).version);
  return `practice_calls_tpl_${hash.digest('hex').slice(0, 12)}`;
}
export const TEMPLATE_DB = templateName();
const PGLITE_IMAGE = path.resolve(import.meta.dirname, `../../../.tmp/${TEMPLATE_DB}.pglite.tar`);

/** Vitest globalSetup for the pglite project: dump a migrated PGlite once per migration set.
 * Written under a temporary name and renamed, so a reader never loads half an image. */
export async function preparePgliteImage() {
  if (fs.existsSync(PGLITE_IMAGE)) return;
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const image = await database.dumpImage?.();
    if (!image) return;
    fs.mkdirSync(path.dirname(PGLITE_IMAGE), { recursive: true });
    const partial = `${PGLITE_IMAGE}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, PGLITE_IMAGE);
  } finally {
    await database.close();
  }
}
const TEMPLATE_LOCK_ID = 724_311_099;

const withDbName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Vitest globalSetup for the postgres project: build the migrated template once (under a lock,
 * by a temporary name renamed when complete, so nobody clones a half-migrated template). */
export async function prepareTemplate() {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    const found = await client.query('select 1 from pg_database where datname = $1', [TEMPLATE_DB]);
    if (found.rowCount) return;
    const building = `${TEMPLATE_DB}_building`;
    await client.query(`drop database if exists ${building} with (force)`);
    await client.query(`create database ${building}`);
    const database = await openDatabase({ databaseUrl: withDbName(adminDatabaseUrl, building), poolSize: 2 });
    await migrateDatabase(database);
    await database.close();
    await client.query(`alter database ${building} rename to ${TEMPLATE_DB}`);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

export type TestDatabase = Database & { drop: () => Promise<void>; url?: string };

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    if (fs.existsSync(PGLITE_IMAGE)) {
      const database = await openDatabase({ pgliteImage: new Blob([fs.readFileSync(PGLITE_IMAGE)]) });
      return { ...database, drop: () => database.close() };
    }
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { ...database, drop: () => database.close() };
  }
  const name = `practice_calls_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${TEMPLATE_DB}`);
  const url = withDbName(adminDatabaseUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 25 });
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A new, empty PostgreSQL database at TEST_DATABASE_URL's server (no migrations, unlike
 * createTestDatabase's copy of the template): its URL and how to drop it.
 */
export async function createEmptyPostgresDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return {
    url: withDbName(adminDatabaseUrl, name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

const TABLES = [
  'audit_log',
  'app_settings',
  'page_views',
  'credit_ledger',
  'purchases',
  'team_assignments',
  'team_invitations',
  'team_members',
  'teams',
  'track_achievements',
  'user_tracks',
  'voice_sessions',
  'utterances',
  'user_call_stats',
  'interviews',
  'track_scenarios',
  'tracks',
  'interviewers',
  'rubrics',
  'auth_failures',
  'sessions',
  'users',
];

export async function resetDatabase(database: Database) {
  await database.exec(`truncate table ${TABLES.join(', ')} restart identity cascade`);
  // ids restart: a list cached for user 1 of the last test must not answer user 1 of the next one
  // before the truncate's notification arrives
  forgetInterviewerLists(database.db);
}
