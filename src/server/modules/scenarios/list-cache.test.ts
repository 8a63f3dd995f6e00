import { describe, expect, it } from 'vitest';
import { InterviewerListCache } from './list-cache.js';

const live = () => {
  const cache = new InterviewerListCache();
  cache.setLive(true);
  return cache;
};

describe('InterviewerListCache', () => {
  it('keeps nothing while the change feed is down', () => {
    const cache = new InterviewerListCache();
    cache.set(1, '[]', 0, cache.epoch);
    expect(cache.get(1, 0)).toBeUndefined();
    cache.setLive(true);
    cache.set(1, '[]', 0, cache.epoch);
    expect(cache.get(1, 0)).toBe('[]');
    cache.setLive(false);
    expect(cache.get(1, 0)).toBeUndefined();
  });

  it('does not store a list read while a change arrived', () => {
    const cache = live();
    const epochAtRead = cache.epoch;
    cache.clear(); // the notification, while the query ran
    cache.set(1, '["old"]', 0, epochAtRead);
    expect(cache.get(1, 0)).toBeUndefined();
  });

  it('keeps each user apart and drops everything on a change', () => {
    const cache = live();
    cache.set(1, '["a"]', 0, cache.epoch);
    cache.set(2, '["b"]', 0, cache.epoch);
    expect([cache.get(1, 0), cache.get(2, 0), cache.get(3, 0)]).toEqual(['["a"]', '["b"]', undefined]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('forgets an entry after a minute even without a notification, and holds at most 2,000', () => {
    const cache = live();
    cache.set(1, '[]', 0, cache.epoch);
    expect(cache.get(1, 60_000)).toBe('[]');
    expect(cache.get(1, 60_001)).toBeUndefined();
    for (let id = 1; id <= 2_001; id++) cache.set(id, '[]', 0, cache.epoch);
    expect(cache.size).toBe(2_000);
    expect(cache.get(1, 0)).toBeUndefined(); // the oldest went
    expect(cache.get(2_001, 0)).toBe('[]');
  });
});
