// The built-in persona's bargaining over the figures its brief gives it: the terms it holds (where
// it stands, how far it may go and on what condition), the figures the user asks for, and its
// answer to each: taken, countered halfway towards what it can do, or held at its limit. Like the
// rest of the dialogue it is read again from the whole conversation on every turn, so a call that
// reconnects bargains on from where it was. Which words count as what: negotiation.json.

import numbered from 'numbered';
import type { Deal } from '../../../../shared/contracts/evaluation.js';
import { formatDealFigure } from '../../../../shared/domain/deal.js';
import { escapeRegex } from '../../../../shared/escape-regex.js';
import type { Turn } from '../brain.js';
import { promptSentences } from './brief.js';
import { ANSWER_DATA, NEGOTIATION } from './data.js';
import {
  contentStems,
  isStopword,
  keyStems,
  normalise,
  overlap,
  says,
  saysAny,
  sentencesOf,
  type Token,
  tokenize,
} from './text.js';

/** a figure said in a text: its value, and where it stands among the text's tokens */
export type Figure = { value: number; percent: boolean; from: number; to: number };

type Condition = { evidence: true } | { evidence: false; stems: Set<string>; say: string };
type Limit = { value: number; condition: Condition | null };

/** a figure the persona bargains over */
export type Term = {
  /** what it is called in the brief ("base salary", "price"), if the brief names it */
  name: string | null;
  /** what it is counted in, said after it ("per tonne") */
  unit: string | null;
  percent: boolean;
  /** where the persona stands as the call starts */
  opening: number;
  /** where things stand now, when the brief says it wants to move them ("from 400 to 460") */
  status: number | null;
  /** +1: it gives more as it concedes (a salary it pays); -1: it takes less (a price it is paid) */
  gives: 1 | -1;
  limits: Limit[];
};

/** one to nine, ten to nineteen, twenty to ninety: each list's position is its value */
const { digits: DIGITS, teens: TEENS, tens: TENS } = NEGOTIATION.numberWords;
const MAGNITUDES = new Set(NEGOTIATION.numberWords.magnitudes);
const NUMBER_WORDS = new Set([...DIGITS, ...TEENS, ...TENS, ...MAGNITUDES]);
const MULTIPLIERS: Record<string, number> = NEGOTIATION.multipliers;
const DURATIONS = new Set(NEGOTIATION.durations);
const COUNTED = new Set(NEGOTIATION.counted);
const ADDED = new Set(['extra', 'more', 'additional']);
const CURRENCIES = new Set(NEGOTIATION.currencies);
const POSSESSORS = new Set(NEGOTIATION.possessors);
const NOT_NAMES = new Set(NEGOTIATION.notNames);
/** the smallest bare figure of a brief bargained over: below it, a count ("up to 12 people") */
const SMALLEST_TERM = 100;

/** "one hundred and sixty five thousand", "a hundred thousand": the words of one number, from `i` */
function numberWordsAt(tokens: Token[], i: number): number {
  let j = i;
  while (j < tokens.length && (j === i || !tokens[j].breakBefore)) {
    const word = tokens[j].lower;
    const joins = (word === 'and' || word === 'a') && NUMBER_WORDS.has(tokens[j + 1]?.lower ?? '');
    if (!NUMBER_WORDS.has(word) && !(joins && (j > i || MAGNITUDES.has(tokens[j + 1]?.lower ?? '')))) break;
    j++;
  }
  return j;
}

/**
 * "one seventy five" (175), "four thirty" (430): a digit's word then a tens or teens word, said as
 * hundreds, as people say prices and salaries (in thousands: "one seventy five" for 175,000)
 */
function colloquialHundreds(words: string[]): number | null {
  const hundreds = DIGITS.indexOf(words[0]) + 1;
  if (!hundreds || words.length < 2 || words.some((w) => MAGNITUDES.has(w) || w === 'and' || w === 'a'))
    return null;
  const tens = TENS.indexOf(words[1]);
  const teen = TEENS.indexOf(words[1]);
  if (tens >= 0 && words.length <= 3) {
    const ones = words[2] ? DIGITS.indexOf(words[2]) + 1 : 0;
    return words[2] && !ones ? null : hundreds * 100 + (tens + 2) * 10 + ones;
  }
  return teen >= 0 && words.length === 2 ? hundreds * 100 + 10 + teen : null;
}

/**
 * The figures of a text: "165,000", "165000", "165 000" (a recogniser's, its comma gone), "165k",
 * "1.5 million", "one hundred and sixty five thousand", "10 %", "ten percent"; not a length of time
 * ("12 months", "a 12-month contract", "four weeks").
 */
export function figuresIn(text: string): Figure[] {
  const tokens = tokenize(text);
  const out: Figure[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    let value = Number.NaN;
    let to = i;
    if (/^\d/.test(t.raw)) {
      value = Number(t.raw.replace(/,/g, ''));
      const next = tokens[i + 1];
      if (next && !next.breakBefore && /^\d{1,3}$/.test(t.raw) && /^\d{3}$/.test(next.raw)) {
        value = value * 1000 + Number(next.raw);
        to = i + 1;
      }
    } else if (NUMBER_WORDS.has(t.lower) || (t.lower === 'a' && MAGNITUDES.has(tokens[i + 1]?.lower ?? ''))) {
      const end = numberWordsAt(tokens, i);
      const words = tokens.slice(i, end).map((w) => w.lower);
      value = colloquialHundreds(words) ?? numbered.parse(words.join(' '));
      to = end - 1;
      // "seven and a half", "seven point five"
      const next = wordsOf(tokens, end, end + 2);
      if (next === 'and a half') {
        value += 0.5;
        to = end + 2;
      } else if (tokens[end]?.lower === 'point' && DIGITS.includes(tokens[end + 1]?.lower ?? '')) {
        value += (DIGITS.indexOf(tokens[end + 1].lower) + 1) / 10;
        to = end + 1;
      }
    }
    if (!Number.isFinite(value)) continue;
    const tail = tokens[to + 1];
    if (tail && !tail.breakBefore && MULTIPLIERS[tail.lower] && !MAGNITUDES.has(tokens[to].lower)) {
      value *= MULTIPLIERS[tail.lower];
      to++;
    }
    let percent = false;
    const after = tokens[to + 1];
    if (after && (after.raw === '%' || after.lower === 'percent')) {
      percent = true;
      to++;
    } else if (after?.lower === 'per' && tokens[to + 2]?.lower === 'cent') {
      percent = true;
      to += 2;
    }
    const next = tokens[to + 1];
    // "12 months", "2,000 shares", "1,000 extra tonnes": a length of time or a count, not a figure
    const thing = next && ADDED.has(next.lower) ? tokens[to + 2] : next;
    if (
      !percent &&
      next &&
      !next.breakBefore &&
      (DURATIONS.has(next.lower) || (thing !== undefined && !thing.breakBefore && COUNTED.has(thing.lower)))
    ) {
      i = to;
      continue;
    }
    out.push({ value, percent, from: i, to });
    i = to;
  }
  return out;
}

/** the tokens' words from..to (inclusive) as one lower-case text */
const wordsOf = (tokens: Token[], from: number, to: number) =>
  tokens
    .slice(Math.max(0, from), to + 1)
    .map((t) => t.lower)
    .join(' ');

/** what a figure of the brief is a figure of: "base salary of 150,000", "up to 165,000 in base salary" */
function nameNear(tokens: Token[], f: Figure): string | null {
  let at = f.to + 1;
  while (at < tokens.length && CURRENCIES.has(tokens[at].lower)) at++;
  const after = tokens[at];
  if (after && !after.breakBefore && ['in', 'on'].includes(after.lower)) {
    const name = [];
    for (let k = at + 1; k < tokens.length && name.length < 2; k++) {
      if (tokens[k].breakBefore || isStopword(tokens[k].lower) || /^\d/.test(tokens[k].raw)) break;
      name.push(tokens[k].lower);
    }
    if (name.length) return name.join(' ');
  }
  for (let k = f.from - 1; k >= Math.max(0, f.from - 6); k--) {
    if (tokens[k + 1]?.breakBefore && k + 1 <= f.from - 1) break;
    // "at most", "at least" belong to a limit, not to a name ("pay at most 44,000")
    const at = tokens[k].lower === 'at' && ['most', 'least'].includes(tokens[k + 1]?.lower ?? '');
    if (!['of', 'from', 'at'].includes(tokens[k].lower) || at) continue;
    const name: string[] = [];
    for (let j = k - 1; j >= 0 && name.length < 2; j--) {
      const w = tokens[j];
      if (isStopword(w.lower) || POSSESSORS.has(w.lower) || w.lower.endsWith("'s") || /^\d/.test(w.raw))
        break;
      name.unshift(w.lower);
      if (w.breakBefore) break;
    }
    return name.length && !NOT_NAMES.has(name.at(-1) ?? '') ? name.join(' ') : null;
  }
  return null;
}

/** what a figure is counted in ("per tonne", "a month"), said after it */
function unitAfter(tokens: Token[], f: Figure): string | null {
  let at = f.to + 1;
  while (at < tokens.length && CURRENCIES.has(tokens[at].lower)) at++;
  const two = wordsOf(tokens, at, at + 1);
  return NEGOTIATION.units.find((u) => two === u || two.startsWith(`${u} `)) ?? null;
}

/** the words a figure's clause says after it, up to the next figure or the clause's end */
function clauseAfter(sentence: string, tokens: Token[], f: Figure, next: Figure | undefined): string {
  let end = f.to + 1;
  while (end < tokens.length && !tokens[end].breakBefore && (!next || end < next.from)) end++;
  return end > f.to + 1 ? sentence.slice(tokens[f.to + 1].start, tokens[end - 1].end).toLowerCase() : '';
}

/** the condition after a limit ("only with a strong justification", "if we sign a 12-month contract") */
function conditionIn(after: string): Condition | null {
  const marker = NEGOTIATION.conditions.find((c) => new RegExp(`(^| )${c}( |$)`).test(after));
  if (!marker) return null;
  const rest = after.slice(after.search(new RegExp(`(^| )${marker}( |$)`)) + marker.length + 1).trim();
  if (saysAny(rest, NEGOTIATION.evidenceConditions).length) return { evidence: true };
  // "we sign a 12-month contract" → "sign a 12-month contract", said to the user as "If you sign…"
  const words = rest.split(/\s+/);
  const subject = ['i', 'we', 'you', 'they', 'he', 'she', 'the'].includes(words[0]);
  const third = ['they', 'he', 'she', 'the'].includes(words[0]);
  const verbAt = words[0] === 'the' ? 2 : subject ? 1 : 0;
  const verb = words[verbAt] ?? '';
  const said = [third && /[^s]s$/.test(verb) ? verb.slice(0, -1) : verb, ...words.slice(verbAt + 1)]
    .join(' ')
    .trim();
  const stems = contentStems(said);
  return said && stems.size >= 2 ? { evidence: false, stems, say: said } : null;
}

type Mention = {
  value: number;
  percent: boolean;
  kind: 'ceiling' | 'floor' | 'from' | 'to' | 'limit' | 'plain';
  condition: Condition | null;
  name: string | null;
  unit: string | null;
  /** said as something the persona can add ("You can also offer a signing bonus of up to 15,000") */
  extra: boolean;
};

/** the cue of the few words before a figure: a ceiling, a floor, or "from"/"to" */
function cueBefore(tokens: Token[], f: Figure, previous: Figure | undefined): Mention['kind'] {
  const start = Math.max(previous ? previous.to + 1 : 0, f.from - 5);
  const before = wordsOf(tokens, start, f.from - 1);
  const endsWith = (phrases: string[]) =>
    phrases.some((ph) => new RegExp(`(^| )${ph}( of| a| an| the)?$`).test(before));
  if (endsWith(NEGOTIATION.ceilings)) return 'ceiling';
  if (endsWith(NEGOTIATION.floors)) return 'floor';
  if (endsWith(NEGOTIATION.from)) return 'from';
  if (endsWith(NEGOTIATION.to) && previous && f.from - previous.to <= 2) return 'to';
  return 'plain';
}

function mentionsOf(prompt: string): Mention[] {
  const out: Mention[] = [];
  for (const sentence of promptSentences(prompt)) {
    const tokens = tokenize(sentence);
    const figures = figuresIn(sentence);
    figures.forEach((f, k) => {
      let kind = cueBefore(tokens, f, figures[k - 1]);
      if (kind === 'to' && out.at(-1)?.kind !== 'from') kind = 'plain';
      const condition = conditionIn(clauseAfter(sentence, tokens, f, figures[k + 1]));
      if (kind === 'plain' && condition) kind = 'limit';
      if (kind === 'from' && cueBefore(tokens, figures[k + 1] ?? f, f) !== 'to') kind = 'plain';
      const unit = unitAfter(tokens, f);
      // "You manage up to 12 people": a count, not a figure to bargain over
      const money =
        CURRENCIES.has(tokens[f.to + 1]?.lower ?? '') ||
        /[$£€]\s*$/.test(sentence.slice(0, tokens[f.from].start));
      if (!f.percent && !unit && !money && f.value < SMALLEST_TERM) return;
      const extra = NEGOTIATION.leverCues.some((c) => says(sentence, c));
      out.push({
        value: f.value,
        percent: f.percent,
        kind,
        condition,
        name: nameNear(tokens, f),
        unit,
        extra,
      });
    });
  }
  return out;
}

/**
 * Where the persona opens on a term whose brief states only its limit: nothing on an extra it can
 * add or a percentage ("a signing bonus of up to 15,000", "up to 5 percent for raises"), else as
 * far short of its limit as it may move on a term (defaultRoom) twice over ("up to 80 an hour": 64).
 */
function unstated(limits: Mention[], group: Mention[]): number {
  const ceiling = limits.find((l) => l.kind === 'ceiling');
  if (ceiling && (group.some((m) => m.extra) || ceiling.percent)) return 0;
  const limit = ceiling ?? limits[0];
  const room = 2 * NEGOTIATION.defaultRoom * (ceiling ? -1 : 1);
  return Math.round(limit.value * (1 + room) * 100) / 100;
}

/** whether two magnitudes are of one thing (150,000 and 170,000; not 150,000 and 15,000) */
const near = (a: number, b: number, factor = 2.5) =>
  a > 0 && b > 0 && Math.abs(Math.log(a / b)) <= Math.log(factor);

/**
 * The terms a brief gives the persona to bargain over: each figure with a limit ("goes up to
 * 165,000 in base salary", "as low as 430 if we sign a 12-month contract") or a move it wants ("raise
 * the price from 400 to 460 per tonne"), grouped with the brief's other figures of the same thing
 * (by name, else by magnitude). A figure with neither is not bargained over.
 */
export function termsOf(prompt: string): Term[] {
  const groups: Mention[][] = [];
  for (const m of mentionsOf(prompt)) {
    const group = groups.find((g) =>
      g.some(
        (o) =>
          o.percent === m.percent &&
          (o.name && m.name ? o.name === m.name : near(o.value, m.value) || o.value === 0),
      ),
    );
    if (group) group.push(m);
    else groups.push([m]);
  }
  return groups.flatMap((g): Term[] => {
    const to = g.find((m) => m.kind === 'to');
    const from = g.find((m) => m.kind === 'from');
    const plain = g.find((m) => m.kind === 'plain');
    const limits = g.filter((m) => m.kind === 'ceiling' || m.kind === 'floor' || m.kind === 'limit');
    if (!limits.length && !(to && from)) return [];
    const stated = to?.value ?? plain?.value ?? unstated(limits, g);
    const gives: 1 | -1 = limits.some((l) => l.kind === 'ceiling')
      ? 1
      : limits.some((l) => l.kind === 'floor')
        ? -1
        : to && from
          ? to.value > from.value
            ? -1
            : 1
          : limits[0].value > stated
            ? 1
            : -1;
    // "Our quote is 50,000 a year. She can pay at most 44,000.": a figure past the persona's own
    // limit is the other side's; the persona opens as far short of its limit as that is past it
    const nearest =
      gives > 0 ? Math.min(...limits.map((l) => l.value)) : Math.max(...limits.map((l) => l.value));
    const theirs = !to && limits.length > 0 && (gives > 0 ? stated >= nearest : stated <= nearest);
    const opening = theirs ? Math.max(0, 2 * nearest - stated) : stated;
    const seen = new Set<number>();
    return [
      {
        name: g.find((m) => m.name)?.name ?? null,
        unit: g.find((m) => m.unit)?.unit ?? null,
        percent: g[0].percent,
        opening,
        status: to && from ? from.value : theirs ? stated : null,
        gives,
        limits: limits
          .filter((l) => (gives > 0 ? l.value > opening : l.value < opening))
          .filter((l) => !seen.has(l.value) && seen.add(l.value))
          .map((l) => ({ value: l.value, condition: l.condition })),
      },
    ];
  });
}

/** something the brief lets the persona give that has no figure ("an extra equity grant") */
export type Lever = { say: string; stems: Set<string> };

/**
 * What a brief lists for the persona to give besides its figures ("You can also offer a signing
 * bonus of up to 15,000, or an extra equity grant, …"): each item named with a/an/some, no figure in it.
 */
export function leversOf(prompt: string): Lever[] {
  const out: Lever[] = [];
  for (const sentence of promptSentences(prompt)) {
    const lower = sentence.toLowerCase();
    const cue = NEGOTIATION.leverCues.find((c) => new RegExp(`\\b${escapeRegex(c)}\\b`).test(lower));
    if (!cue) continue;
    const rest = sentence.slice(lower.indexOf(cue) + cue.length).replace(/[.!?]+$/, '');
    for (const item of rest.split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+/)) {
      const say = item.trim();
      if (!/^(?:a|an|some)\s/i.test(say) || figuresIn(say).length || say.split(/\s+/).length > 6) continue;
      const stems = keyStems(say);
      if (stems.size) out.push({ say: say[0].toLowerCase() + say.slice(1), stems });
    }
  }
  return out;
}

/**
 * The levers a turn asks for: a request ("Could you add…", "What about…") or a question whether there
 * is room ("Is there room on…") with most of a lever's words, or naming only words of one lever,
 * one of them its own ("What about equity?", "Could you do more equity?" of "an extra equity grant"),
 * no term's name among them, and not a request to hear something ("Could you tell me about the company?").
 */
function leversAskedIn(levers: Lever[], turn: string, terms: readonly Term[]): number[] {
  const asking =
    saysAny(turn, NEGOTIATION.requests).length > 0 || saysAny(turn, NEGOTIATION.roomAsks).length > 0;
  if (!asking || saysAny(turn, NEGOTIATION.notRequests).length) return [];
  const said = [...keyStems(turn)].filter((w) => !ROOM_WORDS.has(w));
  const saidSet = new Set(said);
  return levers.flatMap((l, i) => {
    if (overlap(l.stems, saidSet) >= Math.min(2, l.stems.size)) return [i];
    const own = said.some(
      (w) =>
        l.stems.has(w) &&
        !ADDED.has(w) &&
        levers.every((o) => o === l || !o.stems.has(w)) &&
        terms.every((t) => t.name === null || !keyStems(t.name).has(w)),
    );
    return own && said.every((w) => l.stems.has(w)) ? [i] : [];
  });
}

/** words of a question whether there is room, not of the thing asked about */
const ROOM_WORDS = new Set(['room', 'flexibl', 'flexibility', 'flexible', 'negotiabl', 'wiggl', 'mov']);

/** how a figure of a term is said: "165,000", "430 per tonne", "12 percent" (as the deal says it) */
export const sayFigure = (term: Term, value: number): string => formatDealFigure(term, value);

/** the step a term's counter-offers are rounded to: 5,000 on 150,000, 500 on 15,000, 5 on 460 */
function stepOf(term: Term): number {
  const ref = Math.max(term.opening, ...term.limits.map((l) => l.value), term.status ?? 0);
  const step = ref > 0 ? 10 ** (Math.floor(Math.log10(ref)) - 1) / 2 : 1;
  // a quarter of a point at least: "4.35 percent" is no figure anyone offers
  return term.percent ? Math.max(step, 0.25) : step;
}

/** the term a figure the user said is of: by the name near it, else by magnitude ("170 base" is 170,000) */
function termFor(terms: Term[], tokens: Token[], f: Figure): { term: number; value: number } | null {
  const around = keyStems(wordsOf(tokens, f.from - 4, f.to + 3));
  let best: { term: number; value: number; named: number; distance: number } | null = null;
  terms.forEach((term, i) => {
    if (term.percent !== f.percent) return;
    const ref = Math.max(term.opening, ...term.limits.map((l) => l.value));
    const named = term.name ? overlap(keyStems(term.name), around) : 0;
    const options = f.value < 1000 && !f.percent && ref >= 10_000 ? [f.value, f.value * 1000] : [f.value];
    for (const value of options) {
      const distance = value > 0 && ref > 0 ? Math.abs(Math.log(value / ref)) : Number.POSITIVE_INFINITY;
      if (distance > Math.log(named ? 10 : 3)) continue;
      if (!best || named > best.named || (named === best.named && distance < best.distance)) {
        best = { term: i, value, named, distance };
      }
    }
  });
  const found = best as { term: number; value: number } | null;
  return found ? { term: found.term, value: found.value } : null;
}

type Cue = { end: number; ask: boolean };

/** each cue phrase as a pattern over a turn's lower-case words joined by spaces, built once */
const CUE_PATTERNS = [
  // what an offer sounds like to any persona (answers.json offers), and what else asks for a figure
  ...[...ANSWER_DATA.offers, ...NEGOTIATION.asks].map((phrase) => ({ phrase, ask: true })),
  ...[...NEGOTIATION.evidence, ...NEGOTIATION.contrasts].map((phrase) => ({ phrase, ask: false })),
].map(({ phrase, ask }) => ({ re: new RegExp(`(?<=^| )${escapeRegex(phrase)}(?= |$)`, 'g'), ask }));

/** where the turn says an ask ("I was thinking") or evidence ("the median is"), by the token it ends on */
function cuesIn(tokens: Token[]): Cue[] {
  const text = tokens.map((t) => t.lower).join(' ');
  const cues: Cue[] = [];
  for (const { re, ask } of CUE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const endChar = (m.index ?? 0) + m[0].length;
      cues.push({ end: text.slice(0, endChar).split(' ').length - 1, ask });
    }
  }
  return cues;
}

/** the asks of a user's turn: figures after an ask's words, or any not after evidence when `loose` */
export function asksIn(terms: Term[], turn: string, loose: boolean): { term: number; value: number }[] {
  const tokens = tokenize(turn);
  const cues = cuesIn(tokens);
  const out: { term: number; value: number }[] = [];
  for (const f of figuresIn(turn)) {
    // "2,400 is too much for me": a figure pushed back on is no ask, whatever leads to it
    if (pushedBack(tokens, f)) continue;
    let sentence = f.from;
    while (sentence > 0 && !tokens[sentence].sentenceStart) sentence--;
    const before = cues
      .filter((c) => c.end < f.from && c.end >= Math.max(sentence, f.from - 10))
      .sort((a, b) => b.end - a.end || Number(a.ask) - Number(b.ask))[0];
    if (before ? !before.ask : !loose) continue;
    const found = termFor(terms, tokens, f);
    if (!found) continue;
    const same = out.findIndex((a) => a.term === found.term);
    if (same >= 0) out[same] = found;
    else out.push(found);
  }
  return out;
}

/** the most words between a figure and the pushback that rejects it ("2,400 is way too much") */
const PUSHBACK_REACH = 4;

/** whether a pushback follows a figure closely ("2,400 is too much", "150,000 doesn't work for me") */
function pushedBack(tokens: Token[], f: Figure): boolean {
  const after = tokens
    .slice(f.to + 1, f.to + 1 + PUSHBACK_REACH + 2)
    .map((t) => t.raw)
    .join(' ');
  return saysAny(after, NEGOTIATION.pushbacks).length > 0;
}

/** the figures of a turn, each pushed back on ("2,400 is too much for me"): the turn refuses them */
export const refusesFigures = (turn: string) => {
  const tokens = tokenize(turn);
  const figures = figuresIn(turn);
  return figures.length > 0 && figures.every((f) => pushedBack(tokens, f));
};

/** what the persona does with an ask on one term */
export type TermMove = {
  term: number;
  kind: 'accept' | 'counter' | 'limit' | 'firm' | 'stated';
  /** what the user asked for (the counter-offer it takes, when it takes one) */
  asked: number;
  /** where the persona stands after it: the ask taken, its counter-offer, or its limit */
  value: number;
};

export type Bargain = {
  moves: TermMove[];
  /**
   * the terms agreed, once every term the user asked about is: the deal, each with the condition of
   * the brief it was agreed on, when it took one ("sign a 12-month contract")
   */
  deal: { term: number; value: number; provided: string | null }[] | null;
  /** the condition that would take the persona further, when it has not been met ("sign a 12-month contract") */
  condition: string | null;
  /** a term the user has not asked about that the persona can move on, when it is at its limit */
  lever: number | null;
  /** the counter-offers still on the table on terms the turn did not speak to */
  standing: { term: number; value: number }[];
  /** the levers the turn asked for, now granted */
  granted: number[];
  /** every lever granted so far, said with the deal */
  levers: number[];
};

type TermState = {
  position: number;
  lastAsk: number | null;
  agreed: number | null;
  pending: number | null;
  counters: number;
};

/** a negation up to two words before a phrase: "no other offers", "I don't have a competing offer" */
const DENIED = new RegExp(
  `(?:^| )(?:${[...NEGOTIATION.negations, 'without'].map(escapeRegex).join('|')}|\\S+n't)(?: \\S+){0,2} $`,
);
const EVIDENCE_PATTERNS = NEGOTIATION.evidence.map(
  (e) => new RegExp(`(?<=^| )${escapeRegex(e)}(?= |$)`, 'g'),
);

/** whether a turn gives evidence (one of evidence's phrases), not denying it ("No other offers.") */
function givesEvidence(turn: string): boolean {
  return sentencesOf(turn).some((sentence) => {
    const text = normalise(sentence);
    return EVIDENCE_PATTERNS.some((re) =>
      [...text.matchAll(re)].some((m) => !DENIED.test(text.slice(0, m.index))),
    );
  });
}

/**
 * whether the user has met a condition: given evidence, or said most of its words in a sentence that
 * does not turn it down ("What if we sign for 12 months?"; not "I can't do two years")
 */
const conditionMet = (c: Condition, said: string[]) =>
  c.evidence
    ? said.some(givesEvidence)
    : said.some((t) =>
        sentencesOf(t).some(
          (s) =>
            overlap(contentStems(s), c.stems) / c.stems.size >= 0.6 &&
            saysAny(s, NEGOTIATION.negations).length === 0,
        ),
      );

/** how far the persona can go on a term, given what the user has said (reach) */
function reach(term: Term, said: string[]): number {
  const further = (a: number, b: number) => (term.gives > 0 ? Math.max(a, b) : Math.min(a, b));
  const open = term.limits.filter((l) => !l.condition || conditionMet(l.condition, said));
  if (open.length) return open.map((l) => l.value).reduce(further);
  // only a conditional limit: halfway to it without the condition; no limit: halfway to the status
  // quo it wants to move from, or a share of where it stands
  const values = term.limits.map((l) => l.value);
  if (values.length) {
    const nearest = term.gives > 0 ? Math.min(...values) : Math.max(...values);
    return term.opening + (nearest - term.opening) / 2;
  }
  if (term.status !== null) return term.opening + (term.status - term.opening) / 2;
  return term.opening * (1 + term.gives * NEGOTIATION.defaultRoom);
}

/** the condition of the brief, met, that a figure agreed needed: beyond where it could go without it */
function provided(term: Term, value: number, said: string[]): string | null {
  const without = reach(term, []);
  const beyond = term.gives > 0 ? value > without : value < without;
  const met = term.limits.find(
    (l) =>
      l.condition &&
      !l.condition.evidence &&
      conditionMet(l.condition, said) &&
      !(term.gives > 0 ? value > l.value : value < l.value),
  );
  return beyond && met?.condition && !met.condition.evidence ? met.condition.say : null;
}

/**
 * What the persona does with an ask on a term: 'accept', its counter-offer, or 'limit' (it is at its
 * reach). It takes an ask within reach after two counters, or when the user has come down from an
 * earlier ask to within half the room it has left, or traded for it: met a condition of its brief
 * with this turn (`said` is every turn so far, this one last).
 */
function decide(term: Term, st: TermState, asked: number, said: string[]): TermMove['kind'] | number {
  const g = term.gives;
  /** x is further towards the user than y */
  const beyond = (x: number, y: number) => (g > 0 ? x > y : x < y);
  const p = st.position;
  if (!beyond(asked, p)) return 'accept';
  const limit = reach(term, said);
  const within = !beyond(asked, limit);
  const conceded = st.lastAsk !== null && beyond(st.lastAsk, asked);
  const close = Math.abs(asked - p) <= Math.abs(limit - p) / 2;
  const traded = term.limits.some(
    (l) =>
      l.condition &&
      !l.condition.evidence &&
      conditionMet(l.condition, said.slice(-1)) &&
      !conditionMet(l.condition, said.slice(0, -1)),
  );
  if (within && ((conceded && close) || traded || st.counters >= 2)) return 'accept';
  const target = within ? asked : limit;
  if (!beyond(target, p)) return 'limit';
  const step = stepOf(term);
  const round = (x: number) =>
    Math.round((g > 0 ? Math.floor(x / step) : Math.ceil(x / step)) * step * 100) / 100;
  let counter = round(p + (target - p) / 2);
  if (!beyond(counter, p)) counter = p + g * step;
  if (beyond(counter, target)) counter = target;
  if (within && counter === asked) return 'accept';
  return counter;
}

/** whether a turn takes the counter-offer on the table ("Okay, that works.", "Yes.") */
const agrees = (turn: string) =>
  saysAny(turn, NEGOTIATION.agreements).length > 0 &&
  saysAny(turn, NEGOTIATION.refusals).length === 0 &&
  figuresIn(turn).length === 0;

/**
 * The persona's bargaining as the conversation stands: what it does with the last turn's asks (null
 * when the last turn asks for none of its terms and takes no counter-offer), folded over every turn
 * before it. Once a deal is made nothing more is bargained.
 */
/** what the fold knows before a turn: each term's state, the turns so far and the persona's last line */
type Fold = { terms: Term[]; states: TermState[]; said: string[]; lastAgent: string };

/**
 * The asks of a turn: the figures it asks for, or, with a counter-offer on the table, the asks it
 * countered again when the turn gives a reason or pushes back ("Because I have another offer at
 * 168.", "Can you do better?").
 */
function asksOfTurn(f: Fold, turn: string): { term: number; value: number }[] {
  const pending = f.states.some((s) => s.pending !== null);
  const loose = pending || saysAny(f.lastAgent, ANSWER_DATA.figures.asks).length > 0;
  const found = asksIn(f.terms, turn, loose);
  const holds =
    !found.length && pending && saysAny(turn, [...NEGOTIATION.evidence, ...NEGOTIATION.pushbacks]).length > 0;
  if (!holds) return found;
  return f.states.flatMap((s, term) =>
    s.pending !== null && s.lastAsk !== null ? [{ term, value: s.lastAsk }] : [],
  );
}

/** "What's your best price?", nothing on the table: where it stands on the term named, else its first */
function statedPosition(f: Fold, turn: string): TermMove[] {
  if (!saysAny(turn, NEGOTIATION.positionAsks).length || figuresIn(turn).length) return [];
  const said = keyStems(turn);
  const named = f.terms.findIndex((t) => t.name && overlap(keyStems(t.name), said) > 0);
  const term = Math.max(named, 0);
  const s = f.states[term];
  // a term it has offered nothing on yet ("a signing bonus of up to 15,000") has no figure to name
  if (s.agreed !== null || s.position === 0) return [];
  s.pending = s.position;
  return [{ term, kind: 'stated', asked: s.position, value: s.position }];
}

/** "Okay, that works.": every counter-offer on the table taken */
function takeCounters(f: Fold): TermMove[] {
  return f.states.flatMap((s, term) => {
    if (s.pending === null) return [];
    const taken = s.pending;
    Object.assign(s, { agreed: taken, position: taken, pending: null });
    return [{ term, kind: 'accept' as const, asked: taken, value: taken }];
  });
}

/**
 * "Honestly, 150,000 is fine. I accept.": a turn that agrees, naming figures the persona stands at
 * on their terms, takes them (only those: "Yes, I earn 120,000 now" takes nothing it did not offer)
 */
function takesStanding(f: Fold, turn: string): TermMove[] {
  if (!saysAny(turn, NEGOTIATION.agreements).length || saysAny(turn, NEGOTIATION.refusals).length) return [];
  const named = asksIn(f.terms, turn, true);
  if (!named.length || named.some(({ term, value }) => f.states[term].position !== value)) return [];
  return named.flatMap(({ term, value }) => {
    const s = f.states[term];
    if (s.agreed === value) return [];
    Object.assign(s, { agreed: value, position: value, pending: null, lastAsk: value });
    return [{ term, kind: 'accept' as const, asked: value, value }];
  });
}

/** each ask decided (decide), made with pressure held where it is ("Take it or leave it.") */
function decideAsks(f: Fold, asks: { term: number; value: number }[], turn: string): TermMove[] {
  const pressed = ANSWER_DATA.hostile.some((h) => says(turn, h.match));
  return asks.flatMap(({ term, value }) => {
    const s = f.states[term];
    // "At 160,000 base with the 15,000 bonus": a term agreed at that figure already is not taken again
    if (s.agreed === value && s.pending === null) return [];
    const decided = decide(f.terms[term], s, value, f.said);
    const d = pressed && typeof decided === 'number' ? 'firm' : decided;
    if (d === 'accept') Object.assign(s, { agreed: value, position: value, pending: null });
    else if (d === 'limit' || d === 'firm') s.pending = s.position;
    else Object.assign(s, { position: d, pending: d, counters: s.counters + 1 });
    s.lastAsk = value;
    return [
      { term, kind: typeof d === 'number' ? ('counter' as const) : d, asked: value, value: s.position },
    ];
  });
}

/** the turn's bargain from its moves: the deal once every term asked about is agreed, else what would help */
function bargainOf(f: Fold, moves: TermMove[], levers: { granted: number[]; all: number[] }): Bargain {
  const { terms, states, said } = f;
  const open = states.filter((s) => s.lastAsk !== null || s.agreed !== null);
  const dealt =
    moves.length > 0 && open.length > 0 && open.every((s) => s.agreed !== null && s.pending === null);
  const deal = dealt
    ? states.flatMap((s, term) =>
        s.agreed !== null ? [{ term, value: s.agreed, provided: provided(terms[term], s.agreed, said) }] : [],
      )
    : null;
  const held = moves.filter((m) => m.kind !== 'accept');
  const unmet = terms
    .flatMap((t, i) => (held.some((m) => m.term === i) ? t.limits : []))
    .find((l) => l.condition && !l.condition.evidence && !conditionMet(l.condition, said));
  const lever = moves.some((m) => m.kind === 'limit')
    ? terms.findIndex(
        (t, i) => t.gives > 0 && states[i].lastAsk === null && states[i].agreed === null && t.name,
      )
    : -1;
  return {
    moves,
    deal,
    condition: unmet?.condition && !unmet.condition.evidence ? unmet.condition.say : null,
    lever: lever >= 0 ? lever : null,
    standing: states.flatMap((s, term) =>
      s.pending !== null && !moves.some((m) => m.term === term) ? [{ term, value: s.pending }] : [],
    ),
    granted: levers.granted,
    levers: levers.all,
  };
}

/** the fold over a conversation, to its end or to the deal */
type FoldEnd = {
  f: Fold;
  /** the last user turn's bargain (null: it bargained over nothing) */
  bargain: Bargain | null;
  /** a user turn came after the deal: nothing more was bargained */
  afterDeal: boolean;
  /** a deal was made */
  dealt: boolean;
  /** the deal made, with the levers granted with it */
  made: { deal: NonNullable<Bargain['deal']>; levers: number[] } | null;
  granted: Set<number>;
  /** every move's figure was said in the persona's next line: the persona bargained by these rules */
  bornOut: boolean;
  /** what the user asked for that the brief gives no say over, named back by the persona */
  requests: string[];
};

function foldBargain(
  terms: Term[],
  history: readonly Turn[],
  levers: Lever[],
  /** also list the requests the brief gives no say over (readDeal; not the reply's path) */
  withRequests = false,
): FoldEnd {
  const f: Fold = {
    terms,
    states: terms.map((t) => ({
      position: t.opening,
      lastAsk: null,
      agreed: null,
      pending: null,
      counters: 0,
    })),
    said: [],
    lastAgent: '',
  };
  const granted = new Set<number>();
  let bargain: Bargain | null = null;
  // the figures the persona's next line should name: what it took, countered or held
  let expected: number[] = [];
  let bornOut = true;
  // a request the brief gives no say over, kept once the persona's next line names it back
  let request: string | null = null;
  const requests: string[] = [];
  for (const turn of history) {
    if (turn.speaker === 'agent') {
      const named = new Set(figuresIn(turn.text).map((x) => x.value));
      if (expected.some((v) => !named.has(v))) bornOut = false;
      if (request && turn.text.toLowerCase().includes(request) && !requests.includes(request))
        requests.push(request);
      expected = [];
      request = null;
      f.lastAgent = turn.text;
      continue;
    }
    if (bargain?.deal) {
      const made = { deal: bargain.deal, levers: bargain.levers };
      return { f, bargain: null, afterDeal: true, dealt: true, made, granted, bornOut, requests };
    }
    bargain = null;
    f.said.push(turn.text);
    const pending = f.states.some((s) => s.pending !== null);
    const asks = asksOfTurn(f, turn.text);
    const moves = [
      ...(asks.length || pending ? [] : statedPosition(f, turn.text)),
      ...(!asks.length && pending && agrees(turn.text) ? takeCounters(f) : []),
      ...(!asks.length && !pending ? takesStanding(f, turn.text) : []),
      ...decideAsks(f, asks, turn.text),
    ];
    // "Could you add an extra equity grant instead?": granted, and part of the deal
    const levered = leversAskedIn(levers, turn.text, terms).filter((l) => !granted.has(l));
    for (const l of levered) granted.add(l);
    // "Okay, 165,000 base it is." with a counter-offer open on another term: that one is still standing
    const confirms = asks.length > 0 && f.states.some((s) => s.pending !== null);
    if (!moves.length && !confirms && !levered.length) {
      if (withRequests) request = requestedElse(terms, levers, turn.text);
      continue;
    }
    bargain = bargainOf(f, moves, { granted: levered, all: [...granted] });
    expected = moves.map((m) => m.value);
  }
  const made = bargain?.deal ? { deal: bargain.deal, levers: bargain.levers } : null;
  return { f, bargain, afterDeal: false, dealt: made !== null, made, granted, bornOut, requests };
}

/**
 * The persona's bargaining as the conversation stands: what it does with the last turn's asks (null
 * when the last turn asks for none of its terms, takes no counter-offer and asks for nothing it can
 * give), folded over every turn before it. Once a deal is made nothing more is bargained.
 */
export function readBargain(terms: Term[], history: Turn[], levers: Lever[] = []): Bargain | null {
  if (!terms.length) return null;
  const end = foldBargain(terms, history, levers);
  return history.at(-1)?.speaker === 'user' && !end.afterDeal ? end.bargain : null;
}

/** The terms the persona has moved on in the conversation, each with where it stands now (its
 * counter-offer, or the figure agreed). */
export function movedTerms(
  terms: Term[],
  history: readonly Turn[],
  levers: Lever[] = [],
): { term: number; value: number }[] {
  if (!terms.length) return [];
  const { f } = foldBargain(terms, history, levers);
  return f.states.flatMap((s, term) =>
    s.position !== terms[term].opening ? [{ term, value: s.position }] : [],
  );
}

/**
 * A line of the brief with each moved term's opening figure said as it stands now, where the line
 * names that figure once and no other term opens at it (else it is left as it is: which figure is
 * which cannot be told).
 */
export function restateFigures(
  terms: Term[],
  moved: { term: number; value: number }[],
  text: string,
): string {
  let out = text;
  for (const { term, value } of moved) {
    const t = terms[term];
    if (terms.some((o, i) => i !== term && o.opening === t.opening && o.percent === t.percent)) continue;
    const same = figuresIn(out).filter((x) => x.value === t.opening && x.percent === t.percent);
    if (same.length !== 1) continue;
    const written = new RegExp(
      `(?<![\\d.,])(?:${escapeRegex(t.opening.toLocaleString('en-US'))}|${t.opening})(?![\\d]|,\\d)`,
      'g',
    );
    const found = out.match(written);
    if (found?.length !== 1) continue;
    out = out.replace(written, value.toLocaleString('en-US'));
  }
  return out;
}

/**
 * After a deal, a turn that asks for more ("Actually, could you do 165,000?", a figure other than the
 * one agreed, or something else it could give): the deal made, which the persona keeps to; null
 * otherwise (a confirmation of the terms agreed, or any other turn).
 */
export function reopensDeal(
  terms: Term[],
  history: readonly Turn[],
  levers: Lever[] = [],
): { deal: NonNullable<Bargain['deal']>; levers: number[] } | null {
  const last = history.at(-1);
  if (!terms.length || last?.speaker !== 'user') return null;
  // a turn naming no figure and nothing it could give reopens nothing: no fold on most replies
  const asked = asksIn(terms, last.text, true);
  const leversAsked = leversAskedIn(levers, last.text, terms);
  if (!asked.length && !leversAsked.length) return null;
  const { afterDeal, made } = foldBargain(terms, history, levers);
  if (!afterDeal || !made) return null;
  const more = asked.filter((a) => made.deal.find((d) => d.term === a.term)?.value !== a.value);
  const extra = leversAsked.filter((l) => !made.levers.includes(l));
  return more.length || extra.length ? made : null;
}

/**
 * What a call's bargaining came to, read as the built-in persona reads it (foldBargain) from the
 * brief and the whole conversation: for each term, where the persona opened, where it ended (agreed,
 * or its offer still on the table), how far it could have gone without its brief's conditions and
 * with them. Null when the brief gives no terms, or when the persona's lines do not bear the fold
 * out (a model's persona that bargained its own way): then what was reached is not known.
 */
export function readDeal(brief: string, history: readonly Turn[]): Deal | null {
  const terms = termsOf(brief);
  if (!terms.length) return null;
  const levers = leversOf(brief);
  const { f, granted, bornOut, dealt, requests } = foldBargain(terms, history, levers, true);
  if (!bornOut) return null;
  const furthestOf = (t: Term) => {
    const values = t.limits.map((l) => l.value);
    return values.length ? (t.gives > 0 ? Math.max(...values) : Math.min(...values)) : reach(t, []);
  };
  return {
    closed: dealt,
    terms: terms.map((t, i) => {
      const s = f.states[i];
      const furthest = furthestOf(t);
      const condition = t.limits.find((l) => l.value === furthest)?.condition ?? null;
      return {
        name: t.name,
        unit: t.unit,
        percent: t.percent,
        gives: t.gives,
        opening: t.opening,
        reached: s.agreed ?? s.position,
        agreed: s.agreed !== null,
        asked: s.lastAsk !== null || s.agreed !== null,
        reach: reach(t, []),
        furthest,
        condition: condition ? (condition.evidence ? NEGOTIATION.evidenceSaid : condition.say) : null,
        conditionMet: condition ? conditionMet(condition, f.said) : false,
      };
    }),
    levers: levers.map((l, i) => ({ say: l.say, granted: granted.has(i) })),
    requests,
  };
}

/** words around a request's object that are not the thing asked for */
const REQUEST_LEADS = /^(?:also|please|maybe|perhaps|to) /;
const REQUEST_TAILS = / (?:please|as well|too|if possible)$/;
/** words that start another clause after the thing asked for */
const REQUEST_ENDS = new Set(['i', "i'm", "i've", 'we', "we're", 'because', 'since', 'so', 'but', 'as']);

/**
 * What a turn asks for that the persona's brief gives it no say over ("Could I have two remote days
 * a week?" → "two remote days a week"; "Could the start date be in six weeks instead of four?" →
 * "the start date in six weeks instead of four"), or null: a request (termRequests) of a persona
 * that bargains, naming no figure of its terms and no lever, and not a request to hear or say
 * something (notRequests: "I'd like to know more about the team").
 */
export function requestedElse(terms: Term[], levers: Lever[], turn: string): string | null {
  if (!terms.length || asksIn(terms, turn, true).length || leversAskedIn(levers, turn, terms).length)
    return null;
  for (const sentence of sentencesOf(turn)) {
    const text = normalise(sentence);
    const at = NEGOTIATION.termRequests
      .map((r) => ({ r, m: new RegExp(`(?:^| )${escapeRegex(r)} `).exec(text) }))
      .find((x) => x.m);
    if (!at?.m || saysAny(sentence, NEGOTIATION.notRequests).length) continue;
    // "could the start date be in six weeks": the thing asked for, its verb left out
    const kept = at.r.endsWith(' the') || at.r.endsWith(' my') ? `${at.r.split(' ').at(-1)} ` : '';
    let object = kept + text.slice(at.m.index + at.m[0].length);
    if (kept) object = object.replace(/ be /, ' ');
    // up to the next clause, which a recogniser's unpunctuated turn runs on into ("… instead of four
    // i have a notice period")
    const clause = object.split(' ').findIndex((w, i) => i >= 2 && REQUEST_ENDS.has(w));
    if (clause > 0) object = object.split(' ').slice(0, clause).join(' ');
    object = object.replace(REQUEST_LEADS, '').replace(REQUEST_TAILS, '').trim();
    const words = object.split(' ').length;
    if (words >= 2 && words <= 12) return object;
  }
  return null;
}

/** the most words of a bare "why" ("Why the increase?", "How come?") */
const SHORT_WHY_WORDS = 4;

/**
 * The term a turn asks why the persona wants moved against the user ("Why the increase?", "What's
 * behind the new price?"), when its brief says it wants to move it ("raise the price from 400 to 460
 * per tonne", "cut the day rate from 900 to 750": a term with where it stands now); null otherwise.
 */
export function asksWhyItMoves(terms: Term[], turn: string): number | null {
  // a question: its mark, or spoken (no marks) with "why" among its first words ("hi sofia why the increase")
  const opening = normalise(turn).split(' ').slice(0, SHORT_WHY_WORDS).join(' ');
  // (asking on from it: "i know why" tells, not asks)
  const question = /\?\s*$/.test(turn.trim()) || /\b(?:why|how come)(?= \S)|^(?:why|how come)$/.test(opening);
  if (!saysAny(turn, NEGOTIATION.reasonAsks).length || !question) return null;
  const said = keyStems(turn);
  const short = turn.trim().split(/\s+/).length <= SHORT_WHY_WORDS;
  const index = terms.findIndex((t) => {
    // a move its brief wants: more of what it is paid, or less of what it pays
    if (t.status === null || t.status === t.opening) return false;
    const named = [t.name, t.unit].some((n) => n !== null && overlap(keyStems(n), said) > 0);
    return named || short || saysAny(turn, NEGOTIATION.moveWords).length > 0;
  });
  return index >= 0 ? index : null;
}

/** "What about the signing bonus?", "And the base?": a term named alone, asked about */
const ABOUT_A_TERM =
  /^(?:(?:and|so|okay|ok|right)\s+)?(?:(?:what|how)\s+about\s+)?(?:the|a|your)\s+(.{2,40}?)\s*\?$/i;

/**
 * Whether a turn asks if the persona can move at all on its terms, naming no figure: "Is there any
 * flexibility on the base?" (negotiation.json roomAsks), or a term of its own named alone ("What about
 * the signing bonus?", which it answered by reciting its offer, its first base salary with it).
 */
export function asksForRoom(terms: Term[], turn: string): boolean {
  if (terms.length === 0) return false;
  // "2,400 is too much for me.": its figure refused, with none of the user's own
  if (refusesFigures(turn)) return true;
  if (figuresIn(turn).length > 0) return false;
  if (saysAny(turn, NEGOTIATION.roomAsks).length > 0) return true;
  const named = ABOUT_A_TERM.exec(turn.trim().replace(/[,.]/g, ''))?.[1]?.toLowerCase();
  if (!named) return false;
  return terms.some((t) => t.name !== null && (t.name === named || t.name.split(' ').includes(named)));
}
