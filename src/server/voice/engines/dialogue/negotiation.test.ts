import { describe, expect, it } from 'vitest';
import { PRESET_INTERVIEWERS } from '../../../db/seed/preset-interviewers.js';
import type { Persona, Turn } from '../brain.js';
import {
  asksForRoom,
  asksIn,
  asksWhyItMoves,
  figuresIn,
  leversOf,
  readBargain,
  readDeal,
  reopensDeal,
  requestedElse,
  sayFigure,
  termsOf,
} from './negotiation.js';
import { playScripted } from './testing.js';

const GREG = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway')?.systemPrompt ?? '';
const MARK =
  "You want to raise the user's price from 400 to 460 per tonne.\nHe can go as low as 430 if we sign a 12-month contract.";

/** a conversation of the user's turns, each after a line of the persona's */
const conversation = (...said: string[]): Turn[] =>
  said.flatMap((text) => [
    { speaker: 'agent' as const, text: 'Go on.' },
    { speaker: 'user' as const, text },
  ]);

describe('figures in what is said', () => {
  it('reads figures as written and as a recogniser gives them, not lengths of time or counts of things', () => {
    const values = (text: string) => figuresIn(text).map((f) => [f.value, f.percent]);
    expect(values('I was thinking 165,000, or 165000.')).toEqual([
      [165000, false],
      [165000, false],
    ]);
    expect(values('i was thinking 165 000')).toEqual([[165000, false]]);
    expect(values('165k and a 15k bonus')).toEqual([
      [165000, false],
      [15000, false],
    ]);
    expect(values('one hundred and sixty five thousand')).toEqual([[165000, false]]);
    expect(values('ten percent, or 12 %')).toEqual([
      [10, true],
      [12, true],
    ]);
    expect(values('a 12-month contract for four weeks at 430')).toEqual([[430, false]]);
    // counts of things are no figures: Greg took "2,000 shares" for the signing bonus
    expect(values('a 15 thousand signing bonus and an extra 2,000 shares')).toEqual([[15000, false]]);
    expect(values('430 per tonne on 1,000 tonnes')).toEqual([[430, false]]);
    // prices and salaries as people say them: "one seventy five" (175, or 175,000 of a salary), "four thirty"
    expect(values('one seventy five, four thirty, one sixty, one ten')).toEqual([
      [175, false],
      [430, false],
      [160, false],
      [110, false],
    ]);
    expect(asksIn(termsOf(GREG), 'i was thinking one seventy five based on market data', false)).toEqual([
      { term: 0, value: 175000 },
    ]);
    expect(values('seven and a half percent, or four point five percent')).toEqual([
      [7.5, true],
      [4.5, true],
    ]);
  });
});

describe('the terms a brief gives the persona', () => {
  it("reads Greg's offer, his band, the approval beyond it, and the signing bonus he can add", () => {
    const [base, bonus, ...rest] = termsOf(GREG);
    expect(rest).toEqual([]);
    expect(base).toMatchObject({ name: 'base salary', opening: 150000, gives: 1 });
    expect(base.limits.map((l) => [l.value, l.condition?.evidence ?? null])).toEqual([
      [165000, null],
      [170000, true],
    ]);
    expect(bonus).toMatchObject({ name: 'signing bonus', opening: 0, gives: 1 });
    expect(bonus.limits.map((l) => l.value)).toEqual([15000]);
    // the 10 percent bonus target has no room stated: not bargained over
    expect(termsOf(GREG).some((t) => t.percent)).toBe(false);
  });

  it('reads a price it wants to raise and the floor it reaches only on a condition', () => {
    const [price] = termsOf(MARK);
    expect(price).toMatchObject({ name: 'price', unit: 'per tonne', opening: 460, status: 400, gives: -1 });
    expect(price.limits).toHaveLength(1);
    expect(price.limits[0].value).toBe(430);
    expect(price.limits[0].condition).toMatchObject({ evidence: false, say: 'sign a 12-month contract' });
    expect(sayFigure(price, 445)).toBe('445 per tonne');
  });

  it("reads a figure past its own limit as the other side's, and opens as far short of its limit", () => {
    const [price] = termsOf(
      'Our quote is 50,000 a year. She can pay at most 44,000 a year, and wants a discount.',
    );
    // "pay at most": the limit's words, not the term's name
    expect(price).toMatchObject({ name: null, unit: 'a year', opening: 38000, status: 50000, gives: 1 });
    expect(price.limits.map((l) => l.value)).toEqual([44000]);
    const bargain = readBargain(
      [price],
      conversation('I could do 48,000 a year if you sign for three years.'),
    );
    expect(bargain?.moves).toEqual([{ term: 0, kind: 'counter', asked: 48000, value: 41000 }]);
  });

  it('reads limits said other ways, and opens short of a limit stated alone', () => {
    const term = (brief: string) => {
      const [t] = termsOf(brief);
      return { opening: t?.opening, gives: t?.gives, limits: t?.limits.map((l) => l.value) };
    };
    expect(term("He wants 460 per tonne and won't go below 430.")).toEqual({
      opening: 460,
      gives: -1,
      limits: [430],
    });
    expect(term("Her walk-away is 1,300 a month; she's asking 1,450 a month.")).toEqual({
      opening: 1450,
      gives: -1,
      limits: [1300],
    });
    expect(term('She has a max 44,000 a year budget.')).toEqual({
      opening: 35200,
      gives: 1,
      limits: [44000],
    });
    // a rate with only its ceiling opens 20 % short of it; an extra it can add, or a percentage, at nothing
    expect(term('He can go up to 80 an hour.')).toEqual({ opening: 64, gives: 1, limits: [80] });
    expect(term('You will accept no less than 1,000 dollars.')).toEqual({
      opening: 1200,
      gives: -1,
      limits: [1000],
    });
    expect(term('You can also offer a relocation package of up to 8,000.')).toMatchObject({ opening: 0 });
  });

  it('has nothing to bargain over in a brief without a limit or a move it wants', () => {
    expect(termsOf('You are Sam, a product lead at a company of 300 people. Your budget is 50,000.')).toEqual(
      [],
    );
    // a count with a limit is not a figure to bargain over; an amount in money or a rate is
    expect(termsOf('You manage up to 12 people and can hire at most 3 more.')).toEqual([]);
    expect(termsOf('You can pay at most $80 for it.')).toHaveLength(1);
    expect(termsOf('You can pay at most 80 dollars for it.')).toHaveLength(1);
    expect(termsOf('You can pay at most 80 an hour.')).toHaveLength(1);
  });
});

describe('asks', () => {
  const terms = termsOf(GREG);
  it('takes the figure after an ask, not one given as evidence', () => {
    const turn =
      'I was thinking 175,000. Market data puts the median at 172,000, and I have a competing offer at 168,000.';
    expect(asksIn(terms, turn, false)).toEqual([{ term: 0, value: 175000 }]);
    expect(asksIn(terms, 'I could live with 165k if you add a 15,000 signing bonus.', false)).toEqual([
      { term: 0, value: 165000 },
      { term: 1, value: 15000 },
    ]);
  });

  it('takes what others pay as evidence, not an ask', () => {
    expect(asksIn(terms, 'Other companies are paying 170,000 for this level.', false)).toEqual([]);
    expect(asksIn(terms, 'The going rate for similar roles is 172,000.', true)).toEqual([]);
  });

  it('takes the ask, not the figure it is set against', () => {
    for (const turn of [
      'I need 170,000, not 150,000.',
      'You offered 150,000, but I need 170,000.',
      'i need one hundred and seventy thousand not one hundred and fifty thousand',
    ]) {
      expect(asksIn(terms, turn, true)).toEqual([{ term: 0, value: 170000 }]);
    }
  });

  it('takes no figure the turn pushes back on, and hears it as asking what room there is', () => {
    for (const turn of [
      "I'd like to take it, but 150,000 is too low for me.",
      'Honestly, 150,000 just does not work for me.',
    ]) {
      expect(asksIn(terms, turn, true)).toEqual([]);
      expect(asksForRoom(terms, turn)).toBe(true);
    }
    // a figure of the user's own beside it is an ask
    expect(asksIn(terms, '150,000 is too low. I need 170,000.', true)).toEqual([{ term: 0, value: 170000 }]);
    expect(asksForRoom(terms, '150,000 is too low. I need 170,000.')).toBe(false);
  });

  it('takes a bare figure only when one was asked for, and reads "170 base" as 170,000', () => {
    const turn = '170 base. The median for senior engineers is around 168.';
    expect(asksIn(terms, turn, false)).toEqual([]);
    expect(asksIn(terms, turn, true)).toEqual([{ term: 0, value: 170000 }]);
  });
});

describe('bargaining', () => {
  const greg = termsOf(GREG);
  const mark = termsOf(MARK);

  it('counters halfway to what it can do, takes a concession within reach, and says the deal once', () => {
    const first = readBargain(greg, conversation('I was hoping for 175,000, based on market data.'));
    // evidence given: the approval's 170,000 is within reach, and it meets 175,000 halfway from 150,000
    expect(first?.moves).toEqual([{ term: 0, kind: 'counter', asked: 175000, value: 160000 }]);
    expect(first?.deal).toBeNull();
    // come down, but still in the far half of the room it has left (160,000 to 170,000): countered
    const far = readBargain(
      greg,
      conversation('I was hoping for 175,000, based on market data.', 'Could we say 168,000?'),
    );
    expect(far?.moves).toEqual([{ term: 0, kind: 'counter', asked: 168000, value: 165000 }]);
    // come down to within half of it: taken, and the deal
    const second = readBargain(
      greg,
      conversation('I was hoping for 175,000, based on market data.', 'Could we say 165,000?'),
    );
    expect(second?.moves).toEqual([{ term: 0, kind: 'accept', asked: 165000, value: 165000 }]);
    expect(second?.deal).toEqual([{ term: 0, value: 165000, provided: null }]);
    // once dealt, nothing more is bargained
    const after = conversation(
      'I was hoping for 175,000, based on market data.',
      'Could we say 165,000?',
      'Could we do 169,000?',
    );
    expect(readBargain(greg, after)).toBeNull();
  });

  it('without evidence, goes no further than its band', () => {
    const bare = readBargain(greg, conversation('I was hoping for 175,000.'));
    // halfway from 150,000 to the band's 165,000, rounded down to its step
    expect(bare?.moves[0]).toMatchObject({ kind: 'counter', value: 155000 });
    const again = readBargain(
      greg,
      conversation('I want 175,000.', 'I want 175,000.', 'I want 175,000.', 'I want 175,000.'),
    );
    expect(again?.moves[0]).toMatchObject({ kind: 'limit', value: 165000 });
    // at its limit it names the term it can still move on
    expect(again?.lever).toBe(1);
  });

  it('takes its counter-offer when the user agrees to it, and moves for a reason given for the ask', () => {
    const agreed = readBargain(greg, conversation('I was hoping for 175,000.', 'Okay, that works.'));
    expect(agreed?.deal).toEqual([{ term: 0, value: 155000, provided: null }]);
    // turned down, it moves; a turn about something else leaves the bargain where it is
    const pushed = readBargain(greg, conversation('I was hoping for 175,000.', 'No, that does not work.'));
    expect(pushed?.moves[0]).toMatchObject({ kind: 'counter', asked: 175000, value: 160000 });
    expect(
      readBargain(greg, conversation('I was hoping for 175,000.', 'Could you tell me about the team?')),
    ).toBeNull();
    const reason = readBargain(
      greg,
      conversation('I was hoping for 170,000.', 'Because I have a competing offer at 168,000.'),
    );
    expect(reason?.moves[0]).toMatchObject({ kind: 'counter', asked: 170000, value: 160000 });
  });

  it('says what would take it further, and agrees on that condition once met', () => {
    const first = readBargain(mark, conversation('Could you do 420 per tonne?'));
    // halfway to 445, the most it gives without the contract
    expect(first?.moves).toEqual([{ term: 0, kind: 'counter', asked: 420, value: 455 }]);
    expect(first?.condition).toBe('sign a 12-month contract');
    const met = readBargain(
      mark,
      conversation('Could you do 420 per tonne?', 'What if we sign for 12 months at 430?'),
    );
    expect(met?.deal).toEqual([{ term: 0, value: 430, provided: 'sign a 12-month contract' }]);
    // the trade offered with the first ask is taken as well
    const traded = readBargain(mark, conversation('What if we sign for 12 months at 430?'));
    expect(traded?.deal).toEqual([{ term: 0, value: 430, provided: 'sign a 12-month contract' }]);
    // 430 without the contract is beyond it
    const without = readBargain(mark, conversation('Could you do 420 per tonne?', 'How about 430?'));
    expect(without?.moves[0]).toMatchObject({ kind: 'counter' });
  });

  it("takes a condition in the user's own words ('if I sign for two years'), not one turned down", () => {
    const landlord = termsOf(
      'She wants to raise the rent from 1,200 to 1,400 a month. She would accept 1,300 if I sign for two years.',
    );
    expect(landlord[0].limits[0].condition).toMatchObject({ say: 'sign for two years' });
    const declined = readBargain(
      landlord,
      conversation('Could we do 1,250 a month?', "I can't do two years, but I could do 1,300."),
    );
    expect(declined?.moves[0]).toMatchObject({ kind: 'limit', value: 1350 });
    expect(declined?.condition).toBe('sign for two years');
    const signed = readBargain(
      landlord,
      conversation('Could we do 1,250 a month?', 'What if I sign for two years at 1,300?'),
    );
    expect(signed?.deal).toEqual([{ term: 0, value: 1300, provided: 'sign for two years' }]);
    // a rate or a price said as one's own is an ask; the persona's own restated is not
    const client = termsOf('He wants to pay 60 an hour. He can go up to 80 an hour.');
    expect(asksIn(client, 'My rate is 90 an hour, based on what designers charge.', false)).toEqual([
      { term: 0, value: 90 },
    ]);
    expect(asksIn(client, 'Our rate is 90 an hour for this kind of work.', false)).toEqual([
      { term: 0, value: 90 },
    ]);
    expect(asksIn(client, 'The rate is 60 an hour, which is low.', false)).toEqual([]);
  });

  it('holds where it is against an ask made with pressure', () => {
    const pressed = readBargain(greg, conversation('I want 200,000 or I walk. Take it or leave it.'));
    expect(pressed?.moves).toEqual([{ term: 0, kind: 'firm', asked: 200000, value: 150000 }]);
    expect(readBargain(greg, conversation('I want 200,000.'))?.moves[0]).toMatchObject({ kind: 'counter' });
  });

  it('bargains over a raise in percent, in quarter points, and takes no agreement that names another figure', () => {
    const raise = termsOf('He has a budget of up to 5 percent for raises this year.');
    expect(raise).toMatchObject([{ name: null, percent: true, opening: 0, gives: 1 }]);
    const first = 'I would like a 10 percent raise.';
    expect(readBargain(raise, conversation(first))?.moves[0]).toMatchObject({ kind: 'counter', value: 2.5 });
    expect(readBargain(raise, conversation(first, 'Could we do 7 percent?'))?.moves[0]).toMatchObject({
      value: 3.75,
    });
    // "okay seven and a half percent" asks 7.5, it does not take 2.5
    const spoken = readBargain(raise, conversation(first, 'okay seven and a half percent'));
    expect(spoken?.deal).toBeNull();
    expect(spoken?.moves[0]).toMatchObject({ asked: 7.5, kind: 'counter', value: 3.75 });
    // halfway from 3.75 to 5 is 4.375: said as 4.25, not 4.35
    const third = readBargain(raise, conversation(first, 'Could we do 7 percent?', 'What about 6 percent?'));
    expect(third?.moves[0]).toMatchObject({ value: 4.25 });
    // "Okay, 7 then.": a figure of nothing it bargains over is no agreement to 2.5
    expect(readBargain(raise, conversation(first, 'Okay, 7 then.'))).toBeNull();
  });

  it('asked for its own figure, names where it stands, which the user can take', () => {
    const stated = readBargain(mark, conversation("What's your best price?"));
    expect(stated?.moves).toEqual([{ term: 0, kind: 'stated', asked: 460, value: 460 }]);
    expect(stated?.condition).toBe('sign a 12-month contract');
    expect(readBargain(mark, conversation("What's your best price?", 'Okay, that works.'))?.deal).toEqual([
      { term: 0, value: 460, provided: null },
    ]);
    // the term the question names; one it has offered nothing on has no figure to name
    expect(readBargain(greg, conversation('What can you do on the base salary?'))?.moves[0]).toMatchObject({
      term: 0,
      value: 150000,
    });
    expect(readBargain(greg, conversation('What can you do on the signing bonus?'))).toBeNull();
  });

  it('grants a lever of its brief asked for, and says it with the deal', () => {
    const levers = leversOf(GREG);
    expect(levers.map((l) => l.say)).toEqual(['an extra equity grant']);
    const asked = readBargain(
      greg,
      conversation('I was hoping for 175,000.', 'Could you add an extra equity grant instead?'),
      levers,
    );
    expect(asked?.granted).toEqual([0]);
    expect(asked?.standing).toEqual([{ term: 0, value: 155000 }]);
    expect(asked?.deal).toBeNull();
    // named without a request, or a word of it only ("What's the equity like?"), it is not asked for
    for (const other of ["What's the equity like?", 'I read that an extra equity grant is common there.']) {
      expect(readBargain(greg, conversation('I was hoping for 175,000.', other), levers)).toBeNull();
    }
    // asked for by the word of it that is its own, or whether there is room on it: granted
    for (const own of [
      'What about equity?',
      'Could you do more equity?',
      'Is there any flexibility on equity?',
    ]) {
      expect(readBargain(greg, conversation('I was hoping for 175,000.', own), levers)?.granted).toEqual([0]);
    }
    // a request to hear about it, or a word of it beside others, is not asking for it
    for (const other of [
      'Could you tell me about the equity?',
      'Could you do more equity and a later start?',
    ]) {
      expect(
        readBargain(greg, conversation('I was hoping for 175,000.', other), levers)?.granted ?? [],
      ).toEqual([]);
    }
    // asked for before any figure: granted, and no deal of nothing
    const first = readBargain(greg, conversation('Could you add an extra equity grant?'), levers);
    expect(first?.granted).toEqual([0]);
    expect(first?.deal).toBeNull();
    const dealt = readBargain(
      greg,
      conversation(
        'I was hoping for 175,000.',
        'Could you add an extra equity grant instead?',
        'Okay, that works.',
      ),
      levers,
    );
    expect(dealt?.deal).toEqual([{ term: 0, value: 155000, provided: null }]);
    expect(dealt?.levers).toEqual([0]);
  });

  it('takes its own figure when the user agrees to it by name, and no other figure agreed to', () => {
    const taken = readBargain(greg, conversation('Honestly 150,000 is fine, I accept.'));
    expect(taken?.moves).toEqual([{ term: 0, kind: 'accept', asked: 150000, value: 150000 }]);
    expect(taken?.deal).toEqual([{ term: 0, value: 150000, provided: null }]);
    // agreeing while naming what they earn now or a figure it never offered, or refusing, takes nothing
    expect(readBargain(greg, conversation('Yes, I earn 120,000 at the moment.'))).toBeNull();
    expect(readBargain(greg, conversation('Okay, 175,000 works for me.'))?.deal ?? null).toBeNull();
    expect(readBargain(greg, conversation("150,000? No, I can't accept that."))).toBeNull();
  });

  it('bargains over nothing for a persona without terms, or a turn with no ask', () => {
    expect(readBargain([], conversation('I was hoping for 175,000.'))).toBeNull();
    expect(readBargain(greg, conversation('I am excited about the team.'))).toBeNull();
  });
});

describe('a request the brief gives no say over', () => {
  const greg = termsOf(GREG);
  const levers = leversOf(GREG);
  it('is what the user asks for, its verb left out, not a figure, a lever or a question to hear something', () => {
    expect(requestedElse(greg, levers, 'Could I have two remote days a week?')).toBe(
      'two remote days a week',
    );
    expect(requestedElse(greg, levers, 'Could the start date be in six weeks instead of four?')).toBe(
      'the start date in six weeks instead of four',
    );
    expect(requestedElse(greg, levers, "I'd also like a budget for conferences, please.")).toBe(
      'a budget for conferences',
    );
    for (const not of [
      'Could I have 170,000?',
      'Could you add an extra equity grant?',
      "I'd like to know more about the team.",
      'Could I have a moment to think?',
      'Yes.',
    ]) {
      expect(requestedElse(greg, levers, not), not).toBeNull();
    }
    // a persona with nothing to bargain over hears no such request
    expect(requestedElse([], [], 'Could I have two remote days a week?')).toBeNull();
  });

  it('is met with the persona unable to agree on the call, in its temperament, and the bargaining goes on', () => {
    const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway') as Persona;
    const { history } = playScripted(greg, [
      'Thanks, I am excited.',
      'Could I have two remote days a week?',
      'I was hoping for 160,000.',
    ]);
    expect(history[4].text).toMatch(/^Two remote days a week\b.*(can't|not)/);
    expect(history[6].text).toContain('155,000');
  });
});

describe('a deal made', () => {
  it('is kept to when the user asks for more after it, and confirmed when they say it back', () => {
    const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway') as Persona;
    const { history } = playScripted(greg, [
      'Thanks.',
      'I was hoping for 160,000.',
      'Okay, that works.',
      'Actually, could you do 165,000?',
      'Could you add an extra equity grant?',
      'Great, so 155,000 it is.',
    ]);
    const [more, lever, confirmed] = [history[8].text, history[10].text, history[12].text];
    expect(more).toMatch(/agreed the base salary at 155,000/);
    expect(lever).toMatch(/the base salary at 155,000/);
    expect(confirmed).not.toMatch(/keep it there|not reopening/);
    const terms = termsOf(GREG);
    const upTo = (n: number) => history.slice(0, n);
    expect(reopensDeal(terms, upTo(8), leversOf(GREG))?.deal).toEqual([
      { term: 0, value: 155000, provided: null },
    ]);
    expect(reopensDeal(terms, upTo(12), leversOf(GREG))).toBeNull();
    // before any deal there is nothing to keep to
    expect(reopensDeal(terms, conversation('Could you do 165,000?'))).toBeNull();
  });
});

describe('what a call’s bargaining came to (readDeal)', () => {
  const greg = PRESET_INTERVIEWERS.find((p) => p.slug === 'greg-holloway') as Persona;
  const dealOf = (...answers: string[]) => readDeal(GREG, playScripted(greg, answers).history);

  it('reads the deal the persona made, against how far its brief let it go and on what condition', () => {
    const read = dealOf(
      'I am really excited about the role.',
      'I was thinking 175,000. Market data puts the median at 172,000, and I have a competing offer at 168,000.',
      'Could you do 170,000?',
      'Okay, that works.',
    );
    expect(read?.closed).toBe(true);
    expect(read?.terms[0]).toEqual({
      name: 'base salary',
      unit: null,
      percent: false,
      gives: 1,
      opening: 150000,
      reached: 165000,
      agreed: true,
      asked: true,
      reach: 165000,
      furthest: 170000,
      condition: 'give evidence such as market data or a competing offer',
      conditionMet: true,
    });
    // the signing bonus it could add, never asked for; the equity grant it could give
    expect(read?.terms[1]).toMatchObject({
      name: 'signing bonus',
      opening: 0,
      reached: 0,
      asked: false,
      furthest: 15000,
    });
    expect(read?.levers).toEqual([{ say: 'an extra equity grant', granted: false }]);
  });

  it('reads an offer taken without asking, and a counter-offer left on the table', () => {
    const none = dealOf('I feel great about it, thank you!', 'No other offers, and I can sign this week.');
    expect(none?.closed).toBe(false);
    expect(none?.terms[0]).toMatchObject({ reached: 150000, agreed: false, asked: false, reach: 165000 });
    const open = dealOf('Excited, thanks.', 'I was hoping for 175,000.', 'Let me think about it.');
    expect(open?.closed).toBe(false);
    expect(open?.terms[0]).toMatchObject({ reached: 155000, agreed: false, asked: true });
  });

  it('lists what the user asked for that the brief gives no say over, as the persona named it back', () => {
    const read = dealOf(
      'Thanks, I am excited about it.',
      'Could I have two remote days a week?',
      'And could the start date be in six weeks instead of four?',
      "I'd like to know more about the team.",
      'I was hoping for 160,000.',
      'Okay, that works.',
    );
    expect(read?.requests).toEqual(['two remote days a week', 'the start date in six weeks instead of four']);
    expect(read?.closed).toBe(true);
  });

  it('takes a denied competing offer or data for no evidence', () => {
    for (const denied of [
      'No other offers, and I can sign this week.',
      "I don't have a competing offer.",
      'I have no data on it.',
    ]) {
      expect(dealOf('Excited, thanks.', denied)?.terms[0].conditionMet).toBe(false);
    }
    expect(
      dealOf('Excited, thanks.', 'I have another offer, and no plans to drag this out.')?.terms[0]
        .conditionMet,
    ).toBe(true);
  });

  it('reads nothing where the persona bargained its own way (a model), or the brief has no terms', () => {
    const { history } = playScripted(greg, ['Excited.', 'I was thinking 175,000.']);
    // a persona that countered at 158,000 instead of the built-in one's 160,000
    const theirs = history.map((t, i) =>
      i === history.length - 1 ? { ...t, text: 'I could do 158,000.' } : t,
    );
    expect(readDeal(GREG, history)).not.toBeNull();
    expect(readDeal(GREG, theirs)).toBeNull();
    expect(readDeal('You are Sam, interviewing for a product role.', history)).toBeNull();
  });
});

describe('why the persona wants a term moved', () => {
  it('is a question why, about the term its brief wants moved against the user', () => {
    const supplier = termsOf('You want to raise the price from 400 to 460 per tonne.');
    for (const asked of [
      'Why the increase?',
      "What's behind the new price?",
      'Why are you raising it?',
      'How come?',
    ])
      expect(asksWhyItMoves(supplier, asked)).toBe(0);
    // spoken, with no marks
    expect(asksWhyItMoves(supplier, 'hi sofia why the increase')).toBe(0);
    for (const other of ['Why is your office in Leeds?', 'I know why.', 'The increase is steep.'])
      expect(asksWhyItMoves(supplier, other)).toBeNull();
    // a payer cutting what it pays is asked the same; a term with no move in its brief has no reason to give
    expect(asksWhyItMoves(termsOf('You want to cut the day rate from 900 to 750.'), 'Why the cut?')).toBe(0);
    expect(asksWhyItMoves(termsOf(GREG), 'Why is the base 150,000?')).toBeNull();
  });
});

describe('asked what room there is', () => {
  it('hears the question however it is put', () => {
    const terms = termsOf(GREG);
    for (const asked of [
      'What flexibility is there on the signing bonus?',
      'How flexible can you be on the base?',
      'Is there any flexibility on the base?',
    ]) {
      expect(asksForRoom(terms, asked), asked).toBe(true);
    }
    expect(asksForRoom(terms, 'What does the team work on?')).toBe(false);
  });
});
