// Issue 12 §4, on a real server: PostgreSQL cuts every connection while requests are in flight.
// Cutting a server's connections needs a server, so this file runs on the postgres project only
// (*.pg.int.test.ts); the database that does not answer at all is in db-outage.int.test.ts.
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews } from './db/schema.js';
import { creditsOf, insertInterviewer, setCredits } from './modules/calls/call-fixtures.js';
import { expectCleanFailure } from './test-support/clean-failure.js';
import { createTestContext, registerUser, type TestContext } from './test-support/test-app.js';

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
    // each answered batch wakes the test, which waits on batches, not on the clock: the load is
    // under way (connections open) before the first cut, and what was in flight at a cut has
    // answered before the next
    let batchAnswered = () => {};
    const nextBatch = () =>
      new Promise<void>((resolve) => {
        batchAnswered = resolve;
      });
    const load = (async () => {
      while (running) {
        answers.push(...(await browse()));
        batchAnswered();
      }
    })();
    await nextBatch();
    for (let i = 0; i < 3; i++) {
      await killer.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await nextBatch();
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
