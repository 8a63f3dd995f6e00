// Builds the real app on a test database for app.inject() tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type AppDeps, type Clock, type Providers, providersFromConfig } from '../deps.js';
import type { App } from '../http/types.js';
import { createLlmClient, type LlmClient } from '../providers/llm/openai-client.js';
import type { SpeechEngines } from '../providers/speech/index.js';
import { createLocalBlobStore } from '../providers/storage/local-blob-store.js';
import { createTestDatabase, resetDatabase, type TestDatabase } from './test-db.js';

export type TestContext = {
  app: App;
  deps: AppDeps;
  database: TestDatabase;
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', ...overrides });
}

/**
 * Providers a test supplies instead of the ones its config picks: a fake model endpoint, a
 * transcriber that answers what the test says, a payment provider at a fake Stripe… `speech`
 * replaces only the engines given (`{ stt: null }`: no server transcription).
 */
export type ProviderOverrides = Partial<Omit<Providers, 'speech'>> & { speech?: Partial<SpeechEngines> };

function withProviders(deps: AppDeps, overrides: ProviderOverrides = {}): AppDeps {
  const { speech, ...rest } = overrides;
  return { ...deps, ...rest, speech: { ...deps.speech, ...speech } };
}

/**
 * The deps of another app on the same database, clock and blob store, with another config and
 * the providers that config picks (as main.ts would build them), then `providers` over those.
 * For tests of what a configuration does; a test that only needs a provider passes it instead.
 */
export function depsWithConfig(
  base: AppDeps,
  env: Record<string, string>,
  providers: ProviderOverrides = {},
): AppDeps {
  const config = testConfig(env);
  return withProviders({ ...base, config, ...providersFromConfig(config) }, providers);
}

/** An OpenAI-compatible model at `url` (a fake server's), as the app's `llm` provider. */
export function testLlm(url: string, opts: { apiKey?: string; timeoutMs?: number } = {}): LlmClient {
  const client = createLlmClient({
    LLM_BASE_URL: url,
    LLM_API_KEY: opts.apiKey,
    LLM_TIMEOUT_MS: opts.timeoutMs ?? testConfig().LLM_TIMEOUT_MS,
  });
  if (!client) throw new Error('testLlm needs a URL');
  return client;
}

export async function createTestContext(
  opts: { env?: Record<string, string>; clock?: Clock; providers?: ProviderOverrides } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-blobs-'));
  const config = testConfig(opts.env);
  // the providers the config picks (no keys: the built-in ones), recordings in a folder of the
  // test's own, then what the test supplies
  const deps = withProviders(
    {
      config,
      database,
      clock: opts.clock ?? { now: () => new Date() },
      blobs: createLocalBlobStore(blobDir),
      ...providersFromConfig(config),
    },
    opts.providers,
  );
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    database,
    reset: () => resetDatabase(database),
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

/** The `sid=…` pair from a response's Set-Cookie, ready for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name === 'sid');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `sid=${c.value}`;
}

let counter = 0;
/** Registers a fresh user and answers its cookie and body. */
export async function registerUser(
  app: App,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  counter += 1;
  const body = {
    name: overrides.name ?? `User ${counter}`,
    email: overrides.email ?? `user${counter}-${Date.now()}@example.com`,
    password: overrides.password ?? 'correct horse battery',
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...body, passwordConfirm: body.password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  return { cookie: sessionCookie(res), user: res.json(), ...body };
}
