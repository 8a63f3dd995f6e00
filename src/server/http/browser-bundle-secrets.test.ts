// Issue 12 §5: the browser assets carry none of the server's secret values. The web app is built
// (the real vite.config.ts, into a temporary directory) with a canary value in every secret-looking
// setting of the server's config schema, then every emitted file is searched for the canaries.
// A `define` of process.env, an empty envPrefix or web code reaching into server config would
// show up here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** settings that are secret; the Stripe publishable key is public by design */
const SECRET_NAME = /KEY|SECRET|PASSWORD|TOKEN|DATABASE_URL|AGENT_ID/;
const secretNames = Object.keys(configSchema.shape).filter(
  (k) => SECRET_NAME.test(k) && k !== 'STRIPE_PUBLISHABLE_KEY',
);
const canary = (name: string) =>
  name === 'DATABASE_URL'
    ? 'postgres://app:pw_CANARY_DATABASE_URL@db.internal:5432/app'
    : `CANARY_${name}_7f3a9c`;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-secrets-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

describe('built browser assets', () => {
  it('contain none of the server’s secret values', async () => {
    expect(secretNames).toEqual(
      expect.arrayContaining([
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'LLM_API_KEY',
        'ELEVENLABS_API_KEY',
      ]),
    );
    const saved = { ...process.env };
    for (const name of secretNames) process.env[name] = canary(name);
    try {
      await build({
        configFile: path.join(repoRoot, 'vite.config.ts'),
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      for (const name of secretNames) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }

    const emitted = [...files(outDir)];
    expect(emitted.some((f) => f.endsWith('.js'))).toBe(true);
    const leaks: string[] = [];
    for (const file of emitted) {
      // .br/.gz are compressed copies of files scanned in the clear
      if (/\.(br|gz|png|jpe?g|webp|woff2?|ico)$/.test(file)) continue;
      const content = fs.readFileSync(file, 'latin1');
      for (const name of secretNames) {
        const value = canary(name);
        if (content.includes(value) || content.includes('CANARY_')) {
          leaks.push(`${path.relative(outDir, file)}: ${name}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);
});
