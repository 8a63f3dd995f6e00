import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';

/** The database and the providers are shown to admins only (visitors get { status }). */
async function adminCookie(ctx: TestContext) {
  const admin = await registerUser(ctx.app, { name: 'Health Admin' });
  await ctx.database.db
    .update(users)
    .set({ isAdmin: true, role: 'admin' })
    .where(eq(users.id, admin.user.id));
  return admin.cookie;
}

describe('health and provider status', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('reports the database and the built-in providers with no keys', async () => {
    const cookie = await adminCookie(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(body.providers.llm.kind).toBe('built-in');
    expect(body.providers.payments.kind).toBe('sandbox');
    expect(body.providers.voiceAgent.kind).toBe('built-in');
    // where the memory goes: the process (resident, JS heap) and its child processes
    expect(body.memory.rssMb).toBeGreaterThan(body.memory.heapUsedMb);
    expect(body.memory.heapUsedMb).toBeGreaterThan(0);
    expect(body.memory.recognisers).toBeGreaterThanOrEqual(0);
  });

  it('tells a visitor and a user only whether the service is up', async () => {
    const { cookie } = await registerUser(ctx.app, { name: 'Health User' });
    for (const headers of [{}, { cookie }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('says ElevenLabs is not available without a key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/check-elevenlabs-key' });
    expect(res.json()).toEqual({ available: false });
  });
});

describe('health with keys configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        LLM_API_KEY: 'sk-secret-llm',
        ELEVENLABS_API_KEY: 'xi-secret',
        ELEVENLABS_AGENT_ID: 'agent_1',
        STRIPE_SECRET_KEY: 'sk_test_secret',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_secret',
      },
    });
  });
  afterAll(() => ctx.close());

  it('names the active providers and never echoes a secret', async () => {
    const cookie = await adminCookie(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    const body = res.json();
    expect(body.providers.llm).toMatchObject({
      kind: 'openai-compatible',
      configured: true,
      detail: '127.0.0.1:9',
    });
    expect(body.providers.voiceAgent.kind).toBe('elevenlabs');
    expect(body.providers.payments.kind).toBe('stripe');
    for (const secret of ['sk-secret-llm', 'xi-secret', 'sk_test_secret', 'whsec_secret']) {
      expect(res.body).not.toContain(secret);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/check-elevenlabs-key' })).json()).toEqual({
      available: true,
    });
  });
});
