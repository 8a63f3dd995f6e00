import { describe, expect, it } from 'vitest';
import { PENDING_ABANDONED_MS, pendingNote } from './purchase-history';

describe('a pending purchase', () => {
  const createdAt = '2026-01-05T10:00:00.000Z';
  const at = (ms: number) => new Date(createdAt).getTime() + ms;
  it('is a payment going through at first, and one never finished (nothing charged) after half an hour', () => {
    expect(pendingNote({ createdAt }, at(60_000))).toBe('waiting for the payment to go through');
    expect(pendingNote({ createdAt }, at(PENDING_ABANDONED_MS + 1))).toBe(
      'not completed, nothing was charged',
    );
  });
});
