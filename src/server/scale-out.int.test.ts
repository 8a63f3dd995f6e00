// Two servers on one embedded database folder (each spawned as `npm start` runs it): the pglite
// project runs it on embedded PGlite, the postgres project on the embedded PostgreSQL (the default).
// The multi-server tests on one PostgreSQL are in scale-out.pg.int.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { testDbKind } from './test-support/test-db.js';

// Issue 19 §5: two servers on one DATA_DIR. The second stops at once, naming the folder and the
// first; after the first is killed with -9 a new server takes the folder over and finds its data.
it('a second server on the same DATA_DIR exits at once; after kill -9 the next one recovers the data', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-data-'));
  fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user
  const engine = testDbKind === 'postgres' ? 'postgres' : 'pglite';
  // the two projects run this file at the same time: ports of their own
  const base = testDbKind === 'postgres' ? 3271 : 3261;
  const { spawn } = await import('node:child_process');
  const start = (port: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
        EMBEDDED_DATABASE: engine,
        ADMIN_EMAIL: 'first@example.com',
        ADMIN_PASSWORD: 'first-password-1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, exited, stderr: () => stderr };
  };
  const answers = async (port: number) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/noop`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
  };
  const first = start(base);
  try {
    expect(await answers(base)).toBe(true);
    const second = start(base + 1);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`pid ${first.child.pid}`);
    expect(second.stderr()).toContain(dataDir);
    // the first still serves, and signs its admin in
    const login = await fetch(`http://127.0.0.1:${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${base}` },
      body: JSON.stringify({ email: 'first@example.com', password: 'first-password-1' }),
    });
    expect(login.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, engine, 'PG_VERSION'))).toBe(true);
  } finally {
    first.child.kill('SIGKILL');
    await first.exited;
  }
  const third = start(base + 2);
  try {
    expect(await answers(base + 2)).toBe(true);
    const login = await fetch(`http://127.0.0.1:${base + 2}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${base + 2}` },
      body: JSON.stringify({ email: 'first@example.com', password: 'first-password-1' }),
    });
    expect(login.status).toBe(200);
  } finally {
    third.child.kill('SIGTERM');
    await third.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 150_000);
