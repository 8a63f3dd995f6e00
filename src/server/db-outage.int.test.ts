// Issue 12 §4: the database goes away. Requests then fail cleanly (503 with a message, never a
// stack trace), /api/health says "degraded", and when the database is back the same process
// answers again by itself with nothing lost.
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { interviews } from './db/schema.js';
import { providersFromConfig } from './deps.js';
import type { App } from './http/types.js';
import { creditsOf, insertInterviewer, setCredits } from './modules/calls/call-fixtures.js';
import { createLocalBlobStore } from './providers/storage/local-blob-store.js';
import { createTestContext, registerUser, type TestContext, testConfig } from './test-support/test-app.js';
import { testDbKind } from './test-support/test-db.js';

const UNAVAILABLE = 'The service is temporarily unavailable, please try again';

function expectCleanFailure(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: UNAVAILABLE });
  expect(res.body).not.toMatch(/ at |stack|node_modules|Failed query/);
}

describe('with the database unreachable', () => {
  // A PostgreSQL address where nothing listens: every query fails to connect.
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:3299/none' });
    app = await buildApp(
      {
        config: testConfig(),
        database,
        clock: { now: () => new Date() },
        blobs: createLocalBlobStore('.tmp/none'),
        ...providersFromConfig(testConfig()),
      },
      { logger: false },
    );
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('answers 503 with a message on routes that need it, and the rest still works', async () => {
    const cookie = 'sid=some-session';
    expectCleanFailure(await app.inject({ method: 'GET', url: '/api/interviewers', headers: { cookie } }));
    expectCleanFailure(
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'a@example.com', password: 'whatever password' },
      }),
    );
    expectCleanFailure(await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } }));
    expect((await app.inject({ method: 'GET', url: '/api/noop' })).statusCode).toBe(200);
  });

  it('reports itself degraded on /api/health (to a visitor: the status alone)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded' });
  });
});

// Cutting a real server's connections needs a real server: this part runs on the postgres project.
if (testDbKind === 'postgres') {
  describe('PostgreSQL drops every connection under load', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    it('requests in flight fail cleanly and the app recovers by itself with nothing lost', async () => {
      const { cookie, user } = await registerUser(ctx.app);
      await setCredits(ctx.database.db, user.id, 5);
      const interviewer = await insertInterviewer(ctx.database.db);
      const start = () =>
        ctx.app.inject({
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
      expect((await start()).statusCode).toBe(201);
      const browse = () =>
        Promise.all([
          ctx.app.inject({ method: 'GET', url: '/api/interviewers', headers: { cookie } }),
          ctx.app.inject({ method: 'GET', url: '/api/interviews?page=1&pageSize=10', headers: { cookie } }),
          ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } }),
        ]);

      const killer = new pg.Client({ connectionString: ctx.database.url });
      await killer.connect();
      const answers: LightMyRequestResponse[] = [];
      let running = true;
      const load = (async () => {
        while (running) answers.push(...(await browse()));
      })();
      await new Promise((r) => setTimeout(r, 200));
      for (let i = 0; i < 3; i++) {
        await killer.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        await new Promise((r) => setTimeout(r, 150));
      }
      running = false;
      await load;
      await killer.end();

      // the cut was felt (requests failed) and every failure was a clean 503
      expect(answers.filter((r) => r.statusCode === 503).length).toBeGreaterThan(0);
      for (const res of answers) {
        if (res.statusCode !== 200) expectCleanFailure(res);
      }

      // Recovery without a restart: within a few seconds every request succeeds again.
      const deadline = Date.now() + 10_000;
      let healthy = 0;
      while (healthy < 10) {
        if (Date.now() > deadline) throw new Error('the app did not recover');
        const batch = await browse();
        healthy = batch.every((r) => r.statusCode === 200) ? healthy + 1 : 0;
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json().status).toBe('ok');
      const [made] = await ctx.database.db
        .select({ n: count() })
        .from(interviews)
        .where(eq(interviews.userId, user.id));
      expect(made.n).toBe(1);
      expect(await creditsOf(ctx.database.db, user.id)).toBe(4);
      expect((await start()).statusCode).toBe(201);
      expect(await creditsOf(ctx.database.db, user.id)).toBe(3);
    });
  });
}
