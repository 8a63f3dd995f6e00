// Issue 21: the owner of a custom scenario edits and deletes it; another user can neither see nor
// change it; admins keep their rights. A scenario that calls used is archived, not deleted, so
// those calls keep their scenario, transcript and evaluation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  interviewers,
  interviews,
  rubrics,
  trackScenarios,
  tracks,
  users,
} from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
let ctx: TestContext;
let alice: { cookie: string; id: number };
let bob: { cookie: string; id: number };
let admin: { cookie: string; id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await registerUser(ctx.app, { name: 'Alice Owner' });
  const b = await registerUser(ctx.app, { name: 'Bob Other' });
  const c = await registerUser(ctx.app, { name: 'Ada Admin' });
  alice = { cookie: a.cookie, id: a.user.id };
  bob = { cookie: b.cookie, id: b.user.id };
  admin = { cookie: c.cookie, id: c.user.id };
  await ctx.database.db.update(users).set({ isAdmin: true, role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.exec('truncate table interviewers, rubrics, tracks restart identity cascade');
});

const call = (cookie: string | null, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: cookie ? { cookie } : {},
  });

const SCENARIO = {
  name: 'Marta Lindqvist',
  role: 'CTO',
  company: 'Fjordline Ferries',
  bio: 'A furious CTO the morning after our migration took the production database down for six hours.',
  voiceId: 'sarah',
  systemPrompt: 'You are Marta Lindqvist, CTO at Fjordline Ferries.\n\nTemperament: angry',
  welcomeMessage: "Marta here. We need to talk about your migration, and I haven't got long.",
  rubricName: 'Customer Escalation Rubric',
  rubricCriteria: [{ name: 'Ownership', description: 'Owns the outage.' }],
  sampleQuestions: ['Your migration took the production database down for six hours. How did that happen?'],
};

async function aliceScenario() {
  const res = await call(alice.cookie, 'POST', '/api/interviewers', SCENARIO);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; rubricId: number; updatedAt: string };
}

const listIds = async (cookie: string) =>
  ((await call(cookie, 'GET', '/api/interviewers')).json() as { id: number }[]).map((i) => i.id);

async function completedCallOf(userId: number, interviewerId: number) {
  const [row] = await ctx.database.db
    .insert(interviews)
    .values({
      userId,
      interviewerId,
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(),
      status: 'completed',
      transcript: 'Interviewer: How did that happen?\nCandidate: I own it: the rollback plan failed.',
      evaluation: [{ name: 'Ownership', score: 8, feedback: 'Owned it.' }],
    })
    .returning();
  return row.id;
}

describe('the owner edits their custom scenario', () => {
  it('changes the user-facing fields and sees the change in their list', async () => {
    const scenario = await aliceScenario();
    const edit = {
      name: 'Marta (post-mortem)',
      role: 'Chief Technology Officer',
      company: 'Fjordline',
      bio: 'Still furious, a week later.',
      systemPrompt: 'You are Marta.\n\nTemperament: sceptical',
      welcomeMessage: "Marta here. Let's go through the post-mortem.",
      sampleQuestions: ['What did the post-mortem find?', '  ', 'Who owns the fix?'],
      rubricName: 'Post-mortem Rubric',
      rubricCriteria: [{ name: 'Root Cause', description: 'Finds the real cause.' }],
      voiceId: 'michael',
    };
    const res = await call(alice.cookie, 'PATCH', `/api/interviewers/${scenario.id}`, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...edit,
      sampleQuestions: ['What did the post-mortem find?', 'Who owns the fix?'],
      isCustomScenario: true,
      userId: alice.id,
      addedBy: alice.id,
    });
    const listed = (await call(alice.cookie, 'GET', '/api/interviewers')).json() as {
      id: number;
      name: string;
    }[];
    expect(listed.find((i) => i.id === scenario.id)?.name).toBe('Marta (post-mortem)');
    // the rubric row follows the edit
    const [rubric] = await ctx.database.db.select().from(rubrics).where(eq(rubrics.id, scenario.rubricId));
    expect(rubric).toMatchObject({ name: 'Post-mortem Rubric', isCustom: true });
  });

  it('never changes ownership: userId is refused, isCustomScenario and addedBy are ignored', async () => {
    const scenario = await aliceScenario();
    const moved = await call(alice.cookie, 'PATCH', `/api/interviewers/${scenario.id}`, { userId: bob.id });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe('You can only create scenarios for yourself');
    const sneaky = await call(alice.cookie, 'PATCH', `/api/interviewers/${scenario.id}`, {
      name: 'Renamed',
      isCustomScenario: false,
      addedBy: bob.id,
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({
      name: 'Renamed',
      isCustomScenario: true,
      userId: alice.id,
      addedBy: alice.id,
    });
    // still private to Alice
    expect(await listIds(bob.cookie)).not.toContain(scenario.id);
    expect(
      ((await call(null, 'GET', '/api/interviewers-public')).json() as { id: number }[]).map((i) => i.id),
    ).not.toContain(scenario.id);
  });

  it('keeps the spec’s messages for a blank name and too many criteria', async () => {
    const scenario = await aliceScenario();
    const blank = await call(alice.cookie, 'PATCH', `/api/interviewers/${scenario.id}`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBe('Name is required');
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `C${i}`, description: 'd' }));
    const many = await call(alice.cookie, 'PATCH', `/api/interviewers/${scenario.id}`, {
      rubricCriteria: six,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.rubricCriteria).toBe('A rubric has at most 5 criteria');
  });
});

describe('another user and the admin', () => {
  it('another user can neither see, edit nor delete it (404, unchanged)', async () => {
    const scenario = await aliceScenario();
    expect((await call(bob.cookie, 'GET', `/api/interviewers/${scenario.id}`)).statusCode).toBe(404);
    const edit = await call(bob.cookie, 'PATCH', `/api/interviewers/${scenario.id}`, { name: 'Hijacked' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('Interviewer not found');
    const del = await call(bob.cookie, 'DELETE', `/api/interviewers/${scenario.id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('Interviewer not found');
    const mine = (await call(alice.cookie, 'GET', `/api/interviewers/${scenario.id}`)).json();
    expect(mine).toMatchObject({ name: SCENARIO.name, isArchived: false, updatedAt: scenario.updatedAt });
  });

  it('a visitor is not signed in (401)', async () => {
    const scenario = await aliceScenario();
    expect((await call(null, 'DELETE', `/api/interviewers/${scenario.id}`)).statusCode).toBe(401);
    expect((await call(null, 'PATCH', `/api/interviewers/${scenario.id}`, { name: 'x' })).statusCode).toBe(
      401,
    );
  });

  it("an admin edits and deletes a user's custom scenario, with an audit entry", async () => {
    const scenario = await aliceScenario();
    const edit = await call(admin.cookie, 'PATCH', `/api/interviewers/${scenario.id}`, { name: 'Checked' });
    expect(edit.json()).toMatchObject({ name: 'Checked', userId: alice.id });
    const del = await call(admin.cookie, 'DELETE', `/api/interviewers/${scenario.id}`);
    expect(del.json()).toEqual({ id: scenario.id, outcome: 'deleted' });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'interviewer.delete'));
    expect(audit.map((a) => a.targetId)).toContain(String(scenario.id));
  });

  it('presets are archived, never deleted: 403 for an admin and for a user', async () => {
    const res = await call(admin.cookie, 'POST', '/api/interviewers', { name: 'Preset Pat' });
    const preset = res.json().id as number;
    const byAdmin = await call(admin.cookie, 'DELETE', `/api/interviewers/${preset}`);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('Preset scenarios cannot be deleted. Archive them instead.');
    const byUser = await call(alice.cookie, 'DELETE', `/api/interviewers/${preset}`);
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().message).toBe('Only administrators can edit preset scenarios');
    expect((await call(alice.cookie, 'GET', `/api/interviewers/${preset}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(alice.cookie, 'DELETE', '/api/interviewers/999999')).statusCode).toBe(404);
    expect((await call(alice.cookie, 'DELETE', '/api/interviewers/abc')).statusCode).toBe(400);
  });
});

describe('the owner deletes their custom scenario', () => {
  it('removes an unused one with its own rubric: gone from lists and lookups', async () => {
    const scenario = await aliceScenario();
    const res = await call(alice.cookie, 'DELETE', `/api/interviewers/${scenario.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: scenario.id, outcome: 'deleted' });
    expect(await listIds(alice.cookie)).not.toContain(scenario.id);
    expect((await call(alice.cookie, 'GET', `/api/interviewers/${scenario.id}`)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(interviewers).where(eq(interviewers.id, scenario.id))).toEqual(
      [],
    );
    expect(await ctx.database.db.select().from(rubrics).where(eq(rubrics.id, scenario.rubricId))).toEqual([]);
    // a second delete finds nothing
    expect((await call(alice.cookie, 'DELETE', `/api/interviewers/${scenario.id}`)).statusCode).toBe(404);
  });

  it('archives one that calls used: the calls keep their scenario, transcript and evaluation', async () => {
    const scenario = await aliceScenario();
    const callId = await completedCallOf(alice.id, scenario.id);
    const res = await call(alice.cookie, 'DELETE', `/api/interviewers/${scenario.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: scenario.id, outcome: 'archived' });
    // hidden like a deleted one: not listed, not readable, cannot start a call
    expect(await listIds(alice.cookie)).not.toContain(scenario.id);
    expect((await call(alice.cookie, 'GET', `/api/interviewers/${scenario.id}`)).statusCode).toBe(404);
    const start = await call(alice.cookie, 'POST', '/api/interviews', {
      type: 'single',
      startTime: new Date().toISOString(),
      interviewerId: scenario.id,
      userId: alice.id,
    });
    expect(start.statusCode).toBeGreaterThanOrEqual(400);
    expect(start.statusCode).toBeLessThan(500);
    // the call and its results remain on the dashboard, named after the scenario
    const calls = (await call(alice.cookie, 'GET', `/api/interviews?userId=${alice.id}`)).json() as {
      id: number;
      interviewerName: string;
      evaluation: unknown;
      transcript: string;
    }[];
    const kept = calls.find((c) => c.id === callId);
    expect(kept).toMatchObject({
      interviewerName: SCENARIO.name,
      transcript: expect.stringContaining('rollback'),
    });
    expect(kept?.evaluation).toBeTruthy();
  });

  it('archives one that a track uses, so the track keeps its scenario', async () => {
    const scenario = await aliceScenario();
    const [track] = await ctx.database.db.insert(tracks).values({ name: 'Incidents' }).returning();
    await ctx.database.db
      .insert(trackScenarios)
      .values({ trackId: track.id, interviewerId: scenario.id, sequenceOrder: 0 });
    const res = await call(alice.cookie, 'DELETE', `/api/interviewers/${scenario.id}`);
    expect(res.json()).toEqual({ id: scenario.id, outcome: 'archived' });
    expect(await ctx.database.db.select().from(trackScenarios)).toHaveLength(1);
  });
});
