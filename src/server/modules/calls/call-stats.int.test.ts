// Issue 25: the dashboard's summary (Calls Completed, Average Score; spec §9) is read from
// user_call_stats, which triggers on `interviews` keep (migration 0013). Whatever writes the calls —
// the call routes, seeding, an admin's correction, a statement by hand, a deleted user — the row
// must equal what counting the calls themselves gives. And a filtered list counts its matches
// only LIST_COUNT_AHEAD past the page's start, saying "more than" beyond.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interview } from '../../../shared/contracts/calls.js';
import { LIST_COUNT_AHEAD } from '../../../shared/domain/limits.js';
import { overallAverageScore } from '../../../shared/domain/score-averages.js';
import type { Database } from '../../db/client.js';
import { interviews, userCallStats, users } from '../../db/schema.js';
import { migrateFrom, onDatabaseBefore } from '../../test-support/earlier-migrations.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { ensureAdmin } from '../auth/service.js';
import { insertInterviewer, setCredits, storeUtterances } from './call-fixtures.js';
import { seedCalls } from './seed-calls.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { REGISTER_RATE_LIMIT: '1000' } });
  await ensureAdmin(ctx.database.db, 'root@example.com', 'root-password');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'root@example.com', password: 'root-password' },
  });
  admin = sessionCookie(res);
});
afterAll(() => ctx.close());

type Actor = Awaited<ReturnType<typeof registerUser>>;
const send = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

const rows = async <T>(db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every user whose row differs from what counting their completed calls gives (none, always). */
const drifted = (db: Database['db']) =>
  rows<Record<string, unknown>>(
    db,
    sql`select user_id, s.completed_count, s.score_sum::text as kept, c.calls, c.score_sum::text as counted
        from user_call_stats s
        full join (
          select user_id, count(*)::int as calls, sum(score_for_average::numeric) as score_sum
          from interviews where end_time is not null and evaluation is not null group by user_id
        ) c using (user_id)
        where coalesce(s.completed_count, 0) <> coalesce(c.calls, 0)
           or coalesce(s.score_sum, 0) <> coalesce(c.score_sum, 0)`,
  );

/** The dashboard's summary says what the shared rule says of the user's completed calls. */
async function expectSummaryRight(actor: Actor) {
  expect(await drifted(ctx.database.db)).toEqual([]);
  const all = (await send(actor.cookie, 'GET', '/api/interviews')).json<Interview[]>();
  const completed = all.filter((i) => i.endTime !== null && i.evaluation !== null);
  const page = (await send(actor.cookie, 'GET', '/api/interviews?page=1')).json();
  expect(page.summary.completedCount).toBe(completed.length);
  expect(page.summary.averageScore).toBeCloseTo(overallAverageScore(completed.map((i) => i.evaluation)), 9);
  expect(page).toMatchObject({ total: completed.length, totalCapped: false });
  return page.summary as { completedCount: number; averageScore: number };
}

async function startCall(actor: Actor, interviewerId: number) {
  const res = await send(actor.cookie, 'POST', '/api/interviews', {
    type: 'single',
    startTime: new Date().toISOString(),
    interviewerId,
    userId: actor.user.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await storeUtterances(ctx.database.db, id, [
    ['agent', 'Tell me about a launch you led.'],
    ['user', 'I led the checkout redesign: we interviewed twenty customers and cut drop-off by a third.'],
  ]);
  return id;
}

describe('user_call_stats, kept by the database', () => {
  it('stays right across start, end, seeding, re-evaluation, corrections, moves and deletes', async () => {
    const { db } = ctx.database;
    const alice = await registerUser(ctx.app, { name: 'Alice' });
    const bob = await registerUser(ctx.app, { name: 'Bob' });
    await setCredits(db, alice.user.id, 10);
    const scenario = await insertInterviewer(db);

    // a started call is not completed: nothing counted yet, and no row needed for a zero summary
    const first = await startCall(alice, scenario.id);
    expect(await expectSummaryRight(alice)).toEqual({ completedCount: 0, averageScore: 0 });

    // the end route evaluates and completes it
    expect((await send(alice.cookie, 'POST', `/api/interviews/${first}/end`)).statusCode).toBe(200);
    const one = await expectSummaryRight(alice);
    expect(one.completedCount).toBe(1);
    expect(one.averageScore).toBeGreaterThan(0);

    // two calls ending at once (concurrently on PostgreSQL) both count
    const pair = [await startCall(alice, scenario.id), await startCall(alice, scenario.id)];
    const ends = await Promise.all(pair.map((id) => send(alice.cookie, 'POST', `/api/interviews/${id}/end`)));
    expect(ends.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await expectSummaryRight(alice)).completedCount).toBe(3);

    // one statement inserting many calls (seeding), some of them unfinished
    const seeded = await seedCalls(db, { userId: alice.user.id, completed: 40, unfinished: 3 });
    expect((await expectSummaryRight(alice)).completedCount).toBe(43);

    // a failed evaluation counts as zero; re-evaluating it replaces the zero with the new score
    await db
      .update(interviews)
      .set({ evaluation: { error: 'Evaluation failed', message: 'down' }, status: 'completed_with_errors' })
      .where(eq(interviews.id, first));
    const failed = await expectSummaryRight(alice);
    expect(failed.completedCount).toBe(43);
    expect((await send(alice.cookie, 'POST', `/api/interviews/${first}/re-evaluate`)).statusCode).toBe(200);
    const reEvaluated = await expectSummaryRight(alice);
    expect(reEvaluated.averageScore).toBeGreaterThan(failed.averageScore);

    // an admin's corrections: another evaluation; an evaluation taken away (no longer completed)
    const corrected = seeded.completedIds[0];
    const patch = (id: number, body: object) => send(admin, 'PATCH', `/api/interviews/${id}`, body);
    expect((await patch(corrected, { evaluation: [{ score: 10 }, { score: 9 }] })).statusCode).toBe(200);
    await expectSummaryRight(alice);
    expect((await patch(corrected, { evaluation: null })).statusCode).toBe(200);
    expect((await expectSummaryRight(alice)).completedCount).toBe(42);

    // writes that cannot change the figures leave them as they are
    const before = await db.select().from(userCallStats).where(eq(userCallStats.userId, alice.user.id));
    await send(alice.cookie, 'POST', `/api/interviews/${first}/rate`, { callRating: 2, evaluationRating: 1 });
    await db.update(interviews).set({ notes: 'kept' }).where(eq(interviews.userId, alice.user.id));
    expect(await db.select().from(userCallStats).where(eq(userCallStats.userId, alice.user.id))).toEqual(
      before,
    );

    // calls moved to another user by hand count for the new owner
    const moved = seeded.completedIds.slice(1, 6);
    await db.update(interviews).set({ userId: bob.user.id }).where(inArray(interviews.id, moved));
    expect((await expectSummaryRight(alice)).completedCount).toBe(37);
    expect((await expectSummaryRight(bob)).completedCount).toBe(5);

    // deletes, one statement over two users
    await db.delete(interviews).where(inArray(interviews.id, [first, ...seeded.completedIds.slice(4, 10)]));
    expect((await expectSummaryRight(alice)).completedCount).toBe(32);
    expect((await expectSummaryRight(bob)).completedCount).toBe(3);

    // a deleted user takes their calls and their row with them
    await db.delete(users).where(eq(users.id, bob.user.id));
    expect(await db.select().from(userCallStats).where(eq(userCallStats.userId, bob.user.id))).toEqual([]);
    expect(await drifted(db)).toEqual([]);
  });

  it('is emptied with the calls by a TRUNCATE', async () => {
    const carol = await registerUser(ctx.app, { name: 'Carol' });
    await seedCalls(ctx.database.db, { userId: carol.user.id, completed: 3 });
    expect((await expectSummaryRight(carol)).completedCount).toBe(3);
    await ctx.database.exec('truncate table interviews cascade');
    expect(await expectSummaryRight(carol)).toEqual({ completedCount: 0, averageScore: 0 });
    expect(await ctx.database.db.select().from(userCallStats)).toEqual([]);
  });
});

describe('a filtered total counted only so far', () => {
  let dana: Actor;
  beforeAll(async () => {
    dana = await registerUser(ctx.app, { name: 'Dana' });
    // every seeded transcript says "call number <i>"; a quarter of them "the budget review"
    await seedCalls(ctx.database.db, { userId: dana.user.id, completed: LIST_COUNT_AHEAD + 30 });
  });
  const calls = LIST_COUNT_AHEAD + 30;
  const page = (cookie: string, query: string) =>
    send(cookie, 'GET', `/api/interviews?page=${query}`).then((r) => r.json());

  it('is exact without filters, and for a search matching fewer calls than the window', async () => {
    expect(await page(dana.cookie, '1')).toMatchObject({ total: calls, totalCapped: false });
    const budget = await page(dana.cookie, '1&pageSize=100&search=BUDGET');
    expect(budget).toMatchObject({ total: Math.ceil((calls - 2) / 4), totalCapped: false });
    expect(budget.items.every((i: Interview) => i.transcript?.includes('budget review'))).toBe(true);
    // a rare text (one call) is found as well
    const rare = await page(dana.cookie, '1&search=number%2017.');
    expect(rare).toMatchObject({ total: 1, totalCapped: false, items: [{ transcript: expect.any(String) }] });
    expect(rare.items[0].transcript).toContain('call number 17.');
  });

  it('says "more than" past the window, counts further from a later page, and is exact near the end', async () => {
    const first = await page(dana.cookie, '1&search=call%20number');
    expect(first).toMatchObject({ total: LIST_COUNT_AHEAD, totalCapped: true });
    expect(first.items).toHaveLength(5);
    expect(first.summary.completedCount).toBe(calls);
    // from page 21 (offset 100) the window reaches past the last match: the exact total again
    const later = await page(dana.cookie, `${LIST_COUNT_AHEAD / 5 + 1}&search=call%20number`);
    expect(later).toMatchObject({ total: calls, totalCapped: false });
    expect(later.items).toHaveLength(5);
  });

  it('treats All Calls the same way', async () => {
    const all = (query: string) =>
      send(admin, 'GET', `/api/interviews/all?page=${query}`).then((r) => r.json());
    expect(await all('1&search=call%20number')).toMatchObject({ total: LIST_COUNT_AHEAD, totalCapped: true });
    const byCaller = await all(`1&search=Dana`);
    expect(byCaller).toMatchObject({ total: LIST_COUNT_AHEAD, totalCapped: true });
    expect(byCaller.items.every((i: { userName: string }) => i.userName === 'Dana')).toBe(true);
    expect(await all(`1&userId=${dana.user.id}&search=budget`)).toMatchObject({
      total: Math.ceil((calls - 2) / 4),
      totalCapped: false,
    });
  });
});

describe('migration 0013', () => {
  it('fills user_call_stats from the calls already there', async () => {
    // the migrations before 0013, as a database had them before it
    await onDatabaseBefore('0013', async (database) => {
      const { db } = database;
      const ids = await db
        .insert(users)
        .values(['a', 'b', 'c'].map((n) => ({ name: n, email: `${n}@example.com`, passwordHash: 'x' })))
        .returning({ id: users.id });
      const [scenario] = await rows<{ id: number }>(
        db,
        sql`insert into interviewers (name) values ('Alex') returning id`,
      );
      await seedCalls(db, { userId: ids[0].id, completed: 9, unfinished: 2, interviewerIds: [scenario.id] });
      await seedCalls(db, { userId: ids[1].id, completed: 0, unfinished: 1, interviewerIds: [scenario.id] });

      await migrateFrom(database);
      const kept = await db.select().from(userCallStats);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ userId: ids[0].id, completedCount: 9 });
      expect(await drifted(db)).toEqual([]);
      // and from now on the triggers keep it
      await seedCalls(db, { userId: ids[2].id, completed: 2, interviewerIds: [scenario.id] });
      expect(await drifted(db)).toEqual([]);
    });
  });
});
