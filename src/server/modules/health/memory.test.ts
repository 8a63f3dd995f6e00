// The admin's memory figures: the server's own (RSS, JS heap) and its child processes' by kind,
// read from /proc (a stand-in "pocketsphinx_batch" is a shell script of that name holding 3 MB).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childMemory, memoryStatus } from './memory.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-status-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function start(binary: string) {
  const child = spawn(binary, ['30'], { stdio: 'ignore' });
  started.push(child);
  return child;
}

describe.runIf(process.platform === 'linux')('memoryStatus', () => {
  it("reports the process's resident memory and JS heap", () => {
    const m = memoryStatus();
    expect(m.rssMb).toBeGreaterThan(10);
    expect(m.heapUsedMb).toBeGreaterThan(0);
    expect(m.heapUsedMb).toBeLessThanOrEqual(m.heapTotalMb);
    expect(m.rssMb).toBeGreaterThan(m.heapUsedMb);
  });

  it('adds up its child processes, the recogniser’s decoders apart', async () => {
    const before = memoryStatus();
    const decoder = path.join(dir, 'pocketsphinx_batch');
    fs.writeFileSync(
      decoder,
      `#!/bin/sh\nx=$(head -c 3000000 /dev/zero | tr '\\0' a)\necho ready > "$0.$$"\nsleep "$1"\n`,
      { mode: 0o755 },
    );
    start(decoder);
    start(decoder);
    start('/bin/sleep');
    await expect.poll(() => fs.readdirSync(dir).filter((f) => f.includes('.')).length).toBe(2);
    const m = memoryStatus();
    // at least: the worker runs other files' tests, whose real decoders may start or stop meanwhile
    expect(m.recognisers).toBeGreaterThanOrEqual(before.recognisers + 2);
    // each holds its 3 MB string
    expect(m.recognisersMb).toBeGreaterThan((before.recognisersMb ?? 0) + 5);
    // the sleeps (one started here, one below each stand-in)
    expect(m.otherChildrenMb).toBeGreaterThan(before.otherChildrenMb ?? 0);
  });

  it('leaves out a child that ended while it was read, rather than calling them all unreadable', async () => {
    const child = start('/bin/true');
    const pid = child.pid as number;
    await new Promise((resolve) => child.once('exit', resolve));
    expect(childMemory(pid)).toBe('gone');
    expect(childMemory(process.pid)).toMatchObject({ name: expect.any(String) });
  });

  it('leaves out a child that exited and is not reaped yet, rather than calling them all unreadable', () => {
    const child = start('/bin/true');
    const pid = child.pid as number;
    // Node reaps its children on the event loop: blocking it keeps the exited child a zombie
    const zombie = () => /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    const until = Date.now() + 10_000;
    while (!zombie() && Date.now() < until);
    expect(zombie()).toBe(true);
    expect(childMemory(pid)).toBe('gone');
    const m = memoryStatus();
    expect(m.otherChildrenMb).not.toBeNull();
    expect(m.recognisersMb).not.toBeNull();
  });
});
