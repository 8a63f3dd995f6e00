// Issue 19 §5: one server per DATA_DIR. A second process on the same folder is stopped with a
// message naming the folder and the process that holds it; a lock left by a killed process is
// taken over.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A node process that takes the lock and holds it until killed; resolves once it holds it. */
function holder(dir: string) {
  const script = `
    const fs = require('node:fs'), path = require('node:path');
    const file = path.join(${JSON.stringify(dir)}, ${JSON.stringify(LOCK_FILE)});
    fs.writeFileSync(file + '.tmp', JSON.stringify({ pid: process.pid, host: require('node:os').hostname(), startedAt: new Date().toISOString() }));
    fs.linkSync(file + '.tmp', file); fs.rmSync(file + '.tmp');
    console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { child, ready };
}

describe('lockDataDir', () => {
  it('stops a second server on the folder, naming the folder and the process that holds it', async () => {
    const dir = tempDir();
    const { child, ready } = holder(dir);
    await ready;
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        new RegExp(`pid ${child.pid}.*${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that was killed, and lets it go again', async () => {
    const dir = tempDir();
    const { child, ready } = holder(dir);
    await ready;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('treats a lock naming this very process as its own: taken over, never doubled', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    // the lock names this very process: a stale-looking lock of our own is taken over, never doubled
    const again = lockDataDir(dir);
    again();
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});

describe('npm start on a folder in use', () => {
  it('exits at once with a message naming the folder and the other process', async () => {
    const dir = tempDir();
    const { child, ready } = holder(dir);
    await ready;
    try {
      const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dir,
          PORT: '0',
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      server.stderr.on('data', (d) => {
        stderr += d;
      });
      const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`pid ${child.pid}`);
      expect(stderr).toContain(dir);
      expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'postgres'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
