// Builds the real app on a test database for app.inject() tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { AppDeps, Clock } from '../deps.js';
import type { App } from '../http/types.js';
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

export async function createTestContext(
  opts: { env?: Record<string, string>; clock?: Clock } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-blobs-'));
  const deps: AppDeps = {
    config: testConfig(opts.env),
    database,
    clock: opts.clock ?? { now: () => new Date() },
    blobs: createLocalBlobStore(blobDir),
  };
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
