// The real app serving a small built web app of the test's own (dist/web may not exist in a test
// run, and a test wants to know exactly what is in it), on a fresh test database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { providersFromConfig } from '../deps.js';
import type { App } from '../http/types.js';
import { createLocalBlobStore } from '../providers/storage/local-blob-store.js';
import { testConfig } from './test-app.js';
import { createTestDatabase } from './test-db.js';

export type WebTestApp = { app: App; close: () => Promise<void> };

/** `files`: path under the web folder (may hold folders) → content. */
export async function createWebTestApp(
  files: Record<string, string | Buffer>,
  env: Record<string, string> = {},
): Promise<WebTestApp> {
  const database = await createTestDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'web-test-'));
  const webDir = path.join(tmp, 'web');
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(webDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  const config = testConfig({ REGISTER_RATE_LIMIT: '1000', ...env });
  const app = await buildApp(
    {
      config,
      database,
      clock: { now: () => new Date() },
      blobs: createLocalBlobStore(path.join(tmp, 'blobs')),
      ...providersFromConfig(config),
    },
    { logger: false, serveWeb: true, webDir },
  );
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
