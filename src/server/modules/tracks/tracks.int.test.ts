import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  interviewers,
  interviews,
  trackAchievements,
  users,
  userTracks,
  utterances,
} from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { REGISTER_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

type Actor = Awaited<ReturnType<typeof registerUser>>;
const call = (actor: Actor | null, method: string, url: string, payload?: unknown) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: actor ? { cookie: actor.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function admin() {
  const a = await registerUser(ctx.app, { name: 'Ada Admin' });
  await ctx.database.db.update(users).set({ isAdmin: true, role: 'admin' }).where(eq(users.id, a.user.id));
  return a;
}

async function scenario(name: string, isArchived = false) {
  const [row] = await ctx.database.db
    .insert(interviewers)
    .values({ name, isArchived, rubricName: `${name} rubric` })
    .returning();
  return row.id;
}

/** A track of three scenarios made through the admin API. */
async function threeStepTrack(a: Actor) {
  const ids = [await scenario('First'), await scenario('Second'), await scenario('Third')];
  const res = await call(a, 'POST', '/api/tracks', {
    name: 'Loop',
    description: 'Three rounds',
    scenarios: ids.map((interviewerId, i) => ({ interviewerId, sequenceOrder: i + 1 })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; scenarios: { id: number; interviewerId: number }[] };
}

async function endedCall(
  userId: number,
  interviewerId: number,
  trackScenarioId: number,
  scores: number[] | null,
) {
  await ctx.database.db.insert(interviews).values({
    userId,
    interviewerId,
    trackScenarioId,
    startTime: new Date(),
    endTime: new Date(),
    status: scores ? 'completed' : 'completed_with_errors',
    evaluation: scores
      ? { criteria: scores.map((score) => ({ name: 'c', score, feedback: '' })) }
      : { error: 'Evaluation failed', message: 'x' },
  });
}

describe('tracks', () => {
  it('admin creates with defaults and order; users cannot author; archived scenarios cannot be added', async () => {
    const a = await admin();
    const u = await registerUser(ctx.app);
    const track = await threeStepTrack(a);
    expect(track).toMatchObject({ name: 'Loop', estimatedCompletionTime: '2-3 hours', isArchived: false });
    expect(track.scenarios.map((s) => s.interviewerId)).toHaveLength(3);
    expect((await call(u, 'POST', '/api/tracks', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(u, 'PATCH', `/api/tracks/${track.id}`, { name: 'Hijack' })).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/tracks')).statusCode).toBe(401);
    const archived = await scenario('Old', true);
    const res = await call(a, 'PATCH', `/api/tracks/${track.id}`, {
      scenarios: [{ interviewerId: archived, sequenceOrder: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Archived scenarios cannot be added to tracks');
    // a user's own scenario is private: not in a track, made or changed
    const [own] = await ctx.database.db
      .insert(interviewers)
      .values({ name: 'Private pitch', isCustomScenario: true, userId: u.user.id, rubricName: 'Mine' })
      .returning();
    for (const [method, url] of [
      ['POST', '/api/tracks'],
      ['PATCH', `/api/tracks/${track.id}`],
    ] as const) {
      const refused = await call(a, method, url, {
        name: 'With a private one',
        scenarios: [{ interviewerId: own.id, sequenceOrder: 0 }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        "A user's own scenario is private to them and cannot be added to a track",
      );
    }
    const listed = await call(u, 'GET', `/api/tracks/${track.id}`);
    expect(listed.body).not.toContain('Private pitch');
  });

  it('reorders scenarios, keeping the rows calls point at', async () => {
    const a = await admin();
    const track = await threeStepTrack(a);
    const [s1, s2, s3] = track.scenarios;
    const res = await call(a, 'PATCH', `/api/tracks/${track.id}`, {
      scenarios: [s3, s1, s2].map((s, i) => ({ interviewerId: s.interviewerId, sequenceOrder: i + 1 })),
    });
    expect(res.json().scenarios.map((s: { id: number }) => s.id)).toEqual([s3.id, s1.id, s2.id]);
  });

  it('join, progress from evaluated calls (a failed evaluation is no score), unlock order, achievement once', async () => {
    const a = await admin();
    const u = await registerUser(ctx.app);
    const track = await threeStepTrack(a);
    const [s1, s2, s3] = track.scenarios;
    expect((await call(u, 'GET', `/api/tracks/${track.id}`)).json().progress).toBeNull();
    const joined = await call(u, 'POST', `/api/tracks/${track.id}/join`);
    expect(joined.json().progress).toMatchObject({ isActive: true, percentComplete: 0, completedAt: null });

    await endedCall(u.user.id, s1.interviewerId, s1.id, null);
    let p = (await call(u, 'GET', `/api/tracks/${track.id}`)).json().progress;
    expect(p.attempts).toEqual({ [s1.id]: 1 });
    expect(p.averageScores).toEqual({});
    expect(p.percentComplete).toBe(0);

    await endedCall(u.user.id, s1.interviewerId, s1.id, [6, 8]);
    await endedCall(u.user.id, s1.interviewerId, s1.id, [9, 9]);
    p = (await call(u, 'GET', `/api/tracks/${track.id}`)).json().progress;
    expect(p).toMatchObject({
      attempts: { [s1.id]: 3 },
      averageScores: { [s1.id]: 8 },
      bestScores: { [s1.id]: 9 },
    });
    expect(p.percentComplete).toBe(33);

    await endedCall(u.user.id, s2.interviewerId, s2.id, [5]);
    await endedCall(u.user.id, s3.interviewerId, s3.id, [7]);
    p = (await call(u, 'GET', `/api/tracks/${track.id}`)).json().progress;
    expect(p.percentComplete).toBe(100);
    expect(p.completedAt).not.toBeNull();
    await call(u, 'GET', '/api/tracks');
    const achievements = await ctx.database.db.select().from(trackAchievements);
    expect(achievements).toHaveLength(1);
  });

  it('leave keeps the data, rejoin restores it, reset clears it', async () => {
    const a = await admin();
    const u = await registerUser(ctx.app);
    const track = await threeStepTrack(a);
    const [s1] = track.scenarios;
    await call(u, 'POST', `/api/tracks/${track.id}/join`);
    await endedCall(u.user.id, s1.interviewerId, s1.id, [8]);
    expect((await call(u, 'POST', `/api/tracks/${track.id}/leave`, {})).statusCode).toBe(200);
    expect((await call(u, 'GET', `/api/tracks/${track.id}`)).json().progress).toMatchObject({
      isActive: false,
      percentComplete: 33,
    });
    const rejoined = await call(u, 'POST', `/api/tracks/${track.id}/join`);
    expect(rejoined.json().progress).toMatchObject({ isActive: true, averageScores: { [s1.id]: 8 } });
    const reset = await call(u, 'POST', `/api/tracks/${track.id}/reset`);
    expect(reset.json().progress).toMatchObject({ percentComplete: 0, averageScores: {}, attempts: {} });
  });

  it('an archived track leaves Available but stays for its members', async () => {
    const a = await admin();
    const member = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const track = await threeStepTrack(a);
    await call(member, 'POST', `/api/tracks/${track.id}/join`);
    await call(a, 'PATCH', `/api/tracks/${track.id}`, { isArchived: true });
    const names = async (who: Actor) =>
      ((await call(who, 'GET', '/api/tracks')).json() as { id: number }[]).map((t) => t.id);
    expect(await names(member)).toContain(track.id);
    expect(await names(other)).not.toContain(track.id);
    expect((await call(other, 'GET', `/api/tracks/${track.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/tracks/${track.id}/join`)).statusCode).toBe(400);
    const adminList = await call(a, 'GET', '/api/tracks?includeArchived=true&page=1&pageSize=5&search=loop');
    expect(adminList.json()).toMatchObject({ total: 1 });
  });

  it('follows the caller, never another user, and answers 4xx to bad input', async () => {
    const u = await registerUser(ctx.app);
    const v = await registerUser(ctx.app);
    expect((await call(u, 'GET', `/api/tracks?userId=${v.user.id}`)).statusCode).toBe(403);
    expect((await call(u, 'GET', `/api/tracks/1?userId=${v.user.id}`)).statusCode).toBe(403);
    for (const [m, url, body] of [
      ['GET', '/api/tracks/abc', undefined],
      ['POST', '/api/tracks/-3/join', undefined],
      ['POST', '/api/tracks/999/leave', {}],
      ['POST', '/api/tracks/999/reset', undefined],
      ['GET', '/api/tracks?page=0', undefined],
    ] as const) {
      const res = await call(u, m, url, body);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('ending a call on a track scenario updates the stored progress at once', async () => {
    const a = await admin();
    const u = await registerUser(ctx.app);
    const track = await threeStepTrack(a);
    const [s1] = track.scenarios;
    await ctx.database.db
      .update(interviewers)
      .set({ rubricCriteria: [{ name: 'Communication', description: 'Clear answers' }] })
      .where(eq(interviewers.id, s1.interviewerId));
    await call(u, 'POST', `/api/tracks/${track.id}/join`);
    const started = await call(u, 'POST', '/api/interviews', {
      type: 'single',
      startTime: new Date().toISOString(),
      interviewerId: s1.interviewerId,
      userId: u.user.id,
      trackScenarioId: s1.id,
    });
    expect(started.statusCode, started.body).toBe(201);
    const interviewId = started.json().id as number;
    await ctx.database.db.insert(utterances).values([
      { interviewId, speaker: 'agent', text: 'Tell me about a launch you led.', startMs: 0, endMs: 2000 },
      {
        interviewId,
        speaker: 'user',
        text: 'I led the onboarding redesign with five engineers, interviewed twenty merchants and cut drop-off by eighteen percent in one quarter, which we measured every week.',
        startMs: 2500,
        endMs: 12_000,
      },
    ]);
    const ended = await call(u, 'POST', `/api/interviews/${interviewId}/end`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    const [membership] = await ctx.database.db
      .select()
      .from(userTracks)
      .where(eq(userTracks.userId, u.user.id));
    expect(membership.attempts).toEqual({ [s1.id]: 1 });
    expect(membership.progress).toBe(33);
    expect(Object.keys(membership.averageScores)).toEqual([String(s1.id)]);
  });

  it('a call on a scenario started outside its track counts for the track it is open in', async () => {
    const a = await admin();
    const u = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const track = await threeStepTrack(a);
    const [s1, s2] = track.scenarios;
    await ctx.database.db.update(users).set({ credits: 100 }).where(eq(users.id, u.user.id));
    const start = (actor: Actor, interviewerId: number) =>
      call(actor, 'POST', '/api/interviews', {
        type: 'single',
        startTime: new Date().toISOString(),
        interviewerId,
        userId: actor.user.id,
      });
    // not following the track: the call is no track's
    expect((await start(u, s1.interviewerId)).json().trackScenarioId).toBeNull();
    await call(u, 'POST', `/api/tracks/${track.id}/join`);
    // following it, from New Call: the first scenario's, open
    const first = await start(u, s1.interviewerId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().trackScenarioId).toBe(s1.id);
    // the second is locked until the first has a score: its call counts for no track, and starts
    const locked = await start(u, s2.interviewerId);
    expect(locked.statusCode, locked.body).toBe(201);
    expect(locked.json().trackScenarioId).toBeNull();
    await endedCall(u.user.id, s1.interviewerId, s1.id, [7]);
    await call(u, 'GET', `/api/tracks/${track.id}`);
    expect((await start(u, s2.interviewerId)).json().trackScenarioId).toBe(s2.id);
    // another user, not following it: never
    expect((await start(other, s2.interviewerId)).json().trackScenarioId).toBeNull();
    // left: no more
    await call(u, 'POST', `/api/tracks/${track.id}/leave`, {});
    expect((await start(u, s1.interviewerId)).json().trackScenarioId).toBeNull();
  });
});
