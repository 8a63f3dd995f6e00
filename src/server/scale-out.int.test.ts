// Issue 12 §1: two app instances on one database serve the same users. On the postgres project
// each instance has its own connection pool to the same PostgreSQL database (two servers); on
// the pglite project both share the one embedded database (what two workers in one process
// would do). The same assertions hold on both.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from './app.js';
import { type Database, openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { interviewers, interviews, tracks, users, utterances } from './db/schema.js';
import { seedDatabase } from './db/seed/index.js';
import { PRESET_INTERVIEWERS } from './db/seed/preset-interviewers.js';
import { EXAMPLE_TRACKS } from './db/seed/tracks.js';
import { providersFromConfig } from './deps.js';
import type { App } from './http/types.js';
import { creditsOf, insertInterviewer, setCredits } from './modules/calls/call-fixtures.js';
import { createLocalBlobStore } from './providers/storage/local-blob-store.js';
import { createTestContext, registerUser, type TestContext, testConfig } from './test-support/test-app.js';
import { adminDatabaseUrl, testDbKind } from './test-support/test-db.js';

let ctx: TestContext;
let second: Database;
let one: App;
let two: App;
const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));

async function secondConnection(): Promise<Database> {
  if (testDbKind === 'postgres') return openDatabase({ databaseUrl: ctx.database.url, poolSize: 10 });
  return ctx.database;
}

beforeAll(async () => {
  ctx = await createTestContext();
  one = ctx.app;
  second = await secondConnection();
  two = await buildApp(
    {
      config: testConfig(),
      database: second,
      clock: ctx.deps.clock,
      blobs: createLocalBlobStore(blobDir),
      ...providersFromConfig(testConfig()),
    },
    { logger: false },
  );
  await two.ready();
});
afterAll(async () => {
  await two.close();
  if (second !== ctx.database) await second.close();
  await ctx.close();
  fs.rmSync(blobDir, { recursive: true, force: true });
});

it('a session made on one instance works on the other, and signing out on the other ends it everywhere', async () => {
  const { cookie, email } = await registerUser(one);
  const me = await two.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  expect(me.statusCode).toBe(200);
  expect(me.json().email).toBe(email);
  const out = await two.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
  expect(out.statusCode).toBeLessThan(300);
  expect((await one.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
});

it('20 simultaneous starts split across both instances with 1 credit make exactly one call', async () => {
  const { cookie, user } = await registerUser(one);
  await setCredits(ctx.database.db, user.id, 1);
  const interviewer = await insertInterviewer(ctx.database.db);
  const payload = {
    type: 'single',
    startTime: new Date().toISOString(),
    interviewerId: interviewer.id,
    userId: user.id,
  };
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? two : one).inject({ method: 'POST', url: '/api/interviews', headers: { cookie }, payload }),
    ),
  );
  const codes = results.map((r) => r.statusCode).sort();
  expect(codes.filter((c) => c === 201)).toHaveLength(1);
  expect(codes.filter((c) => c === 402)).toHaveLength(19);
  expect(await creditsOf(ctx.database.db, user.id)).toBe(0);
  const [made] = await ctx.database.db
    .select({ n: count() })
    .from(interviews)
    .where(eq(interviews.userId, user.id));
  expect(made.n).toBe(1);
  expect(await creditsOf(second.db, user.id)).toBe(0);
  const [row] = await second.db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id));
  expect(row.credits).toBe(0);
});

it('two servers migrating and seeding an empty database at the same moment leave one set of presets', async () => {
  const fresh = await emptyDatabasePair();
  try {
    const start = (d: Database) => migrateDatabase(d).then(() => seedDatabase(d));
    await Promise.all([start(fresh.a), start(fresh.b)]);
    // and once more, as at every later restart
    await Promise.all([start(fresh.a), start(fresh.b)]);
    const [presets] = await fresh.a.db.select({ n: count() }).from(interviewers);
    expect(presets.n).toBe(PRESET_INTERVIEWERS.length);
    const [seededTracks] = await fresh.b.db.select({ n: count() }).from(tracks);
    expect(seededTracks.n).toBe(EXAMPLE_TRACKS.length);
  } finally {
    await fresh.close();
  }
});

/** Two connections to one new, empty database: two pools on PostgreSQL, one PGlite on PGlite. */
async function emptyDatabasePair(): Promise<{ a: Database; b: Database; close: () => Promise<void> }> {
  if (testDbKind === 'pglite') {
    const a = await openDatabase({});
    return { a, b: a, close: () => a.close() };
  }
  const name = `practice_calls_scale_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const a = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  const b = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

it('a read cached on one instance sees a sign-out on the other (the change arrives through the database)', async () => {
  const { cookie } = await registerUser(one);
  expect((await one.inject({ method: 'GET', url: '/api/interviews', headers: { cookie } })).statusCode).toBe(
    200,
  );
  expect(
    (await two.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode,
  ).toBeLessThan(300);
  const deadline = Date.now() + 5000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await one.inject({ method: 'GET', url: '/api/interviews', headers: { cookie } })).statusCode;
    if (status === 401) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(status).toBe(401);
});

it('a scenario created on one instance shows in the list the other had cached', async () => {
  const { cookie, user } = await registerUser(one);
  const listOn = async (app: App) =>
    (
      (await app.inject({ method: 'GET', url: '/api/interviewers', headers: { cookie } })).json() as {
        name: string;
      }[]
    ).map((i) => i.name);
  const before = await listOn(two);
  const created = await one.inject({
    method: 'POST',
    url: '/api/interviewers',
    headers: { cookie },
    payload: { name: 'Made On One', systemPrompt: 'You are new.', userId: user.id },
  });
  expect(created.statusCode, created.body).toBe(201);
  const deadline = Date.now() + 5000;
  let after = before;
  while (Date.now() < deadline && !after.includes('Made On One')) {
    after = await listOn(two);
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(after).toEqual([...before, 'Made On One']);
});

it('rate limits are counted once across instances that share Redis (REDIS_URL), per instance without it', async () => {
  const registerFrom = async (redisUrl: string | undefined) => {
    const config = testConfig({
      REGISTER_RATE_LIMIT: '3',
      // a proxy on this machine in front: its X-Forwarded-For names the client
      TRUST_PROXY: '127.0.0.1',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });
    const apps = await Promise.all(
      [ctx.database, second].map(async (database) => {
        const app = await buildApp(
          {
            config,
            database,
            clock: ctx.deps.clock,
            blobs: createLocalBlobStore(blobDir),
            ...providersFromConfig(config),
          },
          { logger: false },
        );
        await app.ready();
        return app;
      }),
    );
    // a fresh client address per run, so runs sharing the Redis server do not count together
    const ip = `10.${[...randomBytes(3)].join('.')}`;
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const res = await apps[i % 2].inject({
          method: 'POST',
          url: '/api/register',
          headers: { 'x-forwarded-for': ip },
          payload: {},
        });
        statuses.push(res.statusCode);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
    return statuses;
  };
  expect(await registerFrom('redis://127.0.0.1:6379')).toEqual([400, 400, 400, 429]);
  expect(await registerFrom(undefined)).toEqual([400, 400, 400, 400]);
});

// Issue 18 §5: a call's live session belongs to one server at a time, and ending the call on the
// other server stops it there (NOTIFY call_end), with what it heard stored and nothing after.
it('a call live on one server is refused a second session on the other, and ending it there stops it', async () => {
  await Promise.all([one, two].map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
  const hostOf = (app: App) => `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { cookie, user } = await registerUser(one);
  await setCredits(ctx.database.db, user.id, 2);
  const interviewer = await insertInterviewer(ctx.database.db, { welcomeMessage: 'Hello, ready?' });
  const started = await one.inject({
    method: 'POST',
    url: '/api/interviews',
    headers: { cookie },
    payload: {
      type: 'single',
      startTime: new Date().toISOString(),
      interviewerId: interviewer.id,
      userId: user.id,
    },
  });
  const interviewId: number = started.json().id;
  const signedUrl = async (app: App) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/interviews/${interviewId}/voice-session`,
      headers: { cookie, host: hostOf(app) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().signedUrl as string;
  };

  const ws = new WebSocket(await signedUrl(one), ['convai'], { headers: { cookie } });
  const received: { type: string }[] = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waitFor = async (what: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!what() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(what()).toBe(true);
  };
  await waitFor(() => received.some((m) => m.type === 'agent_response'));
  ws.send(JSON.stringify({ type: 'user_message', text: 'Said on server one.' }));
  await waitFor(() => received.some((m) => m.type === 'user_transcript'));

  // a second live session of the call, on the other server: refused before any socket opens
  const refused = await new Promise<number>((resolve, reject) => {
    signedUrl(two).then((url) => {
      const other = new WebSocket(url, ['convai'], { headers: { cookie } });
      other.once('open', () => reject(new Error('a second live session was opened')));
      other.once('error', () => {});
      other.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    }, reject);
  });
  expect(refused).toBe(409);

  const ended = await two.inject({
    method: 'POST',
    url: `/api/interviews/${interviewId}/end`,
    headers: { cookie },
  });
  expect(ended.statusCode).toBe(200);
  expect(ended.json().transcript).toContain('You: Said on server one.');
  expect(await closed).toEqual({ code: 1000, reason: 'Call ended' });
  expect(one.liveCalls.size).toBe(0);
  const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
  expect(row.liveSession).toBeNull();
  const lines = await ctx.database.db
    .select({ n: count() })
    .from(utterances)
    .where(eq(utterances.interviewId, interviewId));
  // the welcome, the answer and the persona's reply (or its part spoken before the end)
  expect(lines[0].n).toBeGreaterThanOrEqual(2);
  expect(row.transcript?.split('\n').length).toBe(lines[0].n);
});

// Issue 19 §5: two servers on one DATA_DIR. The second stops at once, naming the folder and the
// first; after the first is killed with -9 a new server takes the folder over and finds its data.
it('a second server on the same DATA_DIR exits at once; after kill -9 the next one recovers the data', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-data-'));
  // the two projects run this file at the same time: ports of their own
  const base = testDbKind === 'postgres' ? 3271 : 3261;
  const { spawn } = await import('node:child_process');
  const start = (port: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
        ADMIN_EMAIL: 'first@example.com',
        ADMIN_PASSWORD: 'first-password-1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, exited, stderr: () => stderr };
  };
  const answers = async (port: number) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/noop`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
  };
  const first = start(base);
  try {
    expect(await answers(base)).toBe(true);
    const second = start(base + 1);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`pid ${first.child.pid}`);
    expect(second.stderr()).toContain(dataDir);
    // the first still serves, and signs its admin in
    const login = await fetch(`http://127.0.0.1:${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${base}` },
      body: JSON.stringify({ email: 'first@example.com', password: 'first-password-1' }),
    });
    expect(login.status).toBe(200);
  } finally {
    first.child.kill('SIGKILL');
    await first.exited;
  }
  const third = start(base + 2);
  try {
    expect(await answers(base + 2)).toBe(true);
    const login = await fetch(`http://127.0.0.1:${base + 2}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${base + 2}` },
      body: JSON.stringify({ email: 'first@example.com', password: 'first-password-1' }),
    });
    expect(login.status).toBe(200);
  } finally {
    third.child.kill('SIGTERM');
    await third.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 150_000);
