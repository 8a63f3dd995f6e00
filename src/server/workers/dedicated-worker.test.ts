import { afterEach, describe, expect, it } from 'vitest';
import {
  DedicatedWorker,
  type IdleTimers,
  WorkerClosedError,
  WorkerCrashedError,
} from './dedicated-worker.js';
import type { TestWorkerApi } from './test-worker.js';

const workers: DedicatedWorker<TestWorkerApi>[] = [];
function testWorker(timers?: IdleTimers) {
  const w = new DedicatedWorker<TestWorkerApi>(new URL('./test-worker.ts', import.meta.url), 'test', timers);
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

  describe('idle stop', () => {
    /** timers the test fires by hand: time passes only when it says so */
    function manualTimers() {
      const armed = new Map<number, { fire: () => void; ms: number }>();
      let next = 1;
      const timers: IdleTimers = {
        set: (fire, ms) => {
          const id = next++;
          armed.set(id, { fire, ms });
          return id;
        },
        clear: (id) => {
          armed.delete(id as number);
        },
      };
      return {
        timers,
        armed,
        /** fires every armed timer, as if their time had come */
        elapse: () => {
          const due = [...armed.entries()];
          armed.clear();
          for (const [, t] of due) t.fire();
        },
      };
    }

    it('stops the thread after the idle time with nothing to do, and the next request starts a fresh one', async () => {
      const clock = manualTimers();
      const w = testWorker(clock.timers);
      w.retain({ idleMs: 300_000 });
      // nothing started yet: nothing to stop
      expect(clock.armed.size).toBe(0);
      expect(await w.call('count', undefined)).toBe(1);
      expect(await w.call('count', undefined)).toBe(2);
      expect([...clock.armed.values()].map((t) => t.ms)).toEqual([300_000]);
      const thread = w.thread;
      const exited = new Promise((r) => thread?.once('exit', r));
      clock.elapse();
      expect(w.running).toBe(false);
      await exited;
      // started again on demand, its state starting over
      expect(await w.call('count', undefined)).toBe(1);
      expect(w.generation).toBe(2);
    });

    it('does not count time while a request is outstanding', async () => {
      const clock = manualTimers();
      const w = testWorker(clock.timers);
      w.retain({ idleMs: 1000 });
      await w.call('count', undefined);
      expect(clock.armed.size).toBe(1);
      const slow = w.call('wait', { ms: 20, tag: 'slow' });
      // the request disarmed the countdown
      expect(clock.armed.size).toBe(0);
      expect(await slow).toBe('slow');
      expect(clock.armed.size).toBe(1);
    });

    it('keeps a held thread (state that outlives a request) until it is let go', async () => {
      const clock = manualTimers();
      const w = testWorker(clock.timers);
      w.retain({ idleMs: 1000 });
      await w.call('count', undefined);
      const letGo = w.hold();
      expect(w.held).toBe(true);
      expect(clock.armed.size).toBe(0);
      await w.call('count', undefined);
      expect(clock.armed.size).toBe(0);
      clock.elapse();
      expect(w.running).toBe(true);
      letGo();
      letGo();
      expect(w.held).toBe(false);
      expect(clock.armed.size).toBe(1);
      clock.elapse();
      expect(w.running).toBe(false);
    });

    it('never stops for idleness without an idle time', async () => {
      const clock = manualTimers();
      const w = testWorker(clock.timers);
      w.retain();
      await w.call('count', undefined);
      expect(clock.armed.size).toBe(0);
      expect(w.running).toBe(true);
    });

    it('drops the countdown when the thread is closed or crashes', async () => {
      const clock = manualTimers();
      const w = testWorker(clock.timers);
      w.retain({ idleMs: 1000 });
      await w.call('count', undefined);
      await w.close();
      expect(clock.armed.size).toBe(0);
      await w.call('count', undefined);
      await expect(w.call('exit', undefined)).rejects.toBeInstanceOf(WorkerCrashedError);
      expect(clock.armed.size).toBe(0);
    });

    it('tells its stop listeners each time a running thread stops: idle, closed or lost', async () => {
      const clock = manualTimers();
      const w = testWorker(clock.timers);
      let stops = 0;
      w.onStopped(() => {
        stops += 1;
      });
      w.retain({ idleMs: 1000 });
      await w.close(); // nothing running: nothing to tell
      expect(stops).toBe(0);
      await w.call('count', undefined);
      clock.elapse();
      expect(stops).toBe(1);
      await w.call('count', undefined);
      await w.close();
      expect(stops).toBe(2);
      await expect(w.call('exit', undefined)).rejects.toBeInstanceOf(WorkerCrashedError);
      expect(stops).toBe(3);
    });
  });
});
