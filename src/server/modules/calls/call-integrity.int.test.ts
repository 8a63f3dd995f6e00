// Issue 18 §1, §7, §8: scores come only from the server's evaluator, for what was said in the
// call. A user cannot write a call's status, transcript or end time, cannot have their own text
// re-evaluated, cannot date a call, cannot start a locked track scenario, and cannot read another
// user's private rubric through the evaluate route.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, interviews, rubrics, trackAchievements, users, userTracks } from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';
import { scenarioGateMessages } from '../tracks/scenario-gate.js';
import { insertInterviewer, setCredits, storeUtterances } from './call-fixtures.js';
import { interviewMessages } from './get-call.js';
import { reEvaluateMessages } from './re-evaluate-call.js';
import { seedCalls } from './seed-calls.js';

let ctx: TestContext;
let now = new Date('2026-03-01T10:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext({ clock: { now: () => now }, env: { REGISTER_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  now = new Date();
  await ctx.reset();
});

type Actor = Awaited<ReturnType<typeof registerUser>>;
const send = (actor: Actor | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: actor ? { cookie: actor.cookie } : {} });

const POLISHED =
  'Alex Rivera: Tell me about a launch.\nYou: Situation: churn was 9%. Task: I owned the fix. Action: I led a ' +
  'redesign of onboarding, interviewed 40 customers and shipped in 6 weeks. Result: churn fell to 3%, worth $2M a year.';

async function userWithCall(extra: object = {}) {
  const u = await registerUser(ctx.app);
  await setCredits(ctx.database.db, u.user.id, 5);
  const interviewer = await insertInterviewer(ctx.database.db);
  const res = await send(u, 'POST', '/api/interviews', {
    type: 'single',
    startTime: '2099-01-01T00:00:00Z',
    interviewerId: interviewer.id,
    userId: u.user.id,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    u,
    interviewer,
    interview: res.json() as { id: number; startTime: string; interviewerId: number },
  };
}

describe('a forged call', () => {
  it('keeps the server’s clock as the start time, whatever the client sends', async () => {
    const { interview } = await userWithCall();
    expect(interview.startTime).toBe(now.toISOString());
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row.startTime.toISOString()).toBe(now.toISOString());
  });

  it('refuses a PATCH of status, transcript, endTime or conversationId (403) and writes nothing', async () => {
    const { u, interview } = await userWithCall();
    const forged = [
      { status: 'completed_with_errors', transcript: POLISHED, endTime: new Date().toISOString() },
      { status: 'completed' },
      { transcript: POLISHED },
      { endTime: new Date().toISOString() },
      { conversationId: 'builtin_0123456789abcdef0123456789abcdef' },
      { transcript: null },
      { notes: 'only notes?', transcript: POLISHED },
    ];
    for (const payload of forged) {
      const res = await send(u, 'PATCH', `/api/interviews/${interview.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().message).toBe(interviewMessages.serverFieldsOnly);
    }
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row).toMatchObject({ status: 'in_progress', transcript: null, endTime: null, notes: null });
    expect(row.conversationId).toBeNull();
  });

  it('lets the owner change notes alone, before and after the end', async () => {
    const { u, interview } = await userWithCall();
    const before = await send(u, 'PATCH', `/api/interviews/${interview.id}`, { notes: 'nervous' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ notes: 'nervous', status: 'in_progress' });
    await storeUtterances(ctx.database.db, interview.id, [
      ['agent', 'Tell me about a launch.'],
      ['user', 'I shipped a small fix.'],
    ]);
    expect((await send(u, 'POST', `/api/interviews/${interview.id}/end`)).statusCode).toBe(200);
    const after = await send(u, 'PATCH', `/api/interviews/${interview.id}`, { notes: 'do better' });
    expect(after.statusCode).toBe(200);
    expect(after.json().notes).toBe('do better');
  });

  it('re-evaluates what was said in the call, never the stored text', async () => {
    const { u, interview } = await userWithCall();
    await storeUtterances(ctx.database.db, interview.id, [
      ['agent', 'Tell me about a launch.'],
      ['user', 'Um, I do not really remember, it was fine I guess.'],
    ]);
    const ended = await send(u, 'POST', `/api/interviews/${interview.id}/end`);
    expect(ended.statusCode).toBe(200);
    const scored = ended.json().evaluation;
    // the stored text is swapped behind the server's back (an admin's edit, or a database hand)
    await ctx.database.db
      .update(interviews)
      .set({ transcript: POLISHED, status: 'completed_with_errors' })
      .where(eq(interviews.id, interview.id));
    const again = await send(u, 'POST', `/api/interviews/${interview.id}/re-evaluate`);
    expect(again.statusCode).toBe(200);
    expect(again.json().transcript).not.toContain('churn');
    expect(again.json().transcript).toContain('I do not really remember');
    expect(again.json().evaluation).toEqual(scored);
  });

  it('scores a call against its scenario as it started, whatever the owner edits afterwards', async () => {
    const u = await registerUser(ctx.app);
    await setCredits(ctx.database.db, u.user.id, 5);
    const own = await insertInterviewer(ctx.database.db, {
      isCustomScenario: true,
      userId: u.user.id,
      rubricCriteria: [
        { name: 'Structure', description: 'Answers with a situation, an action and a result.' },
      ],
    });
    const started = await send(u, 'POST', '/api/interviews', {
      type: 'single',
      startTime: '2099-01-01T00:00:00Z',
      interviewerId: own.id,
      userId: u.user.id,
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as number;
    await storeUtterances(ctx.database.db, id, [
      ['agent', 'Tell me about a launch.'],
      ['user', 'Um, I do not really remember, it was fine I guess.'],
    ]);
    const easier = (name: string) =>
      send(u, 'PATCH', `/api/interviewers/${own.id}`, {
        rubricCriteria: [{ name, description: 'Says any words at all.' }],
      });
    // edited while the call runs, and again before it is evaluated again
    expect((await easier('Saying words')).statusCode).toBe(200);
    const ended = await send(u, 'POST', `/api/interviews/${id}/end`);
    expect(ended.json().evaluation.criteria.map((c: { name: string }) => c.name)).toEqual(['Structure']);
    expect((await easier('Being there')).statusCode).toBe(200);
    // evaluated again after a failure (the model down at the end): still against its first rubric
    await ctx.database.db
      .update(interviews)
      .set({ status: 'completed_with_errors' })
      .where(eq(interviews.id, id));
    const again = await send(u, 'POST', `/api/interviews/${id}/re-evaluate`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().evaluation).toEqual(ended.json().evaluation);
    // the next call is scored against the scenario as it is then
    const next = await send(u, 'POST', '/api/interviews', {
      type: 'single',
      startTime: '2099-01-01T00:00:00Z',
      interviewerId: own.id,
      userId: u.user.id,
    });
    await storeUtterances(ctx.database.db, next.json().id, [
      ['agent', 'Tell me about a launch.'],
      ['user', 'I shipped a small fix to the onboarding flow.'],
    ]);
    const nextEnded = await send(u, 'POST', `/api/interviews/${next.json().id}/end`);
    expect(nextEnded.json().evaluation.criteria.map((c: { name: string }) => c.name)).toEqual([
      'Being there',
    ]);
  });

  it('keeps the copy a call is scored against, the same whether started in the app or seeded for a bench', async () => {
    const { u, interviewer, interview } = await userWithCall();
    const [started] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(started.scoredAgainst).toEqual({
      role: interviewer.role,
      company: interviewer.company,
      callType: interviewer.callType,
      bio: interviewer.bio,
      systemPrompt: interviewer.systemPrompt,
      sampleQuestions: interviewer.sampleQuestions,
      rubricCriteria: interviewer.rubricCriteria,
    });
    const { completedIds } = await seedCalls(ctx.database.db, {
      userId: u.user.id,
      completed: 2,
      interviewerIds: [interviewer.id],
      scoredAgainst: true,
    });
    const seeded = await ctx.database.db.select().from(interviews).where(eq(interviews.id, completedIds[1]));
    expect(seeded[0].scoredAgainst).toEqual(started.scoredAgainst);
  });

  it('does not score a call with a good evaluation again for its owner, who could keep the best of many', async () => {
    const { u, interview } = await userWithCall();
    await storeUtterances(ctx.database.db, interview.id, [
      ['agent', 'Tell me about a launch.'],
      ['user', 'I led the checkout redesign and conversion rose by four percent in a month.'],
    ]);
    const ended = await send(u, 'POST', `/api/interviews/${interview.id}/end`);
    expect(ended.json().status).toBe('completed');
    const again = await send(u, 'POST', `/api/interviews/${interview.id}/re-evaluate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(reEvaluateMessages.alreadyEvaluated);
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row.evaluation).toEqual(ended.json().evaluation);
    // an admin may (after fixing a rubric or the model)
    const admin = await registerUser(ctx.app);
    await ctx.database.db
      .update(users)
      .set({ isAdmin: true, role: 'admin' })
      .where(eq(users.id, admin.user.id));
    const byAdmin = await send(admin, 'POST', `/api/interviews/${interview.id}/re-evaluate`);
    expect(byAdmin.statusCode).toBe(200);
  });

  it('re-evaluates nothing when no utterance was stored, whatever the transcript says', async () => {
    const { u, interview } = await userWithCall();
    await send(u, 'POST', `/api/interviews/${interview.id}/end`);
    await ctx.database.db
      .update(interviews)
      .set({ transcript: POLISHED, status: 'completed_with_errors' })
      .where(eq(interviews.id, interview.id));
    const res = await send(u, 'POST', `/api/interviews/${interview.id}/re-evaluate`);
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row.evaluation).toBeNull();
  });
});

describe('track order at call start', () => {
  async function track(admin: Actor) {
    const ids: number[] = [];
    for (const name of ['First', 'Second', 'Third'])
      ids.push((await insertInterviewer(ctx.database.db, { name })).id);
    const res = await send(admin, 'POST', '/api/tracks', {
      name: 'Loop',
      scenarios: ids.map((interviewerId, i) => ({ interviewerId, sequenceOrder: i + 1 })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; scenarios: { id: number; interviewerId: number }[] };
  }

  it('starts only the unlocked scenario of a joined track, by the rule the track page shows', async () => {
    const admin = await registerUser(ctx.app);
    await ctx.database.db
      .update(users)
      .set({ isAdmin: true, role: 'admin' })
      .where(eq(users.id, admin.user.id));
    const t = await track(admin);
    const u = await registerUser(ctx.app);
    await setCredits(ctx.database.db, u.user.id, 10);
    const start = (s: { id: number; interviewerId: number }) =>
      send(u, 'POST', '/api/interviews', {
        type: 'single',
        startTime: new Date().toISOString(),
        interviewerId: s.interviewerId,
        userId: u.user.id,
        trackScenarioId: s.id,
      });
    const [first, , last] = t.scenarios;

    const notJoined = await start(first);
    expect(notJoined.statusCode).toBe(403);
    expect(notJoined.json().message).toBe('You have not joined this track');
    expect((await send(u, 'POST', `/api/tracks/${t.id}/join`)).statusCode).toBeLessThan(300);

    const skipped = await start(last);
    expect(skipped.statusCode).toBe(403);
    expect(skipped.json().message).toBe(scenarioGateMessages.locked);
    const detail = (await send(u, 'GET', `/api/tracks/${t.id}`)).json();
    expect(detail.progress.completedAt).toBeNull();
    expect(await ctx.database.db.select().from(trackAchievements)).toHaveLength(0);
    const [balance] = await ctx.database.db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, u.user.id));
    expect(balance.credits).toBe(10);

    expect((await start(first)).statusCode).toBe(201);
  });

  it('opens the next scenario once the one before has a score', async () => {
    const admin = await registerUser(ctx.app);
    await ctx.database.db
      .update(users)
      .set({ isAdmin: true, role: 'admin' })
      .where(eq(users.id, admin.user.id));
    const t = await track(admin);
    const u = await registerUser(ctx.app);
    await setCredits(ctx.database.db, u.user.id, 10);
    await send(u, 'POST', `/api/tracks/${t.id}/join`);
    const [first, second] = t.scenarios;
    await ctx.database.db
      .update(userTracks)
      .set({ averageScores: { [first.id]: 6.5 } })
      .where(eq(userTracks.userId, u.user.id));
    const res = await send(u, 'POST', '/api/interviews', {
      type: 'single',
      startTime: new Date().toISOString(),
      interviewerId: second.interviewerId,
      userId: u.user.id,
      trackScenarioId: second.id,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('rubrics through POST /api/interviews/evaluate', () => {
  it('does not answer another user’s private rubric, by scenario id or rubric id', async () => {
    const owner = await registerUser(ctx.app);
    const [secret] = await ctx.database.db
      .insert(rubrics)
      .values({
        id: 900_001,
        name: 'Private',
        isCustom: true,
        criteria: [{ name: 'Secret Sauce', description: 'mine' }],
      })
      .returning();
    const scenario = await insertInterviewer(ctx.database.db, {
      isCustomScenario: true,
      userId: owner.user.id,
      rubricId: secret.id,
      rubricCriteria: [],
    });
    const other = await registerUser(ctx.app);
    const transcript = 'Alex: Hello\nYou: Hi there, I prepared well.';
    for (const rubricId of [secret.id, scenario.id]) {
      const res = await send(other, 'POST', '/api/interviews/evaluate', { rubricId, transcript });
      expect(res.statusCode, `rubric ${rubricId}`).toBe(404);
      expect(res.body).not.toContain('Secret Sauce');
    }
    // the owner still can, both ways
    for (const rubricId of [secret.id, scenario.id]) {
      const mine = await send(owner, 'POST', '/api/interviews/evaluate', { rubricId, transcript });
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain('Secret Sauce');
    }
  });
});

describe('a call in which the user said nothing', () => {
  it('gives its credit back once, with a ledger line; a call with an answer does not', async () => {
    const { u, interview } = await userWithCall();
    const balance = async () =>
      (await ctx.database.db.select({ c: users.credits }).from(users).where(eq(users.id, u.user.id)))[0].c;
    expect(await balance()).toBe(4);
    await storeUtterances(ctx.database.db, interview.id, [['agent', 'Hi, ready to start?']]);
    const ends = await Promise.all([1, 2].map(() => send(u, 'POST', `/api/interviews/${interview.id}/end`)));
    expect(ends.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balance()).toBe(5);
    // said plainly: nothing to score, no credit used (not a fault to evaluate again)
    expect(ends[0].json()).toMatchObject({
      status: 'completed_with_errors',
      evaluation: {
        error: 'Evaluation failed',
        message:
          'You ended the call before answering, so there was nothing to score. No credit was used for it.',
      },
    });
    // and evaluating it again has nothing more to score: refused, the evaluation kept
    const again = await send(u, 'POST', `/api/interviews/${interview.id}/re-evaluate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You ended the call before answering, so there was nothing to score. No credit was used for it.',
    );
    const lines = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.userId, u.user.id));
    expect(lines.filter((l) => l.reason === 'refund')).toEqual([
      expect.objectContaining({ delta: 1, interviewId: interview.id }),
    ]);
    // the call's debit and its refund cancel out
    expect(lines.filter((l) => l.interviewId === interview.id).reduce((n, l) => n + l.delta, 0)).toBe(0);

    const answered = await send(u, 'POST', '/api/interviews', {
      type: 'single',
      startTime: new Date().toISOString(),
      interviewerId: interview.interviewerId,
      userId: u.user.id,
    });
    const id = answered.json().id;
    await storeUtterances(ctx.database.db, id, [
      ['agent', 'Hi, ready to start?'],
      ['user', 'Yes.'],
    ]);
    await send(u, 'POST', `/api/interviews/${id}/end`);
    expect(await balance()).toBe(4);
  });
});

describe('a call left open (the tab closed mid-call)', () => {
  it('is listed to its owner alone, with when it ends on its own, until it is ended', async () => {
    const { u, interviewer, interview } = await userWithCall();
    const other = await registerUser(ctx.app);
    const open = await send(u, 'GET', '/api/interviews/open');
    expect(open.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(open.json()).toEqual([
      {
        id: interview.id,
        interviewerName: interviewer.name,
        startTime: interview.startTime,
        endsBy: new Date(row.createdAt.getTime() + 1860_000).toISOString(),
      },
    ]);
    expect((await send(other, 'GET', '/api/interviews/open')).json()).toEqual([]);
    expect((await send(null, 'GET', '/api/interviews/open')).statusCode).toBe(401);
    // ended (nothing said: its credit back), it is open no more
    expect((await send(u, 'POST', `/api/interviews/${interview.id}/end`)).statusCode).toBe(200);
    expect((await send(u, 'GET', '/api/interviews/open')).json()).toEqual([]);
  });
});
