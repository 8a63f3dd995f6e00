import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Deal,
  evaluationMessages,
  MAX_EVALUATE_TRANSCRIPT_LENGTH,
} from '../../../shared/contracts/evaluation.js';
import { buildApp } from '../../app.js';
import { appSettings, interviewers, interviews, rubrics } from '../../db/schema.js';
import { PRESET_INTERVIEWERS, type PresetInterviewer } from '../../db/seed/preset-interviewers.js';
import type { App } from '../../http/types.js';
import {
  completion,
  type FakeOpenAi,
  hang,
  html,
  startFakeOpenAi,
  status,
} from '../../test-support/fake-openai-server.js';
import {
  createTestContext,
  registerUser,
  type TestContext,
  testConfig,
  testLlm,
} from '../../test-support/test-app.js';
import { playScripted } from '../../voice/engines/dialogue/testing.js';
import { insertInterviewer, setCredits, storeUtterances } from '../calls/call-fixtures.js';
import { SAMPLE_RUBRIC, STRONG_TRANSCRIPT, WEAK_TRANSCRIPT } from './sample-transcripts.js';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { EVALUATE_RATE_LIMIT: '1000', REGISTER_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.reset();
  ({ cookie } = await registerUser(ctx.app));
});

const post = (url: string, payload: unknown, headers: Record<string, string> = { cookie }) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function addInterviewer(values: Partial<typeof interviewers.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(interviewers)
    .values({ name: 'Alex', rubricCriteria: SAMPLE_RUBRIC.slice(0, 2), ...values })
    .returning();
  return row;
}

describe('POST /api/interviews/evaluate', () => {
  it("scores a transcript against an interviewer's rubric, with analytics and the evaluator's name", async () => {
    const interviewer = await addInterviewer();
    const res = await post('/api/interviews/evaluate', {
      transcript: STRONG_TRANSCRIPT,
      rubricId: interviewer.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.criteria.map((c: { name: string }) => c.name)).toEqual(['Communication', 'Problem Solving']);
    for (const c of body.criteria) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(10);
      expect(c.feedback).not.toBe('');
      expect(c.rationale).toContain("In the candidate's words");
    }
    expect(body.overallScore).toBe(
      Math.round(((body.criteria[0].score + body.criteria[1].score) / 2) * 10) / 10,
    );
    expect(body.analytics).toMatchObject({ candidateWords: 391, answerCount: 7 });
    expect(body.evaluator).toBe('built-in');
  });

  it("falls back to the interviewer's linked rubric, then to a rubrics-table id", async () => {
    const [linked] = await ctx.database.db
      .insert(rubrics)
      .values({ name: 'Sales', criteria: [{ name: 'Discovery', description: 'Asks questions' }] })
      .returning();
    const interviewer = await addInterviewer({ rubricCriteria: [], rubricId: linked.id });
    const viaInterviewer = await post('/api/interviews/evaluate', {
      transcript: STRONG_TRANSCRIPT,
      rubricId: interviewer.id,
    });
    expect(viaInterviewer.json().criteria.map((c: { name: string }) => c.name)).toEqual(['Discovery']);

    const [standalone] = await ctx.database.db
      .insert(rubrics)
      .values({ id: 900, name: 'Lone', criteria: [{ name: 'Empathy', description: '' }] })
      .returning();
    const viaRubric = await post('/api/interviews/evaluate', {
      transcript: STRONG_TRANSCRIPT,
      rubricId: standalone.id,
    });
    expect(viaRubric.json().criteria.map((c: { name: string }) => c.name)).toEqual(['Empathy']);
  });

  it("answers 'No rubric available' for an unknown id, another user's custom scenario, or an empty rubric", async () => {
    const other = await registerUser(ctx.app);
    const foreign = await addInterviewer({ isCustomScenario: true, userId: other.user.id });
    const empty = await addInterviewer({ rubricCriteria: [] });
    for (const [rubricId, status] of [
      [999_999, 404],
      [foreign.id, 404],
      [empty.id, 400],
    ]) {
      const res = await post('/api/interviews/evaluate', { transcript: STRONG_TRANSCRIPT, rubricId });
      expect([rubricId, res.statusCode, res.json().message]).toEqual([
        rubricId,
        status,
        'No rubric available',
      ]);
    }
  });

  it('rejects an empty transcript and malformed bodies with 4xx, never 5xx', async () => {
    const interviewer = await addInterviewer();
    const empty = await post('/api/interviews/evaluate', { transcript: '  \n', rubricId: interviewer.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Transcript is required');
    for (const payload of [
      {},
      { transcript: 'You: hi' },
      { transcript: 42, rubricId: interviewer.id },
      { transcript: 'You: hi', rubricId: -1 },
      { transcript: 'You: hi', rubricId: 'abc' },
      { transcript: 'x'.repeat(500_001), rubricId: interviewer.id },
      [],
      null,
    ]) {
      const res = await post('/api/interviews/evaluate', payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/interviews/evaluate',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('is for signed-in users only', async () => {
    const res = await post('/api/interviews/evaluate', { transcript: STRONG_TRANSCRIPT, rubricId: 1 }, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/evaluate', () => {
  it('scores by the given criteria, ranking a strong transcript above a weak one', async () => {
    const body = { voiceId: 'michael', role: 'Sales Manager', rubricCriteria: SAMPLE_RUBRIC.slice(0, 5) };
    const strong = await post('/api/evaluate', { ...body, transcript: STRONG_TRANSCRIPT });
    const weak = await post('/api/evaluate', { ...body, transcript: WEAK_TRANSCRIPT });
    expect([strong.statusCode, weak.statusCode]).toEqual([200, 200]);
    expect(strong.json().overallScore).toBeGreaterThan(weak.json().overallScore);
  });

  it("answers the spec's error form when the candidate said nothing", async () => {
    const res = await post('/api/evaluate', {
      transcript: 'Interviewer: Hello, are you there?',
      rubricCriteria: SAMPLE_RUBRIC.slice(0, 1),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: 'Evaluation failed',
      message: 'The candidate said nothing that could be evaluated.',
    });
  });

  it('validates the body with the spec messages', async () => {
    const noRubric = await post('/api/evaluate', { transcript: STRONG_TRANSCRIPT, rubricCriteria: [] });
    expect([noRubric.statusCode, noRubric.json().message]).toEqual([400, 'No rubric available']);
    const empty = await post('/api/evaluate', { transcript: '', rubricCriteria: SAMPLE_RUBRIC.slice(0, 1) });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Transcript is required']);
    const tooMany = await post('/api/evaluate', {
      transcript: STRONG_TRANSCRIPT,
      rubricCriteria: SAMPLE_RUBRIC,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('A rubric has at most 5 criteria');
    const nameless = await post('/api/evaluate', {
      transcript: STRONG_TRANSCRIPT,
      rubricCriteria: [{ name: ' ' }],
    });
    expect(nameless.statusCode).toBe(400);
    const visitor = await post('/api/evaluate', { transcript: STRONG_TRANSCRIPT, rubricCriteria: [] }, {});
    expect(visitor.statusCode).toBe(401);
  });
});

describe('evaluations asked for through the endpoints', () => {
  it('takes a transcript of at most 300,000 characters', async () => {
    const line = 'You: I rebuilt the onboarding flow and cut drop-off by a third.\n';
    const long = line.repeat(Math.ceil((MAX_EVALUATE_TRANSCRIPT_LENGTH + 1) / line.length));
    const res = await post('/api/evaluate', { transcript: long, rubricCriteria: SAMPLE_RUBRIC.slice(0, 1) });
    expect(res.statusCode).toBe(400);
  });
});

describe('evaluation rate limit', () => {
  // A second app on the same database, configured with a limit of 2.
  let limited: App;
  beforeAll(async () => {
    limited = await buildApp(
      { ...ctx.deps, config: testConfig({ EVALUATE_RATE_LIMIT: '2' }) },
      { logger: false },
    );
    await limited.ready();
  });
  afterAll(() => limited.close());

  it('allows EVALUATE_RATE_LIMIT evaluations per user per minute across both endpoints, then 429', async () => {
    const a = await registerUser(limited);
    const b = await registerUser(limited);
    const payload = { transcript: STRONG_TRANSCRIPT, rubricCriteria: SAMPLE_RUBRIC.slice(0, 1) };
    const call = (url: string, c: string) =>
      limited.inject({ method: 'POST', url, payload, headers: { cookie: c } });
    expect((await call('/api/evaluate', a.cookie)).statusCode).toBe(200);
    expect((await call('/api/evaluate', a.cookie)).statusCode).toBe(200);
    const third = await call('/api/evaluate', a.cookie);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/Too many requests/);
    const other = await limited.inject({
      method: 'POST',
      url: '/api/interviews/evaluate',
      payload: { transcript: STRONG_TRANSCRIPT, rubricId: 1 },
      headers: { cookie: a.cookie },
    });
    expect(other.statusCode).toBe(429);
    expect((await call('/api/evaluate', b.cookie)).statusCode).toBe(200);
  });
});

describe('evaluation with a model endpoint configured', () => {
  // A second app on the same database whose model is a fake OpenAI-compatible server.
  let fake: FakeOpenAi;
  let withModel: App;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const config = testConfig({ LLM_TIMEOUT_MS: '500', EVALUATE_RATE_LIMIT: '1000' });
    withModel = await buildApp(
      { ...ctx.deps, config, llm: testLlm(fake.url, { timeoutMs: 500 }) },
      { logger: false },
    );
    await withModel.ready();
  });
  afterAll(async () => {
    await withModel.close();
    await fake.close();
  });

  const evaluate = () =>
    withModel.inject({
      method: 'POST',
      url: '/api/evaluate',
      headers: { cookie },
      payload: { transcript: STRONG_TRANSCRIPT, rubricCriteria: [SAMPLE_RUBRIC[0]] },
    });

  it('scores one asked-for evaluation at a time per user: a second sent while the first is scored is refused', async () => {
    fake.reply(hang());
    const before = fake.requests.length;
    const first = evaluate();
    await vi.waitFor(() => expect(fake.requests.length).toBe(before + 1));
    const second = await evaluate();
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(evaluationMessages.oneAtATime);
    // the model never answered: the first ends in the spec's error form once it times out
    expect((await first).json()).toMatchObject({ error: 'Evaluation failed' });
    // then the user may ask again
    fake.reply(completion('{}'));
    expect((await evaluate()).statusCode).toBe(200);
  });

  it('scores with the model named in the admin settings', async () => {
    await ctx.database.db
      .insert(appSettings)
      .values({ key: 'models', value: { evaluation: { model: 'llama3.1' } } });
    const answer = {
      criteria: [
        {
          name: 'Communication',
          score: 8.26,
          feedback: 'Clear and specific.',
          rationale: 'You said "I\'d roll back the mobile checkout today".',
          evidence: ["I'd roll back the mobile checkout today"],
        },
      ],
    };
    fake.reply(completion(JSON.stringify(answer)));
    const res = await evaluate();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      criteria: [{ name: 'Communication', score: 8.3 }],
      overallScore: 8.3,
      evaluator: 'model:llama3.1',
      analytics: { candidateWords: 391 },
    });
    expect(fake.requests.at(-1)?.body.model).toBe('llama3.1');
  });

  it("answers 200 with the spec's error form when the model fails or hangs, never 5xx", async () => {
    for (const reply of [status(500), html(), hang()]) {
      fake.reply(reply);
      const res = await evaluate();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ error: 'Evaluation failed', message: expect.any(String) });
    }
  });
});

describe('the scenario a call is scored against', () => {
  // Decision 024: the scenario's brief tells which fields of work are the call's own. The persona's
  // lines, role and rubric here name none, so only the brief can tell a developer's answers are
  // another call's.
  const lines: [speaker: 'agent' | 'user', text: string][] = [
    ['agent', 'Tell me about a time things started to go wrong.'],
    [
      'user',
      'Last year a deployment broke our checkout API on a Friday evening. I rolled back within ten minutes and we added a canary stage to the pipeline.',
    ],
    ['agent', 'How do you handle a colleague who is struggling?'],
    [
      'user',
      'A junior developer kept missing sprint goals. I paired with him on code reviews twice a week and split his tickets into smaller pull requests.',
    ],
  ];
  async function endedCall(
    scenario: Partial<typeof interviewers.$inferInsert>,
    said: [speaker: 'agent' | 'user', text: string][] = lines,
  ) {
    const u = await registerUser(ctx.app);
    await setCredits(ctx.database.db, u.user.id, 5);
    const interviewer = await insertInterviewer(ctx.database.db, {
      rubricCriteria: [{ name: 'Judgement', description: 'Acts on risk early.' }],
      sampleQuestions: [],
      ...scenario,
    });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/interviews',
      headers: { cookie: u.cookie },
      payload: {
        type: 'single',
        startTime: '2099-01-01T00:00:00Z',
        interviewerId: interviewer.id,
        userId: u.user.id,
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    await storeUtterances(ctx.database.db, started.json().id, said);
    const ended = await ctx.app.inject({
      method: 'POST',
      url: `/api/interviews/${started.json().id}/end`,
      headers: { cookie: u.cookie },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    // evaluated again, as after a failure at the end (the model down)
    await ctx.database.db
      .update(interviews)
      .set({ status: 'completed_with_errors' })
      .where(eq(interviews.id, started.json().id));
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/interviews/${started.json().id}/re-evaluate`,
      headers: { cookie: u.cookie },
    });
    // scored again, against the same scenario
    expect(again.json().evaluation).toEqual(ended.json().evaluation);
    return ended.json().evaluation as {
      criteria: { rationale: string }[];
      overallScore: number;
      deal?: Deal;
    };
  }
  const elsewhere = (e: { criteria: { rationale: string }[] }) =>
    e.criteria.some((c) => c.rationale.includes('something other than the call (deployment'));

  it("counts a developer's answers for nothing in a ward's call, and in full in an engineering team's", async () => {
    const ward = await endedCall({
      role: 'Hiring Manager',
      company: 'Northfield Trust',
      callType: 'Interview',
      systemPrompt: 'You interview a charge nurse for a busy medical ward.',
    });
    const engineering = await endedCall({
      role: 'Hiring Manager',
      company: 'Northfield Trust',
      callType: 'Interview',
      systemPrompt: 'You interview a backend developer for your engineering team.',
    });
    expect([elsewhere(ward), elsewhere(engineering)]).toEqual([true, false]);
    expect(engineering.overallScore).toBeGreaterThan(ward.overallScore);
  });

  it('takes the role given to POST /api/evaluate as the scenario', async () => {
    const transcript = lines
      .map(([who, text]) => `${who === 'agent' ? 'Interviewer' : 'You'}: ${text}`)
      .join('\n');
    const rubricCriteria = [{ name: 'Judgement', description: 'Acts on risk early.' }];
    const asNurse = await post('/api/evaluate', {
      transcript,
      rubricCriteria,
      role: 'Charge nurse on a hospital ward',
    });
    const asDeveloper = await post('/api/evaluate', {
      transcript,
      rubricCriteria,
      role: 'Backend developer',
    });
    expect([elsewhere(asNurse.json()), elsewhere(asDeveloper.json())]).toEqual([true, false]);
  });

  it('reads what the bargaining came to against the brief, kept at re-evaluation', async () => {
    const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway') as PresetInterviewer;
    const { history } = playScripted(greg, [
      'I am really excited about the role.',
      'I was hoping for 160,000.',
      'Okay, that works.',
    ]);
    const played = history.map((t): [speaker: 'agent' | 'user', text: string] => [t.speaker, t.text]);
    const { name, role, company, systemPrompt, callType, rubricCriteria } = greg;
    const scenario = { name, role, company, systemPrompt, callType, rubricCriteria };
    const evaluation = await endedCall(scenario, played);
    expect(evaluation.deal?.closed).toBe(true);
    expect(evaluation.deal?.terms[0]).toMatchObject({
      name: 'base salary',
      opening: 150000,
      reached: 155000,
      agreed: true,
      reach: 165000,
      furthest: 170000,
      conditionMet: false,
    });
    // the persona's lines said other figures (a model bargaining its own way): nothing is read
    const theirs = played.map(([speaker, text]): [speaker: 'agent' | 'user', text: string] => [
      speaker,
      text.replace('155,000', '152,500'),
    ]);
    expect((await endedCall(scenario, theirs)).deal).toBeUndefined();
    // a scenario with no figures to bargain over
    expect(
      (await endedCall({ ...scenario, systemPrompt: 'You are Greg, closing an offer.' }, played)).deal,
    ).toBeUndefined();
  });
});
