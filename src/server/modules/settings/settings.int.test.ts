import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { auditLog } from '../../db/schema.js';
import type { App } from '../../http/types.js';
import {
  createTestContext,
  depsWithConfig,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { ensureAdmin } from '../auth/service.js';
import { getModelSettings } from './service.js';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.reset();
  await ensureAdmin(ctx.database.db, 'root@example.com', 'root-password');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'root@example.com', password: 'root-password' },
  });
  adminCookie = sessionCookie(res);
});

const SPEC_DEFAULTS = {
  evaluation: { model: 'gpt-4-turbo-preview', temperature: 0.5, jsonOutput: true },
  generation: { model: 'gpt-4-0125-preview', temperature: 0.7, jsonOutput: true },
  voice: { stability: 0.75, similarityBoost: 0.5, streaming: true, outputFormat: 'mp3' },
};

describe('model settings', () => {
  it('is refused to visitors (401) and non-admins (403)', async () => {
    const { cookie } = await registerUser(ctx.app);
    for (const method of ['GET', 'PATCH'] as const) {
      const payload = method === 'PATCH' ? { evaluation: { temperature: 0.1 } } : undefined;
      const visitor = await ctx.app.inject({ method, url: '/api/settings/models', payload });
      const member = await ctx.app.inject({
        method,
        url: '/api/settings/models',
        payload,
        headers: { cookie },
      });
      expect([method, visitor.statusCode, member.statusCode]).toEqual([method, 401, 403]);
    }
  });

  it('starts from the spec defaults and shows the built-in evaluator when no model is configured', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/models',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: SPEC_DEFAULTS,
      defaults: SPEC_DEFAULTS,
      active: { llmConfigured: false, llmEndpoint: null, evaluator: 'built-in', generator: 'built-in' },
      updatedAt: null,
    });
  });

  it('saves a partial change, keeps the other fields, audits it, and evaluation reads it', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings/models',
      headers: { cookie: adminCookie },
      payload: { evaluation: { model: 'llama3.1', temperature: 0.2 }, voice: { stability: 0.3 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual({
      ...SPEC_DEFAULTS,
      evaluation: { model: 'llama3.1', temperature: 0.2, jsonOutput: true },
      voice: { ...SPEC_DEFAULTS.voice, stability: 0.3 },
    });
    expect(res.json().updatedAt).toEqual(expect.any(String));

    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings/models',
      headers: { cookie: adminCookie },
      payload: { evaluation: { jsonOutput: false } },
    });
    expect((await getModelSettings(ctx.deps)).evaluation).toEqual({
      model: 'llama3.1',
      temperature: 0.2,
      jsonOutput: false,
    });
    const audit = await ctx.database.db.select().from(auditLog);
    expect(audit.map((a) => a.action)).toEqual(['settings.models.update', 'settings.models.update']);
  });

  it('rejects out-of-range and unknown fields with 400 and a message', async () => {
    for (const payload of [
      { evaluation: { temperature: 3 } },
      { voice: { stability: -1 } },
      { evaluation: { model: '' } },
      { evaluation: { apiKey: 'sk-x' } },
      { other: 1 },
    ]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/settings/models',
        headers: { cookie: adminCookie },
        payload,
      });
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('model settings with an endpoint configured', () => {
  // A second app on the same database, configured with a model endpoint.
  let configured: App;
  beforeAll(async () => {
    configured = await buildApp(
      depsWithConfig(ctx.deps, {
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        LLM_API_KEY: 'sk-secret',
        LLM_MODEL: 'qwen2.5',
      }),
      { logger: false },
    );
    await configured.ready();
  });
  afterAll(() => configured.close());

  it('uses LLM_MODEL as the default model and shows the endpoint origin, never the key', async () => {
    const res = await configured.inject({
      method: 'GET',
      url: '/api/settings/models',
      headers: { cookie: adminCookie },
    });
    const body = res.json();
    expect(body.settings.evaluation.model).toBe('qwen2.5');
    expect(body.settings.generation.model).toBe('qwen2.5');
    expect(body.active).toEqual({
      llmConfigured: true,
      llmEndpoint: 'http://127.0.0.1:9',
      evaluator: 'model',
      generator: 'model',
    });
    expect(res.body).not.toContain('sk-secret');
  });
});
