// Phrase lists matched on analysed tokens. A phrase is analysed once with the same English model as
// the transcript, so "it be not my fault" matches "it's not my fault" and "it isn't my fault", and
// "apologise" matches "apologised"; "*" matches any one word. Every list is registered in one
// index, so a sentence is scanned once for all of them (and the result kept with the sentence).
import { LEXICON } from './evaluator-data.js';
import { analyse, type Token } from './nlp.js';

type PhraseToken = { t: string; l: string } | null;
export type CompiledPhrase = { text: string; toks: PhraseToken[]; list: number };
export type PhraseList = { id: number; phrases: CompiledPhrase[] };

const registry: PhraseList[] = [];
/** phrases by their first word (surface form and lemma), longest first */
const byFirst = new Map<string, CompiledPhrase[]>();
const wild: CompiledPhrase[] = [];

function compilePhrase(text: string, list: number): CompiledPhrase | null {
  const parts = text.split(/\s+\*\s+|^\*\s+|\s+\*$/);
  const toks: PhraseToken[] = [];
  parts.forEach((part, i) => {
    if (i > 0) toks.push(null);
    if (part.trim() === '') return;
    for (const s of analyse(part)) for (const t of s.toks) toks.push({ t: t.t, l: t.l });
  });
  if (toks.length === 0 || toks.every((t) => t === null)) return null;
  return { text, toks, list };
}

export function compileList(list: readonly string[]): PhraseList {
  const id = registry.length;
  const phrases = list.map((p) => compilePhrase(p, id)).filter((p): p is CompiledPhrase => p !== null);
  const compiled = { id, phrases };
  registry.push(compiled);
  for (const p of phrases) {
    const first = p.toks[0];
    if (!first) {
      wild.push(p);
      continue;
    }
    for (const key of new Set([first.t, first.l])) {
      const at = byFirst.get(key) ?? [];
      at.push(p);
      at.sort((a, b) => b.toks.length - a.toks.length);
      byFirst.set(key, at);
    }
  }
  return compiled;
}

function same(p: PhraseToken, s: Token | undefined): boolean {
  return s !== undefined && (p === null || p.t === s.t || p.l === s.l || p.t === s.l);
}

function matchesAt(p: CompiledPhrase, toks: readonly Token[], i: number): boolean {
  for (let j = 0; j < p.toks.length; j++) if (!same(p.toks[j], toks[i + j])) return false;
  return true;
}

/** The words as said ("it's not my fault"), for rationales. */
function surface(toks: readonly Token[], from: number, length: number): string {
  let out = '';
  for (let i = from; i < from + length && i < toks.length; i++) {
    const t = toks[i].t;
    out += out === '' || t.startsWith("'") || t === "n't" ? t : ` ${t}`;
  }
  return out.replace(/\bi\b/g, 'I');
}

/** Words that turn the phrase right after them around: "not my fault" shows no ownership. */
const NEGATORS = new Set(LEXICON.negations);
const negates = (t: Token | PhraseToken | undefined) => t != null && (NEGATORS.has(t.t) || NEGATORS.has(t.l));

type Scan = { lists: number; found: string[][] };
const scans = new WeakMap<readonly Token[], Scan>();

/**
 * Every registered list's phrases in the tokens: per list, longest first, not overlapping. A
 * phrase said right after a negation ("it was not my fault", "I didn't take responsibility") is
 * not found, unless it begins with one itself ("not my fault" is a deflection).
 */
function scan(toks: readonly Token[]): Scan {
  const lists = registry.length;
  const found: string[][] = Array.from({ length: lists }, () => []);
  const nextFree = new Int32Array(lists);
  const best = new Map<number, CompiledPhrase>();
  for (let i = 0; i < toks.length; i++) {
    best.clear();
    const negated = i > 0 && negates(toks[i - 1]);
    const groups = [
      byFirst.get(toks[i].t),
      toks[i].l === toks[i].t ? undefined : byFirst.get(toks[i].l),
      wild,
    ];
    for (const group of groups) {
      if (!group) continue;
      for (const p of group) {
        if (nextFree[p.list] > i) continue;
        const held = best.get(p.list);
        if (held && held.toks.length >= p.toks.length) continue;
        if (negated && !negates(p.toks[0])) continue;
        if (matchesAt(p, toks, i)) best.set(p.list, p);
      }
    }
    for (const [list, p] of best) {
      found[list].push(surface(toks, i, p.toks.length));
      nextFree[list] = i + p.toks.length;
    }
  }
  return { lists, found };
}

/** The phrases of the list found in the tokens (as said): longest first, not overlapping, in order. */
export function findIn(toks: readonly Token[], list: PhraseList): string[] {
  let s = scans.get(toks);
  if (!s || s.lists <= list.id) {
    s = scan(toks);
    scans.set(toks, s);
  }
  return s.found[list.id];
}

export const countIn = (toks: readonly Token[], list: PhraseList) => findIn(toks, list).length;
