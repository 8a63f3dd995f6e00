// Ending one call from two places at once, and the server's call sweeper. Two POST /end of the
// same call, or POST /end racing the sweeper, must evaluate the call once, write one outcome
// and answer that same outcome to both. The sweeper (startCallSweeper) ends overdue calls on
// its interval and stops when stopped; its interval runs on fake timers here.
//
// To make the races real, the evaluation is held until both ends have read the call (still in
// progress for both), through wrappers around the lookups and the evaluator.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditLedger, interviews, users } from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';
import { insertInterviewer, postCall, setCredits, storeUtterances } from './call-fixtures.js';
import { CALL_LIMIT_MS, callDeadline } from './call-limits.js';
import { endInterviewAsSystem } from './end-call.js';
import { endExpiredCalls, SWEEP_INTERVAL_MS, startCallSweeper } from './end-expired-calls.js';

const race = vi.hoisted(() => {
  // The integration projects share one module registry among a worker's files (isolate: false,
  // vitest.config.ts): modules an earlier file imported are cached unmocked, so they are dropped
  // before this file's imports (and again after it, so no later file keeps the wrappers below).
  vi.resetModules();
  return {
    /** reads of a call by the end paths (getInterviewForCaller, findInterviewWithInterviewer) */
    lookups: 0,
    evaluations: 0,
    /** the evaluation waits until this many reads have happened */
    holdUntilLookups: 0,
    waiters: [] as (() => void)[],
  };
});

vi.mock('./get-call.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('./get-call.js')>();
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await fn(...args);
      race.lookups += 1;
      for (const wake of race.waiters.splice(0)) wake();
      return result;
    };
  return {
    ...orig,
    getInterviewForCaller: counted(orig.getInterviewForCaller),
    findInterviewWithInterviewer: counted(orig.findInterviewWithInterviewer),
  };
});

vi.mock('../evaluation/service.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../evaluation/service.js')>();
  return {
    ...orig,
    evaluateTranscript: async (...args: Parameters<typeof orig.evaluateTranscript>) => {
      race.evaluations += 1;
      while (race.lookups < race.holdUntilLookups) {
        await new Promise<void>((resolve) => race.waiters.push(resolve));
      }
      // let the other end's continuation after its read run (it is only promise callbacks)
      for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
      return orig.evaluateTranscript(...args);
    },
  };
});

const CREDIT_COST = 1;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { CALL_CREDIT_COST: String(CREDIT_COST) } });
});
afterAll(async () => {
  await ctx.close();
  vi.doUnmock('./get-call.js');
  vi.doUnmock('../evaluation/service.js');
  vi.resetModules();
});
beforeEach(() => {
  race.lookups = 0;
  race.evaluations = 0;
  race.holdUntilLookups = 0;
  race.waiters = [];
});

async function startCall() {
  const registered = await registerUser(ctx.app);
  const owner: { cookie: string; id: number } = { cookie: registered.cookie, id: registered.user.id };
  const interviewer = await insertInterviewer(ctx.database.db);
  await setCredits(ctx.database.db, owner.id, 5);
  const created = await postCall(ctx.app, { cookie: owner.cookie, userId: owner.id }, interviewer.id);
  expect(created.statusCode).toBe(201);
  const id: number = created.json().id;
  await storeUtterances(ctx.database.db, id, [
    ['agent', 'Hi, I am Alex. Tell me about yourself.'],
    ['user', 'I led a team of six that launched a payments app used by two million customers.'],
    ['agent', 'Tell me about a product you launched.'],
    ['user', 'We measured success by weekly active users, which grew 40 percent in three months.'],
  ]);
  return { id, owner };
}

const rowOf = async (id: number) => {
  const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, id));
  return row;
};

const makeOverdue = (id: number) =>
  ctx.database.db
    .update(interviews)
    .set({ createdAt: new Date(Date.now() - CALL_LIMIT_MS - 60_000) })
    .where(eq(interviews.id, id));

const ledgerOf = (id: number) =>
  ctx.database.db
    .select({ delta: creditLedger.delta, reason: creditLedger.reason })
    .from(creditLedger)
    .where(eq(creditLedger.interviewId, id));

const creditsOf = async (userId: number) =>
  (await ctx.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
    .credits;

describe('two ends of one call at once', () => {
  it('two POST /end at once: one evaluation, one outcome, both answers the same', async () => {
    const { id, owner } = await startCall();
    const creditsBefore = await creditsOf(owner.id);
    race.holdUntilLookups = 2;
    const end = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/interviews/${id}/end`,
        headers: { cookie: owner.cookie },
        payload: {},
      });
    const [a, b] = await Promise.all([end(), end()]);

    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(race.lookups).toBe(2);
    expect(race.evaluations).toBe(1);
    const row = await rowOf(id);
    expect(row.status).toBe('completed');
    for (const res of [a, b]) {
      const body = res.json();
      expect(body.status).toBe(row.status);
      expect(body.endTime).toBe(row.endTime?.toISOString());
      expect(body.transcript).toBe(row.transcript);
      expect(body.evaluation).toEqual(row.evaluation);
    }
    expect(a.json()).toEqual(b.json());
    // ending moves no credits: the call's one ledger line is still its start's debit
    expect(await ledgerOf(id)).toEqual([{ delta: -CREDIT_COST, reason: 'call' }]);
    expect(await creditsOf(owner.id)).toBe(creditsBefore);
  });

  it('POST /end racing the sweeper on an overdue call: one evaluation, both see the same final state', async () => {
    const { id, owner } = await startCall();
    await makeOverdue(id);
    const created = (await rowOf(id)).createdAt;
    race.holdUntilLookups = 2;
    const [res, swept] = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: `/api/interviews/${id}/end`,
        headers: { cookie: owner.cookie },
        payload: {},
      }),
      endExpiredCalls(ctx.deps),
    ]);

    expect(res.statusCode).toBe(200);
    expect(swept).toBe(1);
    expect(race.evaluations).toBe(1);
    const row = await rowOf(id);
    expect(row.status).toBe('completed');
    // an overdue call ends at its deadline, whoever ends it
    expect(row.endTime?.toISOString()).toBe(callDeadline(created).toISOString());
    const body = res.json();
    expect(body).toMatchObject({
      status: row.status,
      endTime: row.endTime?.toISOString(),
      transcript: row.transcript,
    });
    expect(body.evaluation).toEqual(row.evaluation);
    expect(await ledgerOf(id)).toEqual([{ delta: -CREDIT_COST, reason: 'call' }]);
  });

  it('POST /end racing endInterviewAsSystem: one evaluation, the same interview answered to both', async () => {
    const { id, owner } = await startCall();
    race.holdUntilLookups = 2;
    const [res, system] = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: `/api/interviews/${id}/end`,
        headers: { cookie: owner.cookie },
        payload: {},
      }),
      endInterviewAsSystem(ctx.deps, id, { reason: 'timeout' }),
    ]);

    expect(res.statusCode).toBe(200);
    expect(race.evaluations).toBe(1);
    const row = await rowOf(id);
    expect(system?.interview).toEqual(row);
    expect(res.json()).toMatchObject({
      status: row.status,
      endTime: row.endTime?.toISOString(),
      transcript: row.transcript,
      evaluation: row.evaluation,
    });

    // a later end answers what is stored, without evaluating again
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/interviews/${id}/end`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(again.json()).toEqual(res.json());
    expect(race.evaluations).toBe(1);
  });
});

describe('the call sweeper', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends overdue calls on its interval, leaves calls with time left, and stops when stopped', async () => {
    const logged: string[] = [];
    const log = (msg: string) => logged.push(msg);
    const overdue = await startCall();
    const recent = await startCall();
    const later = await startCall();
    await makeOverdue(overdue.id);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const timersBefore = vi.getTimerCount();
    const stop = startCallSweeper(ctx.deps, log);
    expect(vi.getTimerCount()).toBe(timersBefore + 1);
    // nothing happens before the first interval
    expect((await rowOf(overdue.id)).status).toBe('in_progress');

    vi.advanceTimersByTime(SWEEP_INTERVAL_MS);
    await vi.waitFor(async () => expect((await rowOf(overdue.id)).status).toBe('completed'), {
      timeout: 15_000,
      interval: 20,
    });
    expect((await rowOf(overdue.id)).endTime?.toISOString()).toBe(
      callDeadline((await rowOf(overdue.id)).createdAt).toISOString(),
    );
    expect((await rowOf(recent.id)).status).toBe('in_progress');
    expect(race.evaluations).toBe(1);

    // a call that runs out later is ended on a later tick
    await makeOverdue(recent.id);
    vi.advanceTimersByTime(SWEEP_INTERVAL_MS);
    await vi.waitFor(async () => expect((await rowOf(recent.id)).status).toBe('completed'), {
      timeout: 15_000,
      interval: 20,
    });
    expect(race.evaluations).toBe(2);

    // stopped: its timer is gone, and later ticks end nothing
    stop();
    expect(vi.getTimerCount()).toBe(timersBefore);
    await makeOverdue(later.id);
    vi.advanceTimersByTime(3 * SWEEP_INTERVAL_MS);
    await rowOf(later.id);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect((await rowOf(later.id)).status).toBe('in_progress');
    expect(race.evaluations).toBe(2);
    expect(logged).toEqual([]);
  });

  it('keeps sweeping after a failed sweep', async () => {
    const logged: { msg: string; err: unknown }[] = [];
    const overdue = await startCall();
    await makeOverdue(overdue.id);
    let failNext = true;
    // the first sweep's query fails (a database hiccup); the next one works
    const deps = {
      ...ctx.deps,
      clock: {
        now: () => {
          if (failNext) {
            failNext = false;
            throw new Error('database hiccup');
          }
          return new Date();
        },
      },
    };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = startCallSweeper(deps, (msg, err) => logged.push({ msg, err }));
    try {
      vi.advanceTimersByTime(SWEEP_INTERVAL_MS);
      await vi.waitFor(() => expect(logged.map((l) => l.msg)).toEqual(['call sweep failed']), {
        timeout: 15_000,
        interval: 20,
      });
      expect((await rowOf(overdue.id)).status).toBe('in_progress');
      vi.advanceTimersByTime(SWEEP_INTERVAL_MS);
      await vi.waitFor(async () => expect((await rowOf(overdue.id)).status).toBe('completed'), {
        timeout: 15_000,
        interval: 20,
      });
    } finally {
      stop();
    }
  });
});
