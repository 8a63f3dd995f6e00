// Moves a data folder's PGlite database (DATA_DIR/pglite, the embedded engine before decision 017)
// into the embedded PostgreSQL (DATA_DIR/postgres), so an existing install gets the smaller server
// and the database off its event loop without losing anything. Both are brought to the same
// migrations, then every table of the public schema is copied row for row (as JSON, in one
// transaction, with triggers and foreign-key checks off while it loads) and every sequence is set
// where it was. The new folder is built beside (postgres.moving) and renamed into place only once
// each table's row count matches; the PGlite folder is then renamed to pglite.moved-<time> and kept.
// A failure says which side of that rename it came: before, nothing was moved; after, the data is in
// DATA_DIR/postgres (which the server then opens) and the PGlite folder is still where it was.
// The caller holds the DATA_DIR lock (no server may run on the folder meanwhile).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from './client.js';
import { embeddedDirs } from './embedded.js';
import {
  type EmbeddedPostgres,
  findBinaries,
  runAsUser,
  startEmbeddedPostgres,
} from './embedded-postgres.js';
import { migrateDatabase } from './migrate.js';
import { sqlRows } from './sql-rows.js';

export type MoveReport = { tables: { name: string; rows: number }[]; sequences: number; keptAt: string };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rows<T>(database: Database, query: string): Promise<T[]> {
  return sqlRows<T>(await database.db.execute(sql.raw(query)));
}

/**
 * The move failed; the message says in what state it left the data folder (nothing moved, or the
 * data moved but the old PGlite folder still in its place) and what to do.
 */
export class MoveFailedError extends Error {}

export type MoveOptions = {
  /** a line per table copied */
  log?: (line: string) => void;
  /** renames a folder (fs.renameSync; tests make one rename fail) */
  rename?: (from: string, to: string) => void;
};

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function moveToEmbeddedPostgres(dataDir: string, opts: MoveOptions = {}): Promise<MoveReport> {
  const rename = opts.rename ?? fs.renameSync;
  const dirs = embeddedDirs(dataDir);
  if (!fs.existsSync(path.join(dirs.pglite, 'PG_VERSION')))
    throw new MoveFailedError(`Nothing was moved: there is no PGlite database in ${dirs.pglite}.`);
  if (fs.existsSync(path.join(dirs.postgres, 'PG_VERSION')))
    throw new MoveFailedError(
      `Nothing was moved: ${dirs.postgres} already holds a database (the one the server opens), and nothing is moved over it.`,
    );
  const moving = `${dirs.postgres}.moving`;
  let report: Omit<MoveReport, 'keptAt'>;
  try {
    report = await copyIntoNewFolder(dirs, moving, opts.log ?? (() => {}));
    rename(moving, dirs.postgres);
  } catch (err) {
    // the half-made copy goes; the PGlite folder was only read (and brought to the current
    // migrations, as the server's start would have)
    for (const scratch of [moving, `${moving}.initdb`])
      try {
        fs.rmSync(scratch, { recursive: true, force: true });
      } catch {
        // the next move removes it first
      }
    throw new MoveFailedError(
      `Nothing was moved: ${reason(err)}. The server still opens the PGlite database in ${dirs.pglite}.`,
    );
  }
  const keptAt = `${dirs.pglite}.moved-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    rename(dirs.pglite, keptAt);
  } catch (err) {
    throw new MoveFailedError(
      `The data was moved: ${dirs.postgres} holds it, every count checked, and the server opens it from now on. ` +
        `But the old PGlite folder could not be renamed to ${keptAt} (${reason(err)}), so it is still at ${dirs.pglite}, unused. ` +
        `Move it aside by hand (mv '${dirs.pglite}' '${keptAt}'), or delete it once you are satisfied.`,
    );
  }
  return { ...report, keptAt };
}

/** Copies DATA_DIR/pglite into a new embedded PostgreSQL folder at `moving` (stopped when it returns). */
async function copyIntoNewFolder(
  dirs: ReturnType<typeof embeddedDirs>,
  moving: string,
  log: (line: string) => void,
) {
  const bins = await findBinaries();
  const runAs = runAsUser();
  if ('unavailable' in bins) throw new Error(`the embedded PostgreSQL cannot run here: ${bins.unavailable}`);
  if ('unavailable' in runAs)
    throw new Error(`the embedded PostgreSQL cannot run here: ${runAs.unavailable}`);

  fs.rmSync(moving, { recursive: true, force: true });
  const from = await openDatabase({ pgliteDir: dirs.pglite });
  let server: EmbeddedPostgres | undefined;
  let to: Database | undefined;
  try {
    server = await startEmbeddedPostgres({ dir: moving, bins, runAs });
    to = await openDatabase({ databaseUrl: server.url });
    await migrateDatabase(from);
    await migrateDatabase(to);
    return await copy(from, to, log);
  } finally {
    await to?.close();
    await server?.stop();
    await from.close();
  }
}

async function copy(from: Database, to: Database, log: (line: string) => void) {
  const tables = (
    await rows<{ name: string }>(
      from,
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).map((t) => t.name);
  const tablesThere = new Set(
    (
      await rows<{ name: string }>(
        to,
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
      )
    ).map((t) => t.name),
  );
  const missing = tables.filter((t) => !tablesThere.has(t));
  if (missing.length) throw new Error(`tables missing after the migrations: ${missing.join(', ')}`);

  const copied: { name: string; rows: number }[] = [];
  await to.db.transaction(async (tx) => {
    // the rows are loaded as they were: no triggers, no foreign-key checks until all are in
    await tx.execute(sql.raw('set local session_replication_role = replica'));
    // what the migrations themselves inserted is replaced by the copy
    if (tables.length) await tx.execute(sql.raw(`truncate ${tables.map(quote).join(', ')}`));
    for (const table of tables) {
      const columns = (
        await rows<{ name: string }>(
          from,
          `select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = '${table.replace(/'/g, "''")}' and is_generated = 'NEVER'
           order by ordinal_position`,
        )
      ).map((c) => quote(c.name));
      const [{ data }] = await rows<{ data: string }>(
        from,
        `select coalesce(json_agg(t), '[]')::text as data from ${quote(table)} t`,
      );
      const list = columns.join(', ');
      await tx.execute(
        sql`${sql.raw(`insert into ${quote(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${quote(table)},`)} ${data}::json)`,
      );
      const count = (JSON.parse(data) as unknown[]).length;
      copied.push({ name: table, rows: count });
      log(`  ${table}: ${count} rows`);
    }
  });
  for (const { name, rows: expected } of copied) {
    const [{ n }] = await rows<{ n: number }>(to, `select count(*)::int as n from ${quote(name)}`);
    if (n !== expected) throw new Error(`${name}: ${n} rows in PostgreSQL, ${expected} in PGlite`);
  }

  const sequences = await rows<{ name: string }>(
    from,
    "select sequence_name as name from information_schema.sequences where sequence_schema = 'public'",
  );
  for (const { name } of sequences) {
    const [state] = await rows<{ last_value: string; is_called: boolean }>(
      from,
      `select last_value, is_called from ${quote(name)}`,
    );
    await to.db.execute(
      sql`select setval(${`public.${quote(name)}`}::regclass, ${state.last_value}::bigint, ${state.is_called})`,
    );
  }
  return { tables: copied, sequences: sequences.length };
}
