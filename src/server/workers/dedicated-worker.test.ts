import { afterEach, describe, expect, it } from 'vitest';
import { DedicatedWorker, WorkerClosedError, WorkerCrashedError } from './dedicated-worker.js';
import type { TestWorkerApi } from './test-worker.js';

const workers: DedicatedWorker<TestWorkerApi>[] = [];
function testWorker() {
  const w = new DedicatedWorker<TestWorkerApi>(new URL('./test-worker.ts', import.meta.url), 'test');
  workers.push(w);
  return w;
}
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.close()));
});

describe('dedicated worker thread', () => {
  it('runs a TypeScript module in a thread of its own, keeping its state between requests', async () => {
    const w = testWorker();
    expect(w.running).toBe(false);
    expect(await w.call('count', undefined)).toBe(1);
    expect(await w.call('count', undefined)).toBe(2);
    expect(w.thread?.threadId).toBeGreaterThan(0);
    expect(await w.call('echo', { a: [1, 'b'] })).toEqual({ a: [1, 'b'] });
  });

  it('answers in the order asked, even when an earlier request waits', async () => {
    const w = testWorker();
    const done: string[] = [];
    await Promise.all([
      w.call('wait', { ms: 60, tag: 'first' }).then((t) => done.push(t)),
      w.call('wait', { ms: 0, tag: 'second' }).then((t) => done.push(t)),
      w.call('wait', { ms: 10, tag: 'third' }).then((t) => done.push(t)),
    ]);
    expect(done).toEqual(['first', 'second', 'third']);
  });

  it('moves buffers both ways instead of copying them', async () => {
    const w = testWorker();
    const samples = new Float32Array([0.25, -0.5, 1]);
    const answer = w.call('double', { samples }, [samples.buffer]);
    // the buffer now belongs to the worker
    expect(samples.byteLength).toBe(0);
    const { samples: doubled, receivedBytes } = await answer;
    expect(receivedBytes).toBe(12);
    expect([...doubled]).toEqual([0.5, -1, 2]);
  });

  it("rejects a request whose handler throws, with the handler's error, and carries on", async () => {
    const w = testWorker();
    await w.call('count', undefined);
    const err = await w.call('fail', { message: 'bad input' }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('RangeError');
    expect((err as Error).message).toBe('bad input');
    // same thread, same state
    expect(await w.call('count', undefined)).toBe(2);
  });

  it('rejects a request that cannot be sent to the thread, which carries on', async () => {
    const w = testWorker();
    await expect(w.call('echo', { f: () => 1 })).rejects.toThrow(/could not be cloned/);
    expect(await w.call('count', undefined)).toBe(1);
  });

  it('fails the outstanding requests when the thread exits, and starts a fresh one for the next', async () => {
    const w = testWorker();
    expect(await w.call('count', undefined)).toBe(1);
    const first = w.generation;
    const crash = w.call('exit', undefined);
    // queued behind the request that ends the thread
    const queued = w.call('wait', { ms: 0, tag: 'never answered' });
    await expect(crash).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(queued).rejects.toThrow(/exited with code 3/);
    expect(w.running).toBe(false);
    // a new thread: its state starts over
    expect(await w.call('count', undefined)).toBe(1);
    expect(w.generation).toBe(first + 1);
  });

  it('fails the outstanding requests when the thread throws outside any request', async () => {
    const w = testWorker();
    await expect(w.call('throwLater', undefined)).rejects.toThrow(/uncaught in the worker/);
    expect(await w.call('count', undefined)).toBe(1);
  });

  it('is stopped when its last user releases it, and outstanding requests are told so', async () => {
    const w = testWorker();
    const releaseA = w.retain();
    const releaseB = w.retain();
    await w.call('count', undefined);
    const thread = w.thread;
    await releaseA();
    await releaseA();
    expect(w.running).toBe(true);
    const pending = expect(w.call('wait', { ms: 5000, tag: 'never' })).rejects.toBeInstanceOf(
      WorkerClosedError,
    );
    const exited = new Promise((r) => thread?.once('exit', r));
    await releaseB();
    await pending;
    await exited;
    expect(w.running).toBe(false);
  });
});
