import type { PaymentStatusResponse } from '@shared/contracts/billing';
import { describe, expect, it } from 'vitest';
import { waitForCredits } from './wait-for-credits';

const pending: PaymentStatusResponse = { status: 'pending', processed: false };
const done: PaymentStatusResponse = { status: 'completed', processed: true };

function script(answers: (PaymentStatusResponse | Error)[]) {
  const sleeps: number[] = [];
  let calls = 0;
  return {
    sleeps,
    calls: () => calls,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    fetchStatus: async () => {
      const a = answers[Math.min(calls++, answers.length - 1)];
      if (a instanceof Error) throw a;
      return a;
    },
  };
}

describe('waitForCredits', () => {
  it('waits 5 s, then checks until processed', async () => {
    const s = script([pending, pending, done]);
    expect(await waitForCredits(s)).toBe('processed');
    expect(s.sleeps).toEqual([5000, 2000, 2000]);
    expect(s.calls()).toBe(3);
  });

  it('gives up after 5 checks 2 s apart', async () => {
    const s = script([pending]);
    expect(await waitForCredits(s)).toBe('timeout');
    expect(s.calls()).toBe(5);
    expect(s.sleeps).toEqual([5000, 2000, 2000, 2000, 2000]);
  });

  it('stops at once when the payment failed', async () => {
    const s = script([{ status: 'failed', processed: false }]);
    expect(await waitForCredits(s)).toBe('failed');
    expect(s.calls()).toBe(1);
  });

  it('counts a network error as one try and keeps going', async () => {
    const s = script([new Error('offline'), done]);
    expect(await waitForCredits(s)).toBe('processed');
    expect(s.calls()).toBe(2);
  });
});
