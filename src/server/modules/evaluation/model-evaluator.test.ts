import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyseTurns } from '../../../shared/domain/speech-analytics.js';
import { parseTranscript } from '../../../shared/domain/transcript.js';
import { createLlmClient } from '../../providers/llm/openai-client.js';
import {
  completion,
  type FakeOpenAi,
  hang,
  html,
  startFakeOpenAi,
  status,
} from '../../test-support/fake-openai-server.js';
import { EVALUATION_JSON_SCHEMA, evaluateWithModel } from './model-evaluator.js';
import { STRONG_TRANSCRIPT } from './sample-transcripts.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const rubric = [
  { name: 'Communication', description: 'Clear and concise' },
  { name: 'Use of Metrics', description: 'Backs claims with data' },
  { name: 'Negotiation', description: 'Makes a clear ask' },
];
const turns = parseTranscript(STRONG_TRANSCRIPT);
const analytics = analyseTurns(turns);
const settings = { model: 'test-model', temperature: 0.5, jsonOutput: true };

const evaluate = (timeoutMs = 2000) =>
  evaluateWithModel(
    createLlmClient({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'k', LLM_TIMEOUT_MS: timeoutMs })!,
    settings,
    timeoutMs,
    {
      turns,
      rubricCriteria: rubric,
      analytics,
      role: 'Product Manager at Acme',
    },
  );

const item = (name: string, score: unknown, evidence: string[], rationale?: string) => ({
  name,
  score,
  feedback: `Feedback on ${name}.`,
  rationale: rationale ?? `You said "${evidence[0]}".`,
  evidence,
});
const VALID = JSON.stringify({
  overall: 10,
  criteria: [
    // shuffled and differently cased: matched back to the rubric by name
    item('use of metrics', 12, ['half a point is about 2,000 lost orders']),
    item('Communication', 7.46, ["I'd roll back the mobile checkout today and fix forward behind a flag"]),
    item('Negotiation', 8, ["hold the per-seat price at last year's rate if you sign for two years"]),
  ],
});

describe('model evaluator', () => {
  it('scores in rubric order, clamped and rounded, with the overall average computed in code', async () => {
    fake.reply(completion(VALID));
    const result = await evaluate();
    expect(result).toMatchObject({
      criteria: [
        { name: 'Communication', score: 7.5, feedback: 'Feedback on Communication.' },
        { name: 'Use of Metrics', score: 10 },
        { name: 'Negotiation', score: 8 },
      ],
      overallScore: 8.5,
      evaluator: 'model:test-model',
      analytics,
    });
  });

  it('gives the model the measured figures as facts, the rubric and the transcript, at the set temperature', async () => {
    fake.reply(completion(VALID));
    await evaluate();
    const body = fake.requests[0].body as {
      temperature: number;
      messages: { role: string; content: string }[];
    };
    expect(body.temperature).toBe(0.5);
    const prompt = body.messages[1].content;
    expect(prompt).toContain('Filler words: 0 (0 per 100 words)');
    expect(prompt).toContain('Candidate words: 391');
    expect(prompt).toContain('Pace: not measured (no timings)');
    expect(prompt).toContain('2. Use of Metrics: Backs claims with data');
    expect(prompt).toContain("Candidate: First I'd check it's real");
    expect(prompt).toContain('Product Manager at Acme');
    expect(body.messages[0].content).toMatch(/No evidence in the transcript/);
    // the shortcuts the built-in evaluator discounts (decision 020) are no evidence to the model either
    expect(body.messages[0].content).toMatch(/list of keywords.*given again.*description of themselves/);
  });

  it('caps a score whose quotes are not in the transcript, and keeps an honest "no evidence"', async () => {
    fake.reply(
      completion(
        JSON.stringify({
          criteria: [
            item('Communication', 9, ['I am the best communicator in the world']),
            item('Use of Metrics', 6, [
              'If we do, say, 400,000 checkout sessions … roughly 120,000 pounds a month',
            ]),
            item('Negotiation', 1, [], 'No evidence in the transcript of a negotiation.'),
          ],
        }),
      ),
    );
    const result = await evaluate();
    if (!('criteria' in result)) throw new Error('expected a scored result');
    expect(result.criteria[0].score).toBe(2);
    expect(result.criteria[0].rationale).toMatch(
      /^No words of the candidate in the transcript support this score/,
    );
    expect(result.criteria[1].score).toBe(6);
    expect(result.criteria[2]).toMatchObject({
      score: 1,
      rationale: 'No evidence in the transcript of a negotiation.',
    });
  });

  it('accepts JSON wrapped in prose', async () => {
    fake.reply(completion(`Here is my evaluation:\n${VALID}\nLet me know if you need more.`));
    expect(await evaluate()).toMatchObject({ overallScore: 8.5 });
  });

  it('repairs malformed JSON, and an answer missing a criterion, with one more request', async () => {
    fake.reply(completion(VALID.slice(0, -20)), completion(VALID));
    expect(await evaluate()).toMatchObject({ overallScore: 8.5 });
    expect(fake.requests).toHaveLength(2);

    fake.requests.length = 0;
    const partial = JSON.stringify({
      criteria: [item('Communication', 5, ['a drop that sharp usually has a date on it'])],
    });
    fake.reply(completion(partial), completion(VALID));
    expect(await evaluate()).toMatchObject({ overallScore: 8.5 });
    const repair = (fake.requests[1].body.messages as { content: string }[]).at(-1)!.content;
    expect(repair).toContain('missing criterion "Use of Metrics"');
  });

  it("ends in the spec's error form for an HTML body, a 500, unusable output and a hang", async () => {
    fake.reply(html());
    expect(await evaluate()).toEqual({
      error: 'Evaluation failed',
      message: 'Server returned HTML instead of JSON.',
    });

    fake.reply(status(500));
    expect(await evaluate()).toEqual({
      error: 'Evaluation failed',
      message: 'The model endpoint answered with an error (status 500).',
    });

    fake.reply(completion('I cannot evaluate this.'), completion('Still no JSON, sorry.'));
    expect(await evaluate()).toMatchObject({
      error: 'Evaluation failed',
      message: expect.stringMatching(/repair/),
    });

    fake.reply(hang());
    expect(await evaluate(400)).toEqual({
      error: 'Evaluation failed',
      message: 'The model did not answer within 400 ms.',
    });
  });
});

describe('the structured-output schema', () => {
  it('is generated from the answer schema and is what strict mode needs', () => {
    // the former hand-written schema, kept as the expectation
    expect(EVALUATION_JSON_SCHEMA).toEqual({
      type: 'object',
      properties: {
        criteria: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              score: { type: 'number' },
              feedback: { type: 'string' },
              rationale: { type: 'string' },
              evidence: { type: 'array', items: { type: 'string' } },
            },
            required: ['name', 'score', 'feedback', 'rationale', 'evidence'],
            additionalProperties: false,
          },
        },
      },
      required: ['criteria'],
      additionalProperties: false,
    });
  });

  it('is the schema sent with the request, in strict mode', async () => {
    fake.reply(completion(VALID));
    await evaluate();
    expect(fake.requests[0].body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'evaluation', schema: EVALUATION_JSON_SCHEMA, strict: true },
    });
  });
});
