import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  completion,
  type FakeOpenAi,
  hang,
  html,
  startFakeOpenAi,
  status,
} from '../../test-support/fake-openai-server.js';
import { completeJson, type JsonTask } from './complete-json.js';
import { extractJson } from './extract-json.js';
import { createLlmClient } from './openai-client.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const schema = z.object({ answer: z.number() });
const task = (overrides: Partial<JsonTask<{ answer: number }>> = {}): JsonTask<{ answer: number }> => ({
  system: 'You answer in JSON.',
  user: 'What is six times seven?',
  schema,
  jsonSchema: { name: 'answer', schema: { type: 'object', properties: { answer: { type: 'number' } } } },
  model: 'test-model',
  temperature: 0.5,
  jsonOutput: true,
  timeoutMs: 1500,
  ...overrides,
});
const client = () =>
  createLlmClient({ LLM_BASE_URL: fake.url, LLM_API_KEY: undefined, LLM_TIMEOUT_MS: 1500 })!;

describe('completeJson against an OpenAI-compatible server', () => {
  it('returns valid JSON, asking with the model, temperature and a JSON schema', async () => {
    fake.reply(completion('{"answer": 42}'));
    expect(await completeJson(client(), task())).toEqual({ ok: true, value: { answer: 42 }, attempts: 1 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].path).toBe('/v1/chat/completions');
    expect(fake.requests[0].body).toMatchObject({
      model: 'test-model',
      temperature: 0.5,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true } },
    });
  });

  it('finds JSON wrapped in prose or a Markdown fence', async () => {
    fake.reply(completion('Sure! Here is the result: {"answer": 42} Hope that helps.'));
    expect(await completeJson(client(), task())).toMatchObject({ ok: true, value: { answer: 42 } });
    fake.reply(completion('```json\n{"answer": 7}\n```'));
    expect(await completeJson(client(), task())).toMatchObject({ ok: true, value: { answer: 7 } });
  });

  it('repairs malformed JSON once, telling the model what was wrong', async () => {
    fake.reply(completion('{"answer": "forty-two"'), completion('{"answer": 42}'));
    expect(await completeJson(client(), task())).toEqual({ ok: true, value: { answer: 42 }, attempts: 2 });
    const repair = fake.requests[1].body.messages as { role: string; content: string }[];
    expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair[3].content).toMatch(/not valid JSON.*corrected JSON/);
  });

  it('gives up after one failed repair with an "invalid" outcome', async () => {
    fake.reply(completion('{"answer": "x"}'), completion('{"answer": "still not a number"}'));
    const out = await completeJson(client(), task());
    expect(out).toMatchObject({ ok: false, reason: 'invalid' });
    expect(fake.requests).toHaveLength(2);
  });

  it('maps an HTML page (with status 200 or 502) to a not-JSON outcome', async () => {
    fake.reply(html(200));
    expect(await completeJson(client(), task())).toEqual({
      ok: false,
      reason: 'not-json',
      message: 'Server returned HTML instead of JSON.',
    });
    fake.reply(html(502));
    expect(await completeJson(client(), task())).toMatchObject({ ok: false, reason: 'not-json' });
  });

  it('maps a 500 to a provider outcome without retrying', async () => {
    fake.reply(status(500));
    expect(await completeJson(client(), task())).toEqual({
      ok: false,
      reason: 'provider',
      message: 'The model endpoint answered with an error (status 500).',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('ends a hang past the timeout with a timeout outcome', async () => {
    fake.reply(hang());
    const out = await completeJson(client(), task({ timeoutMs: 300 }));
    expect(out).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('falls back to json_object, then to no response_format, when the endpoint rejects the mode', async () => {
    fake.reply(status(400), status(400), completion('{"answer": 1}'));
    expect(await completeJson(client(), task())).toMatchObject({ ok: true, value: { answer: 1 } });
    expect(fake.requests.map((r) => (r.body.response_format as { type?: string } | undefined)?.type)).toEqual(
      ['json_schema', 'json_object', undefined],
    );
  });

  it('reports an unreachable endpoint as a provider outcome', async () => {
    const dead = createLlmClient({
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_API_KEY: undefined,
      LLM_TIMEOUT_MS: 1000,
    })!;
    expect(await completeJson(dead, task())).toMatchObject({ ok: false, reason: 'provider' });
  });
});

describe('extractJson', () => {
  it('respects strings holding braces and skips stray ones', () => {
    expect(extractJson('note {not json} then {"a": "}{", "b": [1, {"c": 2}]} end')).toEqual({
      ok: true,
      value: { a: '}{', b: [1, { c: 2 }] },
    });
    expect(extractJson('no json here')).toEqual({ ok: false });
  });
});
