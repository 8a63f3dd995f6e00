// The admin's "Test connection" (POST /api/admin/providers/:provider/test): who may call it, and
// that each provider is really exercised — espeak synthesises, the blob store round-trips, and the
// model, Stripe and ElevenLabs paths reach local fakes that succeed, fail, answer HTML or refuse.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { users } from '../../db/schema.js';
import type { App } from '../../http/types.js';
import {
  completion,
  type FakeOpenAi,
  hang,
  html,
  startFakeOpenAi,
  status,
} from '../../test-support/fake-openai-server.js';
import { type FakeStripe, startFakeStripe } from '../../test-support/fake-stripe.js';
import {
  createTestContext,
  depsWithConfig,
  registerUser,
  type TestContext,
} from '../../test-support/test-app.js';
import { testProvider } from './provider-check.js';

let ctx: TestContext;
let adminCookie: string;
let userCookie: string;
const others: App[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await registerUser(ctx.app, { name: 'Check Admin' });
  await ctx.database.db
    .update(users)
    .set({ isAdmin: true, role: 'admin' })
    .where(eq(users.id, admin.user.id));
  adminCookie = admin.cookie;
  userCookie = (await registerUser(ctx.app, { name: 'Check User' })).cookie;
});
afterAll(async () => {
  for (const app of others) await app.close();
  await ctx.close();
});

/** a second app on the same database and blob store with other provider settings, and the
 * providers those settings pick (the check reports the configured kind and runs that provider) */
async function appWith(env: Record<string, string>): Promise<App> {
  const app = await buildApp(depsWithConfig(ctx.deps, env), { logger: false });
  await app.ready();
  others.push(app);
  return app;
}

const test = (provider: string, opts: { app?: App; cookie?: string | null } = {}) =>
  (opts.app ?? ctx.app).inject({
    method: 'POST',
    url: `/api/admin/providers/${provider}/test`,
    headers: opts.cookie === null ? {} : { cookie: opts.cookie ?? adminCookie },
  });

describe('who may test a provider', () => {
  it('answers 401 to a visitor, 403 to a user and 200 to an admin', async () => {
    expect((await test('payments', { cookie: null })).statusCode).toBe(401);
    const asUser = await test('payments', { cookie: userCookie });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ message: expect.any(String) });
    expect((await test('payments')).statusCode).toBe(200);
  });

  it('rejects an unknown provider with a message naming the known ones', async () => {
    const res = await test('ftp');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Unknown provider: use one of llm, speechToText, textToSpeech, voiceAgent, payments, recordings',
    );
  });
});

describe('built-in providers (no keys)', () => {
  it.each([
    ['llm', 'built-in', /no connection needed/],
    // with pocketsphinx installed the built-in recogniser hears the test tone as no words
    ['speechToText', 'built-in', /browser’s speech recognition|no words, as expected/],
    ['voiceAgent', 'built-in', /built-in voice gateway/],
    ['payments', 'sandbox', /no card is charged/],
  ])('%s succeeds without a connection', async (provider, kind, message) => {
    const res = await test(provider);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, provider, kind });
    expect(body.message).toMatch(message);
    expect(body.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('text to speech really synthesises a phrase with espeak and says how long it is', async () => {
    const body = (await test('textToSpeech')).json();
    expect(body).toMatchObject({ ok: true, provider: 'textToSpeech', kind: 'built-in' });
    const seconds = Number(/Synthesised (\d+\.\d) s of speech/.exec(body.message)?.[1]);
    // "This is a connection test at hh:mm:ss." is well over a second of speech
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(15);
  });

  it('recordings: writes, reads back and deletes a blob in the store', async () => {
    const opened = vi.spyOn(ctx.deps.blobs, 'openWriter');
    const read = vi.spyOn(ctx.deps.blobs, 'read');
    try {
      const body = (await test('recordings')).json();
      expect(body).toMatchObject({ ok: true, provider: 'recordings', kind: 'local-files' });
      expect(body.message).toMatch(/^Wrote, read back and deleted a \d+-byte test file$/);
      const key = opened.mock.calls[0][0];
      expect(read).toHaveBeenCalledWith(key);
      expect(await ctx.deps.blobs.stat(key)).toBeNull();
    } finally {
      opened.mockRestore();
      read.mockRestore();
    }
  });

  it('recordings: a store that fails to read is reported, and the test blob is still removed', async () => {
    const opened = vi.spyOn(ctx.deps.blobs, 'openWriter');
    const read = vi.spyOn(ctx.deps.blobs, 'read').mockRejectedValue(new Error('disk on fire'));
    try {
      const res = await test('recordings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ok: false, provider: 'recordings', message: 'disk on fire' });
      expect(await ctx.deps.blobs.stat(opened.mock.calls[0][0])).toBeNull();
    } finally {
      opened.mockRestore();
      read.mockRestore();
    }
  });
});

describe('language model against an OpenAI-compatible server', () => {
  const KEY = 'sk-secret-provider-check';
  let fake: FakeOpenAi;
  let app: App;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await appWith({ LLM_BASE_URL: fake.url, LLM_API_KEY: KEY, LLM_MODEL: 'check-model' });
  });
  afterAll(() => fake.close());

  it('succeeds with a tiny chat completion to the configured model', async () => {
    fake.reply(completion('OK'));
    const before = fake.requests.length;
    const res = await test('llm', { app });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      provider: 'llm',
      kind: 'openai-compatible',
      message: 'Model check-model answered “OK”',
    });
    expect(fake.requests.slice(before)).toEqual([
      { path: '/v1/chat/completions', body: expect.objectContaining({ model: 'check-model' }) },
    ]);
  });

  it('reports a 500 with the server’s error message', async () => {
    fake.reply(status(500, '{"error":{"message":"model overloaded"}}'));
    const res = await test('llm', { app });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: false, provider: 'llm', kind: 'openai-compatible' });
    expect(body.message).toContain('model overloaded');
    expect(body.message).toContain('500');
  });

  it('reports an HTML error page as text, without markup', async () => {
    fake.reply(html(502));
    const body = (await test('llm', { app })).json();
    expect(body.ok).toBe(false);
    expect(body.message).toContain('502 Bad Gateway');
    expect(body.message).not.toMatch(/[<>]/);
  });

  it('reports an HTML page answered with 200 as "not a chat completion"', async () => {
    fake.reply(html(200));
    const body = (await test('llm', { app })).json();
    expect(body.ok).toBe(false);
    expect(body.message).toMatch(/did not answer with a chat completion/);
  });

  it('never repeats the API key, even when the provider echoes it', async () => {
    fake.reply(status(401, `{"error":{"message":"Incorrect API key provided: ${KEY}"}}`));
    const res = await test('llm', { app });
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toContain('Incorrect API key provided: [redacted]');
    expect(res.body).not.toContain(KEY);
  });

  it('gives up after its time limit when the server never answers', async () => {
    fake.reply(hang());
    const deps = depsWithConfig(ctx.deps, { LLM_BASE_URL: fake.url, LLM_API_KEY: KEY });
    const result = await testProvider(deps, 'llm', 300);
    expect(result).toMatchObject({ ok: false, provider: 'llm', message: 'No answer within 0.3 s' });
  });

  it('reports a refused connection', async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const refused = await appWith({ LLM_BASE_URL: closed.url });
    const body = (await test('llm', { app: refused })).json();
    expect(body).toMatchObject({ ok: false, provider: 'llm' });
    expect(body.message).toMatch(/^Connection error: fetch failed: .*ECONNREFUSED/);
  });
});

describe('speech to text against an OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let app: App;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await appWith({ STT_BASE_URL: fake.url });
  });
  afterAll(() => fake.close());

  it('uploads a short WAV for transcription', async () => {
    fake.reply(status(200, '{"text":" beep "}'));
    const before = fake.requests.length;
    const body = (await test('speechToText', { app })).json();
    expect(body).toMatchObject({
      ok: true,
      provider: 'speechToText',
      kind: 'openai-compatible',
      message: 'Transcribed a 1 s test tone (heard “beep”)',
    });
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/v1/audio/transcriptions']);
  });

  it('reports an answer that is not a transcription', async () => {
    fake.reply(completion('not a transcription'));
    const body = (await test('speechToText', { app })).json();
    expect(body.ok).toBe(false);
    expect(body.message).toMatch(/did not answer with a transcription/);
  });
});

describe('payments through Stripe', () => {
  const STRIPE_KEY = 'sk_test_provider_check';
  let stripe: FakeStripe;
  let app: App;
  beforeAll(async () => {
    stripe = await startFakeStripe(STRIPE_KEY);
    app = await appWith({
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_provider_check',
      STRIPE_WEBHOOK_SECRET: 'whsec_provider_check',
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(() => stripe.close());

  it('reads the balance with the secret key', async () => {
    const res = await test('payments', { app });
    expect(res.json()).toMatchObject({
      ok: true,
      provider: 'payments',
      kind: 'stripe',
      message: 'Stripe answered the balance request (test mode)',
    });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/balance' });
    expect(res.body).not.toContain(STRIPE_KEY);
  });

  it('reports Stripe’s error', async () => {
    stripe.failWith = 401;
    try {
      const body = (await test('payments', { app })).json();
      expect(body).toMatchObject({ ok: false, kind: 'stripe', message: 'Simulated Stripe failure' });
    } finally {
      stripe.failWith = null;
    }
  });
});

describe('voice agent on ElevenLabs', () => {
  let server: http.Server;
  let answer: { status: number; body: unknown };
  let app: App;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const ok = req.url?.startsWith('/v1/convai/conversation/get-signed-url?agent_id=agent_check');
      res.writeHead(ok ? answer.status : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? answer.body : { detail: 'not found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    app = await appWith({
      ELEVENLABS_API_KEY: 'xi-secret-check',
      ELEVENLABS_AGENT_ID: 'agent_check',
      ELEVENLABS_API_BASE_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks ElevenLabs for a signed URL', async () => {
    answer = { status: 200, body: { signed_url: 'wss://api.elevenlabs.io/v1/convai/conversation?token=t' } };
    const body = (await test('voiceAgent', { app })).json();
    expect(body).toMatchObject({
      ok: true,
      kind: 'elevenlabs',
      message: 'ElevenLabs issued a signed conversation URL for agent agent_check',
    });
  });

  it('reports ElevenLabs refusing the key', async () => {
    answer = { status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } };
    const res = await test('voiceAgent', { app });
    expect(res.json()).toMatchObject({ ok: false, kind: 'elevenlabs' });
    expect(res.json().message).toMatch(/^ElevenLabs answered 401: .*Invalid API key/);
    expect(res.body).not.toContain('xi-secret-check');
  });
});
