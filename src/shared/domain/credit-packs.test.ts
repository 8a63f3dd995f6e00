import { describe, expect, it } from 'vitest';
import {
  CREDIT_PACKS,
  findCreditPack,
  formatCents,
  lowestPerCallCents,
  packSizesText,
} from './credit-packs.js';
import {
  passesLuhn,
  SANDBOX_DECLINE_CARD,
  SANDBOX_SUCCESS_CARD,
  sandboxCardOutcome,
} from './sandbox-cards.js';

describe('credit packs', () => {
  it('sells the spec packs: 1 for $4.99, 5 for $19.99, 10 for $29.99, 25 for $49.99', () => {
    expect(CREDIT_PACKS.map((p) => [p.credits, formatCents(p.amount)])).toEqual([
      [1, '$4.99'],
      [5, '$19.99'],
      [10, '$29.99'],
      [25, '$49.99'],
    ]);
  });

  it('finds a pack only for its exact credits/amount pair', () => {
    expect(findCreditPack(5, 1999)).toEqual({ credits: 5, amount: 1999 });
    expect(findCreditPack(5, 499)).toBeUndefined();
    expect(findCreditPack(2, 998)).toBeUndefined();
    expect(findCreditPack(5, 19.99)).toBeUndefined();
  });

  it('words the landing price from the table: the cheapest call rounded up, and the pack sizes', () => {
    // 25 for $49.99 is $1.9996 a call: shown as $2.00, never as less than a call costs
    expect(formatCents(lowestPerCallCents())).toBe('$2.00');
    expect(packSizesText()).toBe('1, 5, 10 or 25');
    expect(lowestPerCallCents([{ credits: 3, amount: 1000 }])).toBe(334);
    expect(packSizesText([{ credits: 2, amount: 100 }])).toBe('2');
  });
});

describe('sandbox test cards', () => {
  it('succeeds with 4242…, declines 4000 0000 0000 0002 and rejects numbers failing Luhn', () => {
    expect(sandboxCardOutcome(SANDBOX_SUCCESS_CARD)).toBe('succeeds');
    expect(sandboxCardOutcome('4242-4242-4242-4242')).toBe('succeeds');
    expect(sandboxCardOutcome(SANDBOX_DECLINE_CARD)).toBe('declined');
    expect(sandboxCardOutcome('4242 4242 4242 4241')).toBe('invalid');
    expect(sandboxCardOutcome('')).toBe('invalid');
    expect(sandboxCardOutcome('abcd')).toBe('invalid');
  });

  it('accepts other Luhn-valid test numbers like 5555 5555 5555 4444', () => {
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(sandboxCardOutcome('5555 5555 5555 4444')).toBe('succeeds');
  });
});
