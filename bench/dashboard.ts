// bench/dashboard: latency of the dashboard's first page (GET /api/interviews?page=1, which also
// answers the filtered total and the summary figures) for a user with 10,000 completed calls, as
// the web app asks for it (`transcripts=omit`: a card reads its transcript when opened), and the
// same page and search with the transcripts (the spec's default form, five 8 KB transcripts),
// next to the server's own no-op route (GET /api/noop) measured in the same run over real HTTP,
// and to GET /api/health, whose one `select 1` is the floor of any route that reads the database.
// Other users' calls (another 10,000) sit in the same table, so the index has to do its job.
// Runs on the embedded default (PostgreSQL in a child process over its Unix socket, decision 017,
// in a temporary DATA_DIR), on embedded PGlite (existing folders' engine), and on PostgreSQL over
// TCP when one answers at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// a temporary database is created there). BENCH_DATABASES=embedded,pglite,postgres picks them.
// Prints the plans of the statements the route runs: the dashboard's page with its summary, and a
// search's one statement (decision 018) for a common word and for a rare one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { type Database, openDatabase } from '../src/server/db/client.js';
import { openEmbeddedDatabase } from '../src/server/db/embedded.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { users } from '../src/server/db/schema.js';
import { seedDatabase } from '../src/server/db/seed/index.js';
import { providersFromConfig } from '../src/server/deps.js';
import { createSession, SESSION_COOKIE } from '../src/server/modules/auth/session-store.js';
import { firstPageQuery, searchedDashboardQuery } from '../src/server/modules/calls/find-calls.js';
import { seedCalls } from '../src/server/modules/calls/seed-calls.js';
import { createLocalBlobStore } from '../src/server/providers/storage/local-blob-store.js';

const CALLS = 10_000;
const NOISE_USERS = 4;
/** calls stored after the vacuum, for the last measurement */
const SINCE_VACUUM = 300;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** characters per transcript of the user's calls: ~8,000 is a 10-minute call (BENCH_TRANSCRIPT_CHARS) */
const TRANSCRIPT_CHARS = Number(process.env.BENCH_TRANSCRIPT_CHARS ?? 8000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,pglite,postgres').split(',').map((d) => d.trim());

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

type Figure = { median: number; p95: number };

/**
 * Sequential requests to each URL, taken in turns (one to each, then again), so that a busy moment
 * of the machine falls on all of them alike and their ratios hold.
 */
async function measure<K extends string>(
  urls: Record<K, string | { url: string; cookie: string }>,
  cookie: string,
): Promise<Record<K, Figure>> {
  const once = async (to: string | { url: string; cookie: string }) => {
    const [url, sent] = typeof to === 'string' ? [to, cookie] : [to.url, to.cookie];
    const res = await fetch(url, { headers: { cookie: sent } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
  };
  const keys = Object.keys(urls) as K[];
  for (let i = 0; i < 20; i++) for (const k of keys) await once(urls[k]);
  const samples = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < ITERATIONS; i++) {
    for (const k of keys) {
      const t = performance.now();
      await once(urls[k]);
      samples[k].push(performance.now() - t);
    }
  }
  return Object.fromEntries(
    keys.map((k) => {
      const sorted = samples[k].sort((a, b) => a - b);
      return [k, { median: percentile(sorted, 50), p95: percentile(sorted, 95) }];
    }),
  ) as Record<K, Figure>;
}

async function addUser(database: Database, name: string, isAdmin = false) {
  const [u] = await database.db
    .insert(users)
    .values({
      name,
      email: `${name.toLowerCase().replace(/\s/g, '-')}@bench.local`,
      passwordHash: 'x',
      isAdmin,
    })
    .returning({ id: users.id });
  return u.id;
}

async function explain(database: Database, label: string, query: Parameters<typeof sql>[1]) {
  const res = (await database.db.execute(
    sql`explain (analyze, costs off, timing off) ${query}`,
  )) as unknown as {
    rows: Record<string, string>[];
  };
  console.log(`  plan of the ${label}:`);
  for (const row of res.rows) console.log(`    ${Object.values(row)[0]}`);
}

async function run(kind: string, database: Database) {
  console.log(`\n--- ${kind}`);
  await migrateDatabase(database);
  await seedDatabase(database);
  const t = performance.now();
  // an admin, so the same session also reads All Calls (every user's calls)
  const userId = await addUser(database, 'Bench User', true);
  const transcriptChars = TRANSCRIPT_CHARS;
  await seedCalls(database.db, {
    userId,
    completed: CALLS,
    unfinished: 20,
    transcriptChars,
    scoredAgainst: true,
  });
  const others: number[] = [];
  for (let i = 0; i < NOISE_USERS; i++) {
    others.push(await addUser(database, `Other ${i}`));
    await seedCalls(database.db, {
      userId: others[i],
      completed: CALLS / NOISE_USERS,
      transcriptChars,
      scoredAgainst: true,
    });
  }
  // one of them never says "budget", which everyone else says in a quarter of their calls
  await database.db.execute(
    sql`update interviews set transcript = replace(transcript, 'budget', 'forecast') where user_id = ${others[0]}`,
  );
  // As autovacuum would have by now: statistics, and the visibility map index-only scans need.
  await database.exec('vacuum analyze interviews');
  // and write the seeded pages out now, not in a checkpoint during the measurements
  await database.exec('checkpoint');
  console.log(
    `  seeded ${CALLS} calls for the user and ${CALLS} for others, transcripts of ~${TRANSCRIPT_CHARS || 200} characters, in ${(performance.now() - t).toFixed(0)} ms`,
  );

  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-blobs-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: blobDir });
  const app = await buildApp(
    {
      config,
      database,
      clock: { now: () => new Date() },
      blobs: createLocalBlobStore(blobDir),
      ...providersFromConfig(config),
    },
    { logger: false },
  );
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, userId, new Date())}`;
    // an admin's health answer also reads every child process's memory from /proc: the floor is a
    // user's (or a visitor's), whose answer is the database's `select 1` alone
    const userCookie = `${SESSION_COOKIE}=${await createSession(database.db, others[1], new Date())}`;
    // the lists as the web app asks for them: without transcripts (useWholeCall reads one when a card opens)
    const asked = '&transcripts=omit';
    const withTranscripts = `${address}/api/interviews?userId=${userId}&page=1&pageSize=5`;
    const dashboard = `${withTranscripts}${asked}`;
    const allCalls = `${address}/api/interviews/all?page=1&pageSize=5${asked}`;
    const smaller = `${address}/api/interviews?userId=${others[1]}&page=1&pageSize=5${asked}`;
    const figures = await measure(
      {
        noop: `${address}/api/noop`,
        // one database round trip (select 1) and a small answer: the floor of any route that reads
        roundTrip: { url: `${address}/api/health`, cookie: userCookie },
        first: dashboard,
        // "budget" is in a quarter of the transcripts; "number 4321" in one
        search: `${dashboard}&search=budget`,
        rare: `${dashboard}&search=number%204321`,
        // All Calls as an admin opens it, then searched
        allFirst: allCalls,
        allCalls: `${allCalls}&search=budget`,
        allRare: `${allCalls}&search=number%204321`,
        // the admin reads the dashboard of the user who never says it
        never: `${address}/api/interviews?userId=${others[0]}&page=1&pageSize=5&search=budget${asked}`,
        // the spec's default form: each call with its transcript
        firstFull: withTranscripts,
        searchFull: `${withTranscripts}&search=budget`,
        // growth: the same searches for a user with a quarter of the calls (2,500); "number 1234" is
        // in one call of each
        rareBoth: `${dashboard}&search=number%201234`,
        smallFirst: smaller,
        smallSearch: `${smaller}&search=budget`,
        smallRare: `${smaller}&search=number%201234`,
      },
      cookie,
    );
    const { noop, roundTrip, first, search, rare, allCalls: allCommon, allRare, never } = figures;
    const row = (name: string, r: Figure, { noop, first }: Record<'noop' | 'first', Figure> = figures) =>
      console.log(
        `  ${name.padEnd(46)} median ${r.median.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  ` +
          `(${(r.median / noop.median).toFixed(1)}× / ${(r.p95 / noop.p95).toFixed(1)}× no-op, ` +
          `${(r.median / first.median).toFixed(1)}× first page)`,
      );
    console.log(
      `  ${ITERATIONS} sequential requests each over HTTP, taking turns (target: a search within 3× no-op), ` +
        'the lists as the web app asks for them (without transcripts) unless said:',
    );
    row('GET /api/noop (baseline)', noop);
    row('GET /api/health as a user (select 1)', roundTrip);
    row('dashboard first page', first);
    row('dashboard first page, search "budget"', search);
    row('dashboard first page, search "number 4321"', rare);
    row('All Calls first page', figures.allFirst);
    row('All Calls first page, search "budget"', allCommon);
    row('All Calls first page, search "number 4321"', allRare);
    row('a user who never says "budget", search it', never);
    row('first page with the transcripts (spec form)', figures.firstFull);
    row('search "budget" with the transcripts', figures.searchFull);
    const growth = (small: Figure, large: Figure) => `${(large.median / small.median).toFixed(2)}×`;
    console.log(
      `  growth with the calls, ${CALLS / NOISE_USERS} → ${CALLS} (4×), medians: first page ${growth(figures.smallFirst, first)}, ` +
        `search "budget" ${growth(figures.smallSearch, search)}, "number 1234" ${growth(figures.smallRare, figures.rareBoth)} ` +
        `(${figures.smallRare.median.toFixed(2)} → ${figures.rareBoth.median.toFixed(2)} ms; a scan would grow 4×)`,
    );

    const firstPage = { page: 1, pageSize: 5, transcripts: 'omit' as const };
    await explain(
      database,
      "dashboard's first page with the summary (user_call_stats' primary key, then interviews_user_completed_idx)",
      firstPageQuery(database.db, userId, firstPage),
    );
    for (const [text, what] of [
      [
        'budget',
        'a common word: counted by interviews_user_words_sample_idx (a sixteenth of the calls), the page read along the newest calls',
      ],
      ['number 4321', 'a rare text: interviews_user_search_trgm_idx finds its one call'],
    ]) {
      await explain(
        database,
        `search "${text}" in one statement (${what})`,
        searchedDashboardQuery(database.db, userId, { ...firstPage, search: text }),
      );
    }

    // Calls stored since the last vacuum, as a busy install has them between autovacuum's runs:
    // a GIN index with a pending list (fastupdate) made every search read through them (migration
    // 0018 turned it off).
    await seedCalls(database.db, {
      userId,
      completed: SINCE_VACUUM,
      transcriptChars,
      scoredAgainst: true,
      now: new Date(Date.now() + (SINCE_VACUUM + 1) * 86_400_000),
    });
    const later = await measure(
      {
        noop: `${address}/api/noop`,
        first: dashboard,
        search: `${dashboard}&search=budget`,
        rare: `${dashboard}&search=number%204321`,
      },
      cookie,
    );
    console.log(`  after ${SINCE_VACUUM} more calls stored, no vacuum since:`);
    row('GET /api/noop (baseline)', later.noop, later);
    row('dashboard first page', later.first, later);
    row('dashboard first page, search "budget"', later.search, later);
    row('dashboard first page, search "number 4321"', later.rare, later);
  } finally {
    await app.close();
    fs.rmSync(blobDir, { recursive: true, force: true });
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function runEmbedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-'));
  fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user
  const database = await openEmbeddedDatabase({ dataDir, preference: 'postgres' });
  try {
    await run(
      `embedded ${database.engine === 'postgres' ? 'PostgreSQL (default), Unix socket' : `PGlite (${database.why})`}`,
      database,
    );
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPglite() {
  const lite = await openDatabase({});
  try {
    await run('embedded PGlite', lite);
  } finally {
    await lite.close();
  }
}

async function runPostgres() {
  const name = `bench_dashboard_${randomBytes(4).toString('hex')}`;
  try {
    await adminQuery(`create database ${name}`);
  } catch {
    console.log(`\n--- PostgreSQL over TCP: skipped (no server at ${adminUrl})`);
    return;
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 10 });
  try {
    await run('PostgreSQL over TCP', database);
  } finally {
    await database.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

async function main() {
  const runs: Record<string, () => Promise<void>> = {
    embedded: runEmbedded,
    pglite: runPglite,
    postgres: runPostgres,
  };
  const unknown = DATABASES.filter((d) => !(d in runs));
  if (unknown.length)
    throw new Error(`BENCH_DATABASES: embedded, pglite and/or postgres, not ${unknown.join(',')}`);
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );
  for (const which of DATABASES) await runs[which]();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
