import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { App } from '../../http/types.js';
import { completion, type FakeOpenAi, html, startFakeOpenAi } from '../../test-support/fake-openai-server.js';
import {
  createTestContext,
  registerUser,
  type TestContext,
  testConfig,
  testLlm,
} from '../../test-support/test-app.js';
import { CUSTOM_DEFAULTS } from '../scenarios/scenario-fields.js';
import { SAMPLE_SCENARIOS } from './sample-scenarios.js';

const MISSING = 'Please provide all required information: your context, persona details, and scenario.';

let ctx: TestContext;
let alice: { cookie: string; id: number };
let bob: { cookie: string; id: number };

beforeAll(async () => {
  ctx = await createTestContext({ env: { GENERATE_RATE_LIMIT: '1000' } });
  const a = await registerUser(ctx.app, { name: 'Alice' });
  const b = await registerUser(ctx.app, { name: 'Bob' });
  alice = { cookie: a.cookie, id: a.user.id };
  bob = { cookie: b.cookie, id: b.user.id };
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.exec(
    'truncate table interviewers, rubrics restart identity cascade; delete from app_settings',
  );
});

const post = (app: App, url: string, payload: unknown, cookie: string | null = alice.cookie) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie: string | null) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const generate = (payload: unknown, cookie?: string | null) =>
  post(ctx.app, '/api/custom-calls/generate', payload, cookie);

describe('POST /api/custom-calls/generate: validation', () => {
  it('needs a signed-in user', async () => {
    expect((await generate(SAMPLE_SCENARIOS.sales, null)).statusCode).toBe(401);
  });

  it("answers the spec's one message when any of the three texts is missing or blank", async () => {
    const full = SAMPLE_SCENARIOS.sales;
    for (const body of [
      {},
      { ...full, userContext: '' },
      { ...full, personaDetails: '   ' },
      { userContext: full.userContext, personaDetails: full.personaDetails },
    ]) {
      const res = await generate(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MISSING);
    }
    const blankScenario = await generate({ ...full, scenarioDetails: '\n' });
    expect(blankScenario.json().errors).toEqual({ scenarioDetails: MISSING });
  });

  it('answers 4xx, never 5xx, to bodies of the wrong shape', async () => {
    for (const body of [[], 'text', { userContext: 5, personaDetails: [], scenarioDetails: {} }]) {
      const res = await generate(body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const huge = await generate({ ...SAMPLE_SCENARIOS.sales, scenarioDetails: 'x '.repeat(3_001) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('Please keep each text under 6,000 characters');
  });

  it('fits the longest accepted texts into a prompt the scenario can store', async () => {
    const long = 'word '.repeat(1_200);
    const res = await generate({ userContext: long, personaDetails: long, scenarioDetails: long });
    expect(res.statusCode).toBe(200);
    const created = await post(ctx.app, '/api/interviewers', {
      name: 'Long',
      systemPrompt: res.json().systemPrompt,
      rubricName: res.json().rubric.name,
      rubricCriteria: res.json().rubric.criteria,
    });
    expect(created.statusCode).toBe(201);
  });
});

describe('POST /api/custom-calls/generate: built-in generator (no model configured)', () => {
  it('answers the spec structure with criteria that differ by kind for five scenarios', async () => {
    const rubrics: string[] = [];
    for (const input of Object.values(SAMPLE_SCENARIOS)) {
      const res = await generate(input);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.generator).toBe('built-in');
      expect(body.systemPrompt).toMatch(/^You are /);
      expect(body.systemPrompt).toContain(input.scenarioDetails);
      expect(body.rubric.name).not.toBe('');
      expect(body.rubric.criteria.length).toBeGreaterThanOrEqual(3);
      expect(body.rubric.criteria.length).toBeLessThanOrEqual(5);
      expect(body.sampleQuestions.length).toBeGreaterThanOrEqual(3);
      expect(body.sampleQuestions).not.toEqual(CUSTOM_DEFAULTS.sampleQuestions);
      rubrics.push(body.rubric.criteria.map((c: { name: string }) => c.name).join('|'));
    }
    expect(new Set(rubrics).size).toBe(5);
  });

  it("draws the persona from the issue's description: a CTO, angry, asking about the migration", async () => {
    const res = await generate({
      userContext: 'I lead the platform team.',
      personaDetails:
        'A furious CTO the morning after our migration took the production database down for six hours.',
      scenarioDetails: 'An urgent call at 8 am.',
      voiceId: 'michael',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ role: 'CTO', company: 'User Created', temperament: 'angry' });
    expect(body.personaName).not.toBe('Custom Interviewer');
    expect(body.systemPrompt).toContain('\nTemperament: angry\n');
    expect(body.welcomeMessage).not.toMatch(/thank/i);
    expect(body.sampleQuestions[0]).toBe(
      'Your migration took the production database down for six hours. How did that happen?',
    );
  });
});

describe('custom scenario created from a generation', () => {
  it('belongs to its creator: listed and readable by them only, never public, editable and archivable by them', async () => {
    const generated = (await generate(SAMPLE_SCENARIOS.negotiation)).json();
    const created = await post(ctx.app, '/api/interviewers', {
      name: generated.scenarioName,
      role: generated.role,
      company: generated.company,
      voiceId: 'sarah',
      systemPrompt: generated.systemPrompt,
      welcomeMessage: generated.welcomeMessage,
      rubricName: generated.rubric.name,
      rubricCriteria: generated.rubric.criteria,
      sampleQuestions: generated.sampleQuestions,
    });
    expect(created.statusCode).toBe(201);
    const scenario = created.json();
    expect(scenario).toMatchObject({
      name: 'Elena',
      isCustomScenario: true,
      userId: alice.id,
      // the recruiter's role from the description; no organisation named: the spec's default
      role: 'Recruiter',
      company: 'User Created',
      callType: 'Custom Scenario',
      rubricName: 'Negotiation Rubric',
      sampleQuestions: generated.sampleQuestions,
    });

    const ids = (res: { json: () => { id: number }[] }) => res.json().map((i) => i.id);
    expect(ids(await get('/api/interviewers', alice.cookie))).toContain(scenario.id);
    expect(ids(await get('/api/interviewers', bob.cookie))).not.toContain(scenario.id);
    expect(ids(await get('/api/interviewers-public', null))).not.toContain(scenario.id);
    expect((await get(`/api/interviewers/${scenario.id}`, bob.cookie)).statusCode).toBe(404);
    expect((await get(`/api/interviewers/${scenario.id}`, alice.cookie)).statusCode).toBe(200);

    const patch = (cookie: string, payload: unknown) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/interviewers/${scenario.id}`,
        payload: payload as object,
        headers: { cookie },
      });
    expect((await patch(bob.cookie, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await patch(alice.cookie, { name: 'Elena (recruiter)' })).json().name).toBe('Elena (recruiter)');
    expect((await patch(alice.cookie, { isArchived: true })).json().isArchived).toBe(true);
    expect(ids(await get('/api/interviewers', alice.cookie))).not.toContain(scenario.id);
  });

  it('refuses a rubric of more than 5 criteria (400)', async () => {
    const criteria = Array.from({ length: 6 }, (_, i) => ({ name: `C${i}`, description: 'd' }));
    const res = await post(ctx.app, '/api/interviewers', { name: 'Six', rubricCriteria: criteria });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.rubricCriteria).toBe('A rubric has at most 5 criteria');
  });
});

describe('POST /api/custom-calls/generate with a model endpoint configured', () => {
  let fake: FakeOpenAi;
  let withModel: App;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const config = testConfig({ LLM_TIMEOUT_MS: '1000', GENERATE_RATE_LIMIT: '1000' });
    withModel = await buildApp(
      { ...ctx.deps, config, llm: testLlm(fake.url, { timeoutMs: 1000 }) },
      { logger: false },
    );
    await withModel.ready();
  });
  afterAll(async () => {
    await withModel.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });
  const modelGenerate = () => post(withModel, '/api/custom-calls/generate', SAMPLE_SCENARIOS.sales);

  it("uses the model's answer, asked with the generation settings (temperature 0.7, JSON output)", async () => {
    const answer = {
      systemPrompt: 'You are Marcus, head of support at a furniture retailer.',
      rubric: { name: 'Sales Pitch', criteria: [{ name: 'Discovery', description: 'Asks about needs.' }] },
      sampleQuestions: ['How long does the Zendesk integration take?'],
      personaName: 'Marcus',
      welcomeMessage: 'Marcus speaking.',
    };
    fake.reply(completion(JSON.stringify(answer)));
    const res = await modelGenerate();
    expect(res.statusCode).toBe(200);
    // what the model left out comes from the built-in reading of the texts; the temperament is
    // stated on the prompt for the live persona engine
    expect(res.json()).toEqual({
      ...answer,
      systemPrompt: `${answer.systemPrompt}\n\nTemperament: sceptical`,
      scenarioName: 'Marcus',
      role: 'Head of Customer Support',
      company: 'User Created',
      temperament: 'sceptical',
      generator: 'model',
    });
    const sent = fake.requests[0].body;
    expect(sent.temperature).toBe(0.7);
    expect(sent.model).toBe('gpt-4-0125-preview');
    expect((sent.response_format as { type: string }).type).toBe('json_schema');
    expect(JSON.stringify(sent.messages)).toContain('integration effort with Zendesk');
  });

  it('asks the model for a persona specific to the description and keeps what it answers', async () => {
    const answer = {
      systemPrompt: 'You are Marta Lindqvist, CTO at Fjordline Ferries.\nTemperament: angry\nStay curt.',
      rubric: { name: 'Incident Review', criteria: [{ name: 'Ownership', description: 'Owns it.' }] },
      sampleQuestions: ['Six hours of downtime. Why?'],
      personaName: 'Marta Lindqvist',
      role: 'CTO',
      company: 'Fjordline Ferries',
      temperament: 'angry',
      welcomeMessage: 'Marta. Start talking.',
    };
    fake.reply(completion(JSON.stringify(answer)));
    const res = await post(withModel, '/api/custom-calls/generate', {
      userContext: 'I lead the platform team at Fjordline Ferries.',
      personaDetails:
        'A furious CTO the morning after our migration took the production database down for six hours.',
      scenarioDetails: 'An urgent call at 8 am.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...answer, scenarioName: 'Marta Lindqvist', generator: 'model' });
    const sent = fake.requests[0].body;
    const system = (sent.messages as { role: string; content: string }[])[0].content;
    for (const asked of [
      '"personaName"',
      '"role"',
      '"company"',
      '"temperament"',
      'Temperament: <temperament>',
    ])
      expect(system).toContain(asked);
    expect(system).toMatch(/Never generic questions/);
    const schema = (sent.response_format as { json_schema: { schema: { required: string[] } } }).json_schema;
    expect(schema.schema.required).toEqual(expect.arrayContaining(['role', 'company', 'temperament']));
  });

  it('fills a name the model left out: the one the texts give, else an invented one, never null', async () => {
    fake.reply(
      completion(
        JSON.stringify({
          systemPrompt: 'You are a CTO.',
          rubric: { name: 'R', criteria: [{ name: 'C', description: '' }] },
          personaName: null,
        }),
      ),
    );
    const res = await post(withModel, '/api/custom-calls/generate', {
      userContext: 'I run the platform team.',
      personaDetails: 'A furious CTO.',
      scenarioDetails: 'The morning after our migration took the production database down for six hours.',
      voiceId: 'sarah',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.personaName).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u);
    expect(body.scenarioName).toBe(body.personaName);
    expect(body).toMatchObject({ role: 'CTO', temperament: 'angry' });
    expect(body.systemPrompt).toBe('You are a CTO.\n\nTemperament: angry');
    expect(body.welcomeMessage).not.toMatch(/thank/i);
  });

  it('fills missing sample questions with the three placeholders and caps criteria at 5', async () => {
    const criteria = Array.from({ length: 7 }, (_, i) => ({ name: `C${i}`, description: '' }));
    fake.reply(
      completion(JSON.stringify({ systemPrompt: 'You are Marcus.', rubric: { name: 'R', criteria } })),
    );
    const res = await modelGenerate();
    expect(res.statusCode).toBe(200);
    expect(res.json().sampleQuestions).toEqual(CUSTOM_DEFAULTS.sampleQuestions);
    expect(res.json().rubric.criteria).toHaveLength(5);
    expect(res.json().personaName).toBe('Marcus');
  });

  it("answers 422 'Invalid response structure' when the model leaves out the prompt, after one repair attempt", async () => {
    fake.reply(completion(JSON.stringify({ rubric: { name: 'R', criteria: [] } })));
    const res = await modelGenerate();
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Invalid response structure');
    expect(fake.requests).toHaveLength(2);
  });

  it("answers 422 'Invalid rubric structure from server' when the rubric has no name or criteria", async () => {
    fake.reply(completion(JSON.stringify({ systemPrompt: 'You are Marcus.', rubric: { criteria: 'many' } })));
    const res = await modelGenerate();
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Invalid rubric structure from server');
  });

  it('accepts an answer repaired on the second attempt', async () => {
    fake.reply(
      completion('Sure! Here it is: {"systemPrompt": '),
      completion(
        JSON.stringify({
          systemPrompt: 'You are Marcus.',
          rubric: { name: 'R', criteria: [{ name: 'Discovery', description: '' }] },
          sampleQuestions: ['Why you?'],
        }),
      ),
    );
    const res = await modelGenerate();
    expect(res.statusCode).toBe(200);
    expect(res.json().sampleQuestions).toEqual(['Why you?']);
  });

  it('answers 422 with the HTML noted, never 5xx, when the endpoint sends an HTML page', async () => {
    fake.reply(html(200));
    const res = await modelGenerate();
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Invalid response structure');
    expect(res.json().errors.model).toMatch(/HTML/);
  });
});

describe('GET /api/custom-calls/voice-preview/:voiceId', () => {
  it('speaks a short WAV sample of each voice with the call engine, to signed-in users', async () => {
    expect((await get('/api/custom-calls/voice-preview/michael', null)).statusCode).toBe(401);
    expect((await get('/api/custom-calls/voice-preview/robot', alice.cookie)).statusCode).toBe(400);
    const clips: Buffer[] = [];
    for (const voice of ['michael', 'sarah']) {
      const res = await get(`/api/custom-calls/voice-preview/${voice}`, alice.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('audio');
      expect(res.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
      // 16 kHz PCM16: more than a second of speech
      expect(res.rawPayload.length).toBeGreaterThan(32_000);
      clips.push(res.rawPayload);
    }
    expect(clips[0].equals(clips[1])).toBe(false);
  });
});

describe('generation rate limit', () => {
  let limited: App;
  beforeAll(async () => {
    limited = await buildApp(
      { ...ctx.deps, config: testConfig({ GENERATE_RATE_LIMIT: '2' }) },
      { logger: false },
    );
    await limited.ready();
  });
  afterAll(() => limited.close());

  it('allows GENERATE_RATE_LIMIT generations per user per minute, then 429', async () => {
    const send = (cookie: string) =>
      post(limited, '/api/custom-calls/generate', SAMPLE_SCENARIOS.sales, cookie);
    expect((await send(alice.cookie)).statusCode).toBe(200);
    expect((await send(alice.cookie)).statusCode).toBe(200);
    expect((await send(alice.cookie)).statusCode).toBe(429);
    expect((await send(bob.cookie)).statusCode).toBe(200);
  });
});
