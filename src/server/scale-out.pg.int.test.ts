// Issue 12 §1: two app instances on one database serve the same users, each with its own
// connection pool to the same PostgreSQL database, as two servers have. PostgreSQL only (the
// postgres project runs *.pg.int.test.ts): embedded PGlite is one connection in one process, so
// two "servers" on it would share that connection and prove nothing about two servers.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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
import { createEmptyPostgresDatabase } from './test-support/test-db.js';

let ctx: TestContext;
let second: Database;
let one: App;
let two: App;
const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));

beforeAll(async () => {
  ctx = await createTestContext();
  one = ctx.app;
  second = await openDatabase({ databaseUrl: ctx.database.url, poolSize: 10 });
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
  await second.close();
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

/** Two connection pools to one new, empty database. */
async function emptyDatabasePair(): Promise<{ a: Database; b: Database; close: () => Promise<void> }> {
  const empty = await createEmptyPostgresDatabase('practice_calls_scale');
  const a = await openDatabase({ databaseUrl: empty.url, poolSize: 4 });
  const b = await openDatabase({ databaseUrl: empty.url, poolSize: 4 });
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await empty.drop();
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
  // the sign-out reaches one's cache by NOTIFY: asked again until it has
  await vi.waitFor(
    async () =>
      expect(
        (await one.inject({ method: 'GET', url: '/api/interviews', headers: { cookie } })).statusCode,
      ).toBe(401),
    { timeout: 5000, interval: 25 },
  );
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
  await vi.waitFor(async () => expect(await listOn(two)).toEqual([...before, 'Made On One']), {
    timeout: 5000,
    interval: 25,
  });
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
  const waitFor = (what: () => boolean) =>
    vi.waitFor(() => expect(what()).toBe(true), { timeout: 10_000, interval: 20 });
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
