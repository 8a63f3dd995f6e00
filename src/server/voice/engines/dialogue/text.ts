// Small text tools the dialogue engine reads answers with: tokens that remember where they were,
// a light stemmer, the words that carry a topic, whole-word phrase matching, and the persona's way
// of turning the user's words round when it quotes them.

import { escapeRegex } from '../../../../shared/escape-regex.js';
import { LANGUAGE } from './data.js';

export type Token = {
  raw: string;
  lower: string;
  start: number;
  end: number;
  /** punctuation between this token and the one before (a clause or sentence boundary) */
  breakBefore: boolean;
  /** the first token of a sentence */
  sentenceStart: boolean;
};

/** a word, a number ("1,200.50"), a time of day ("11:02") or a percent sign */
const TOKEN = /\d{1,2}:\d{2}(?!\d)|\d+(?:[.,]\d+)*|\p{L}+(?:[-'’]\p{L}+)*|%/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index ?? 0;
    const gap = text.slice(last, start);
    const raw = m[0].replace(/’/g, "'");
    out.push({
      raw,
      lower: raw.toLowerCase(),
      start,
      end: start + m[0].length,
      breakBefore: out.length === 0 || /[.,;:!?()"“”—–…]|\s-\s/.test(gap),
      sentenceStart: out.length === 0 || /[.!?…]/.test(gap),
    });
    last = start + m[0].length;
  }
  return out;
}

const STOP = new Set(LANGUAGE.stopwords);
const GENERIC = new Set(LANGUAGE.generic);
const NUMBER_WORDS = new Set(LANGUAGE.numbers);
const IRREGULAR = LANGUAGE.irregular;

export const isStopword = (lower: string) => STOP.has(lower);
export const isNumberWord = (lower: string) => NUMBER_WORDS.has(lower);
export const isNumberToken = (t: Token) => /^\d/.test(t.raw) || NUMBER_WORDS.has(t.lower);

function undouble(w: string): string {
  return /([b-df-hj-km-np-rtv-y])\1$/.test(w) ? w.slice(0, -1) : w;
}

function suffixes(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = undouble(w.slice(0, -2));
  else if (w.length > 5 && w.endsWith('ly')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** a light stem: the same for "launch", "launched", "launches" and "launching" */
export function stem(word: string): string {
  const w = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
  if (/^\d/.test(w)) return w;
  const irregular = IRREGULAR[w];
  return suffixes(irregular ?? w);
}

const SYNONYM = new Map<string, string>();
for (const group of LANGUAGE.synonyms) {
  const head = stem(group[0]);
  for (const w of group) SYNONYM.set(stem(w), head);
}

/** phrases that count as one word of a synonym group ("stopped working" as "outage") */
const PHRASE_HEAD = new Map(
  LANGUAGE.phraseSynonyms.flatMap(([head, ...phrases]) => phrases.map((ph) => [ph, head] as const)),
);
const PHRASE_SYNONYM = new RegExp(
  `\\b(?:${[...PHRASE_HEAD.keys()].map((ph) => escapeRegex(ph).replace(/ /g, '\\s+')).join('|')})\\b`,
  'gi',
);
const withPhrasesAsWords = (text: string) =>
  text.replace(PHRASE_SYNONYM, (m) => PHRASE_HEAD.get(m.toLowerCase().replace(/\s+/g, ' ')) ?? m);

/** the stems (synonyms merged) of the words in a text that carry its topic */
export function keyStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokenize(withPhrasesAsWords(text))) {
    if (t.lower.length < 2 || STOP.has(t.lower) || GENERIC.has(t.lower) || isNumberToken(t)) continue;
    const s = stem(t.lower);
    if (GENERIC.has(s) || STOP.has(s)) continue;
    out.add(SYNONYM.get(s) ?? s);
  }
  return out;
}

/** the stems of every content word (stopwords out, synonyms not merged), numbers included */
export function contentStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokenize(text)) {
    if (STOP.has(t.lower) || (t.lower.length < 3 && !/^\d/.test(t.raw))) continue;
    out.add(stem(t.lower));
  }
  return out;
}

export function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

const PHRASES = new Map<string, RegExp>();
function phraseRegex(phrase: string): RegExp {
  let re = PHRASES.get(phrase);
  if (!re) {
    const body = escapeRegex(phrase.toLowerCase()).replace(/'/g, "['’]").replace(/\s+/g, '\\s+');
    re = /[\p{L}\p{N}]/u.test(phrase)
      ? new RegExp(`(?<![\\p{L}\\p{N}'’])${body}(?![\\p{L}\\p{N}'’])`, 'iu')
      : new RegExp(body, 'u');
    PHRASES.set(phrase, re);
  }
  return re;
}

/** whether the text says the phrase as whole words (case-insensitive) */
export function says(text: string, phrase: string): boolean {
  return phraseRegex(phrase).test(text);
}

/** the phrases of a list that the text says */
export function saysAny(text: string, phrases: readonly string[]): string[] {
  return phrases.filter((p) => says(text, p));
}

/** lower case, letters, digits and apostrophes only, single spaces: for comparing lines */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const FLIPS: Record<string, string> = { ...LANGUAGE.flips, your: 'my', yours: 'mine', yourself: 'myself' };

/** the user's words as the persona says them back: "my team" becomes "your team" */
export function flipPronouns(phrase: string): string {
  return phrase.replace(/\p{L}+(?:['’]\p{L}+)?/gu, (w) => {
    if (w === 'US') return w;
    const flipped = FLIPS[w.toLowerCase().replace(/’/g, "'")];
    return flipped ?? w;
  });
}

export const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** fills a line's slots: {quote} as is, {Quote} capitalised, likewise {topic} and {intro} */
export function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = slots[name.toLowerCase()];
    if (value === undefined) return whole;
    return name[0] === name[0].toUpperCase() ? capitalise(value) : value;
  });
}

/** the sentences of a text, each with its closing mark (a recogniser's turn is one sentence) */
export const sentencesOf = (text: string) => text.trim().split(/(?<=[.!?])\s+/);

export function countWords(text: string): number {
  return tokenize(text).filter((t) => t.raw !== '%').length;
}
