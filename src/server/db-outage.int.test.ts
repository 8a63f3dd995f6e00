// Issue 12 §4: the database goes away. Requests then fail cleanly (503 with a message, never a
// stack trace), /api/health says "degraded", and when the database is back the same process
// answers again by itself with nothing lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { providersFromConfig } from './deps.js';
import type { App } from './http/types.js';
import { createLocalBlobStore } from './providers/storage/local-blob-store.js';
import { expectCleanFailure } from './test-support/clean-failure.js';
import { testConfig } from './test-support/test-app.js';

describe('with the database unreachable', () => {
  // A PostgreSQL address where nothing listens: every query fails to connect.
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:3299/none' });
    app = await buildApp(
      {
        config: testConfig(),
        database,
        clock: { now: () => new Date() },
        blobs: createLocalBlobStore('.tmp/none'),
        ...providersFromConfig(testConfig()),
      },
      { logger: false },
    );
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('answers 503 with a message on routes that need it, and the rest still works', async () => {
    const cookie = 'sid=some-session';
    expectCleanFailure(await app.inject({ method: 'GET', url: '/api/interviewers', headers: { cookie } }));
    expectCleanFailure(
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'a@example.com', password: 'whatever password' },
      }),
    );
    expectCleanFailure(await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } }));
    expect((await app.inject({ method: 'GET', url: '/api/noop' })).statusCode).toBe(200);
  });

  it('reports itself degraded on /api/health (to a visitor: the status alone)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded' });
  });
});
