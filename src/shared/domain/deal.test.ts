import { describe, expect, it } from 'vitest';
import type { DealTerm } from '../contracts/evaluation.js';
import { dealOf, dealTermReached, dealTermVerdict, roomWon } from './deal.js';

/** Greg's base salary: opens at 150,000, 165,000 in the band, 170,000 with evidence */
const base = (over: Partial<DealTerm>): DealTerm => ({
  name: 'base salary',
  unit: null,
  percent: false,
  gives: 1,
  opening: 150000,
  reached: 150000,
  agreed: false,
  asked: false,
  reach: 165000,
  furthest: 170000,
  condition: 'give evidence such as market data or a competing offer',
  conditionMet: false,
  ...over,
});
/** a supplier's price it wants raised to 460, down to 430 only on a 12-month contract */
const price = (over: Partial<DealTerm>): DealTerm => ({
  name: 'price',
  unit: 'per tonne',
  percent: false,
  gives: -1,
  opening: 460,
  reached: 460,
  agreed: false,
  asked: false,
  reach: 445,
  furthest: 430,
  condition: 'sign a 12-month contract',
  conditionMet: false,
  ...over,
});

describe('what a call’s bargaining came to, said to the user', () => {
  it('says what was left on the table, and what would have moved the persona further', () => {
    const early = base({ reached: 155000, agreed: true, asked: true });
    expect(dealTermReached(early)).toBe('agreed at 155,000');
    expect(dealTermVerdict(early)).toBe(
      'It could go to 165,000 without any condition, and to 170,000 if you give evidence such as market data or a competing offer: 10,000 left on the table.',
    );
    expect(roomWon(early)).toBe(0.25);
    const band = base({ reached: 165000, agreed: true, asked: true });
    expect(dealTermVerdict(band)).toBe(
      'You reached the most it could give without a condition. It could go to 170,000 if you give evidence such as market data or a competing offer.',
    );
    const evidenced = base({ reached: 165000, agreed: true, asked: true, conditionMet: true });
    expect(dealTermVerdict(evidenced)).toBe(
      'You had met its condition (give evidence such as market data or a competing offer), so it could go to 170,000: 5,000 left on the table.',
    );
    // market data given, its counter of 160,000 taken: measured against the furthest it could go
    const taken = base({ reached: 160000, agreed: true, asked: true, conditionMet: true });
    expect(dealTermVerdict(taken)).toBe(
      'You had met its condition (give evidence such as market data or a competing offer), so it could go to 170,000: 10,000 left on the table.',
    );
    // evidence given but no figure asked for
    expect(dealTermVerdict(base({ conditionMet: true }))).toBe(
      'You did not ask for a figure on it. It could go to 170,000, since you had met its condition (give evidence such as market data or a competing offer).',
    );
    const top = base({ reached: 170000, agreed: true, asked: true, conditionMet: true });
    expect(dealTermVerdict(top)).toBe('You reached the most its brief allowed.');
    expect(roomWon(top)).toBe(1);
  });

  it('says so when the user never asked, and reads a price the persona is paid the other way', () => {
    expect(dealTermReached(base({}))).toBe('left at 150,000 (no figure asked for)');
    expect(dealTermVerdict(base({}))).toBe(
      'You did not ask for a figure on it. It could go to 165,000 without any condition, and to 170,000 if you give evidence such as market data or a competing offer.',
    );
    const bonus = base({
      name: 'signing bonus',
      opening: 0,
      reached: 0,
      reach: 15000,
      furthest: 15000,
      condition: null,
    });
    expect(dealTermReached(bonus)).toBe('no figure asked for');
    expect(dealTermVerdict(bonus)).toBe('You did not ask for a figure on it. It could offer up to 15,000.');
    const haggled = price({ reached: 450, asked: true });
    expect(dealTermReached(haggled)).toBe('its offer was 450 per tonne (not agreed)');
    expect(dealTermVerdict(haggled)).toBe(
      'It could go to 445 per tonne without any condition, and to 430 per tonne if you sign a 12-month contract: 5 per tonne left on the table.',
    );
    expect(roomWon(haggled)).toBeCloseTo(1 / 3);
  });

  it('reads a stored deal only in the contract’s form', () => {
    const deal = { closed: true, terms: [base({})], levers: [], requests: ['two remote days a week'] };
    expect(dealOf({ criteria: [], deal })).toEqual(deal);
    // a deal stored before requests were read has none
    expect(dealOf({ criteria: [], deal: { closed: true, terms: [], levers: [] } })?.requests).toEqual([]);
    expect(dealOf({ criteria: [], deal: { closed: 'yes' } })).toBeUndefined();
    expect(dealOf(null)).toBeUndefined();
  });
});
