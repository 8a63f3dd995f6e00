import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

const ada = { id: 1, name: 'Ada' };
const bob = { id: 2, name: 'Bob' };
const later = new Date(10_000_000);

function liveCache() {
  const cache = new SessionCache<{ id: number; name: string }>();
  cache.setLive(true);
  return cache;
}

describe('SessionCache', () => {
  it('answers a stored session until its user changes', () => {
    const cache = liveCache();
    cache.set('a1', ada, later, 0, cache.epoch);
    cache.set('a2', ada, later, 0, cache.epoch);
    cache.set('b1', bob, later, 0, cache.epoch);
    expect(cache.get('a1', 10)).toBe(ada);
    cache.onNotification('1');
    expect(cache.get('a1', 10)).toBeUndefined();
    expect(cache.get('a2', 10)).toBeUndefined();
    expect(cache.get('b1', 10)).toBe(bob);
  });

  it('stores nothing and answers nothing while the change feed is down', () => {
    const cache = new SessionCache<typeof ada>();
    cache.set('a1', ada, later, 0, cache.epoch);
    expect(cache.get('a1', 0)).toBeUndefined();
    cache.setLive(true);
    cache.set('a1', ada, later, 0, cache.epoch);
    expect(cache.get('a1', 0)).toBe(ada);
    cache.setLive(false);
    expect(cache.get('a1', 0)).toBeUndefined();
    cache.setLive(true);
    expect(cache.get('a1', 0)).toBeUndefined();
  });

  it('does not store a lookup that a change overtook', () => {
    const cache = liveCache();
    const epoch = cache.epoch;
    cache.onNotification('1'); // arrives while the lookup was at the database
    cache.set('a1', ada, later, 0, epoch);
    expect(cache.get('a1', 0)).toBeUndefined();
  });

  it('drops an entry once its session has expired, and after the safety-net minute', () => {
    const cache = liveCache();
    cache.set('a1', ada, new Date(500), 0, cache.epoch);
    expect(cache.get('a1', 499)).toBe(ada);
    expect(cache.get('a1', 500)).toBeUndefined();
    cache.set('b1', bob, later, 0, cache.epoch);
    expect(cache.get('b1', 60_000)).toBe(bob);
    expect(cache.get('b1', 60_001)).toBeUndefined();
  });

  it('forgets everything on a payload that is not a user id (a truncate)', () => {
    const cache = liveCache();
    cache.set('a1', ada, later, 0, cache.epoch);
    cache.set('b1', bob, later, 0, cache.epoch);
    cache.onNotification('*');
    expect(cache.size).toBe(0);
    expect(cache.live).toBe(true);
  });
});
