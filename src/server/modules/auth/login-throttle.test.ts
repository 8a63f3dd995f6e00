import { describe, expect, it } from 'vitest';
import { DomainError, tooMany } from '../../errors.js';
import {
  failureDelayMs,
  HashGate,
  isFailingClientRefusal,
  RecentRefusals,
  RefusalHold,
  THROTTLE_MESSAGES,
} from './login-throttle.js';

describe('failureDelayMs', () => {
  it('answers the first failures of an account at once, then doubles, up to 3 s', () => {
    expect([1, 2, 3, 4].map(failureDelayMs)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9].map(failureDelayMs)).toEqual([250, 500, 1000, 2000, 3000]);
    expect(failureDelayMs(50)).toBe(3000);
  });
});

const deferred = () => {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('HashGate', () => {
  it('runs at most `limit` at once: known devices first, then clean clients, then ones that have been failing', async () => {
    const gate = new HashGate(2, 10, 10);
    const order: string[] = [];
    const blockers = [deferred(), deferred()];
    let running = 0;
    let maxRunning = 0;
    const job = (name: string, wait?: Promise<void>) => async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      order.push(name);
      await wait;
      running -= 1;
    };
    const all = [
      gate.run(job('a', blockers[0].promise)),
      gate.run(job('b', blockers[1].promise)),
      gate.run(job('suspect-1'), { suspect: true }),
      gate.run(job('clean-1')),
      gate.run(job('clean-2')),
      // a device known to its account goes ahead of everyone queued, even having failed once
      gate.run(job('known-1'), { knownDevice: true, suspect: true }),
    ];
    await tick();
    expect(order).toEqual(['a', 'b']);
    blockers[0].resolve();
    blockers[1].resolve();
    await Promise.all(all);
    expect(maxRunning).toBe(2);
    expect(order).toEqual(['a', 'b', 'known-1', 'clean-1', 'clean-2', 'suspect-1']);
  });

  it('leaves one slot to everyone else while clients that have been failing hash', async () => {
    const gate = new HashGate(2, 10, 10);
    const order: string[] = [];
    const blockers = [deferred(), deferred()];
    const job = (name: string, wait?: Promise<void>) => async () => {
      order.push(name);
      await wait;
    };
    const first = gate.run(job('suspect-1', blockers[0].promise), { suspect: true });
    const second = gate.run(job('suspect-2', blockers[1].promise), { suspect: true });
    await tick();
    // the second failing client waits though a slot is free...
    expect(order).toEqual(['suspect-1']);
    // ...which a clean client takes at once
    const clean = gate.run(job('clean'));
    await tick();
    expect(order).toEqual(['suspect-1', 'clean']);
    blockers[0].resolve();
    await Promise.all([first, clean]);
    await tick();
    expect(order).toEqual(['suspect-1', 'clean', 'suspect-2']);
    blockers[1].resolve();
    await second;
    expect(gate.queued).toBe(0);
    // with one slot in all, failing clients still get it
    const single = new HashGate(1, 10, 10);
    await single.run(async () => {}, { suspect: true });
  });

  it('turns away clients that have been failing once their queue is full (429), and everyone past the bound (busy)', async () => {
    const gate = new HashGate(1, 2, 1);
    const hold = deferred();
    const first = gate.run(() => hold.promise);
    const queued = gate.run(async () => {}, { suspect: true });
    const refused = gate.run(async () => {}, { suspect: true });
    await expect(refused).rejects.toMatchObject({ kind: 'too_many' });
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    const c1 = gate.run(async () => {});
    const c2 = gate.run(async () => {});
    await expect(gate.run(async () => {})).rejects.toMatchObject({ kind: 'too_many' });
    hold.resolve();
    await Promise.all([first, queued, c1, c2]);
    expect(gate.queued).toBe(0);
  });
});

describe('RecentRefusals', () => {
  it('answers a remembered refusal until it lapses, and forgets the oldest past its size', () => {
    const r = new RecentRefusals(2);
    r.remember('ip:1', 1000, 'slow down');
    expect(r.refused(['pair:a|1', 'ip:1'], 999)).toBe('slow down');
    expect(r.refused(['ip:1'], 1000)).toBeNull();
    r.remember('ip:2', 5000, 'two');
    r.remember('ip:3', 5000, 'three');
    r.remember('ip:4', 5000, 'four');
    expect(r.refused(['ip:2'], 0)).toBeNull();
    expect(r.refused(['ip:4'], 0)).toBe('four');
  });
});

describe('RefusalHold', () => {
  it('holds each refusal for its time, and answers at once past `max` held', async () => {
    const hold = new RefusalHold(1000, 2);
    const waits: number[] = [];
    const releases: (() => void)[] = [];
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        waits.push(ms);
        releases.push(resolve);
      });
    const first = hold.hold(sleep);
    const second = hold.hold(sleep);
    expect(hold.holding).toBe(2);
    // a third is not held: the holding cannot grow past max
    await hold.hold(sleep);
    expect(waits).toEqual([1000, 1000]);
    for (const release of releases) release();
    await Promise.all([first, second]);
    expect(hold.holding).toBe(0);
    // freed places hold again, and a sleep that fails frees its place too
    await expect(hold.hold(() => Promise.reject(new Error('stopped')))).rejects.toThrow('stopped');
    expect(hold.holding).toBe(0);
  });

  it('is for refusals of failing clients only, never the busy server’s', () => {
    expect(isFailingClientRefusal(tooMany(THROTTLE_MESSAGES.account))).toBe(true);
    expect(isFailingClientRefusal(tooMany(THROTTLE_MESSAGES.client))).toBe(true);
    expect(isFailingClientRefusal(tooMany(THROTTLE_MESSAGES.busy))).toBe(false);
    expect(isFailingClientRefusal(new Error(THROTTLE_MESSAGES.client))).toBe(false);
  });
});
