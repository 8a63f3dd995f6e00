// English analysis for the built-in evaluator: sentences, word tokens with their lemma and part
// of speech, and the named quantities (dates, times, durations, money, percentages,
// cardinals) of each sentence. wink-nlp with its English lite model (MIT, shipped inside the npm
// package, no download at run time) does the work; the model loads once, lazily, in ~150 ms: it is
// required on the first evaluation, not imported, so a server that has not evaluated a call does not
// hold it (about 35 MB resident, bench/memory.ts).

import { createRequire } from 'node:module';
import type winkNLPType from 'wink-nlp';
import type { ItsFunction, Tokens } from 'wink-nlp';

const require = createRequire(import.meta.url);

export type Token = {
  /** lower-case surface form, typographic apostrophes made plain */
  t: string;
  /** lemma: "escalated" → "escalate", "was" → "be", "’ll" → "will" */
  l: string;
  /** universal part of speech (VERB, NOUN, PROPN, NUM, AUX, PRON, …) */
  p: string;
  /** set when a comma, semicolon or dash stands before the word (typed text; speech has none) */
  c?: true;
};

export type Sentence = {
  text: string;
  toks: Token[];
  /** entities found in the sentence: DATE, TIME, DURATION, MONEY, PERCENT, CARDINAL, … */
  ents: { type: string; value: string }[];
  question: boolean;
};

type Nlp = ReturnType<typeof winkNLPType>;
let nlp: Nlp | null = null;
function load(): Nlp {
  if (!nlp) {
    const winkNLP = require('wink-nlp') as typeof winkNLPType;
    nlp = winkNLP(require('wink-eng-lite-web-model'), ['sbd', 'pos', 'ner']);
  }
  return nlp;
}

/** Loads the model now (the first evaluation otherwise pays for it). */
export function warmUp(): void {
  load();
}

// The lite model keeps "I'm" as one token tagged as a proper noun; split it as it splits "you're".
const I_AM = /^i['’]m$/;
/** punctuation that parts clauses within a sentence */
const CLAUSE_MARKS = /^[,;:–—-]+$/;

/** One property of every token (the model's helper signatures are wider than the typings say). */
const column = (tokens: Tokens, its: unknown) => tokens.out(its as ItsFunction<string>) as string[];

/** Sentences of a text with their tokens (punctuation dropped). Deterministic. */
export function analyse(text: string): Sentence[] {
  const engine = load();
  const its = engine.its;
  const doc = engine.readDoc(text);
  // one pass per property over the whole text, then cut into sentences by their token spans
  const tokens = doc.tokens();
  const values = column(tokens, its.value);
  const lemmas = column(tokens, its.lemma);
  const pos = column(tokens, its.pos);
  const types = column(tokens, its.type);
  const sentences = doc.sentences();
  const texts = sentences.out() as string[];
  const spans = sentences.out(its.span as unknown as ItsFunction<[number, number]>) as unknown as [
    number,
    number,
  ][];
  const entities = doc.entities();
  const entDetail = entities.out(its.detail) as unknown as { type: string; value: string }[];
  const entSpans = entities.out(its.span as unknown as ItsFunction<[number, number]>) as unknown as [
    number,
    number,
  ][];
  const out: Sentence[] = [];
  spans.forEach(([from, to], si) => {
    const raw = (texts[si] ?? '').trim();
    if (raw === '') return;
    const toks: Token[] = [];
    let comma = false;
    for (let i = from; i <= to; i++) {
      if (types[i] === 'punctuation' || types[i] === 'emoji' || types[i] === 'emoticon') {
        if (CLAUSE_MARKS.test(values[i])) comma = true;
        continue;
      }
      const t = values[i].toLowerCase().replace(/’/g, "'");
      if (I_AM.test(t)) {
        toks.push({ t: 'i', l: 'i', p: 'PRON' });
        toks.push({ t: "'m", l: 'be', p: 'AUX' });
        comma = false;
        continue;
      }
      const p = types[i] === 'number' || types[i] === 'ordinal' ? 'NUM' : pos[i];
      const token: Token = { t, l: (lemmas[i] ?? t).toLowerCase().replace(/’/g, "'"), p };
      if (comma) token.c = true;
      comma = false;
      toks.push(token);
    }
    if (toks.length === 0) return;
    const ents = entDetail
      .filter((_, ei) => entSpans[ei][0] >= from && entSpans[ei][1] <= to)
      .map((e) => ({ type: e.type, value: e.value.toLowerCase() }));
    out.push({ text: raw, toks, ents, question: /\?\s*["')\]]*$/.test(raw) });
  });
  return out;
}

/** Lemmas of a short text such as a criterion's name or description. */
export function lemmasOf(text: string): string[] {
  return analyse(text).flatMap((s) => s.toks.map((t) => t.l));
}
