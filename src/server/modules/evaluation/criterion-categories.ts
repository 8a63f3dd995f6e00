// Which behaviours a rubric criterion asks for. The criterion's name and description are
// lemmatised and matched against each concept's trigger words (data/concepts.json): a name word
// counts 3, a description word 1, and a description word that is one of the concept's own evidence
// terms counts once more — so "Candour", "Commercial Acumen" or "Patient Safety Awareness" find
// their behaviour by meaning, and a criterion no concept knows is read through its description's
// own words.
import { CONCEPTS, type ConceptSpec } from './evaluator-data.js';
import { analyse } from './nlp.js';
import { compileList, findIn, type PhraseList } from './phrases.js';
import { contentLemmas, type Dimension } from './signals.js';

export type Concept = {
  id: string;
  label: string;
  triggers: string[][];
  evidenceWords: Set<string>;
  evidence: PhraseList;
  counter: PhraseList;
  hasEvidenceList: boolean;
  /** sentence signals that count as evidence of the behaviour */
  signals: Dimension[];
  dims: Partial<Record<Dimension, number>>;
  lookedFor: string;
  tip: string;
};

let concepts: Concept[] | null = null;

/** lower-cased first: a title's "Handling Objections" is tagged as a name and keeps its plural */
function lemmaList(text: string): string[] {
  return analyse(text.toLowerCase()).flatMap((s) => s.toks.map((t) => t.l));
}

/** a criterion's words as said and as lemmas: "Listening" in a name is a noun, "listening" alone a verb */
function wordsAndLemmas(text: string): string[] {
  return analyse(text.toLowerCase()).flatMap((s) =>
    s.toks.flatMap((t) => (t.t === t.l ? [t.l] : [t.t, t.l])),
  );
}

function compile(spec: ConceptSpec): Concept {
  return {
    id: spec.id,
    label: spec.label,
    // each trigger as lemmas and as written, matched against a criterion's words and lemmas
    triggers: spec.triggers
      .flatMap((t) => [lemmaList(t), t.toLowerCase().split(/\s+/)])
      .filter((t, i, all) => t.length > 0 && all.findIndex((u) => u.join(' ') === t.join(' ')) === i),
    evidenceWords: new Set(spec.evidence.filter((e) => !/\s/.test(e)).flatMap(lemmaList)),
    evidence: compileList(spec.evidence),
    counter: compileList(spec.counter),
    hasEvidenceList: spec.evidence.length > 0,
    signals: spec.signals,
    dims: spec.dims,
    lookedFor: spec.lookedFor,
    tip: spec.tip,
  };
}

export function allConcepts(): Concept[] {
  concepts ??= CONCEPTS.map(compile);
  return concepts;
}

// "Answers the question that was asked" is about relevance, not about asking questions.
const ANSWERS_THE_QUESTION =
  /\b(answers?|answering|address(es|ing)?|respond(s|ing)? to)\s+(the\s+|each\s+|every\s+|all\s+)?questions?(\s+(that\s+)?(was|were|is|are|being)?\s*asked)?|\bquestions?\s+(that\s+)?(was|were|is|are)\s+asked|\bwhat\s+(was|is)\s+asked/gi;

const TRADE_OFFS = /\btrade[- ]offs?\b/gi;

export type CriterionProfile = {
  concepts: Concept[];
  /** a criterion no concept knows: evidence is its own name's and description's content words */
  ownTerms: Set<string> | null;
  ownTermsList: string[];
  dims: Partial<Record<Dimension, number>>;
};

/** Base weights every criterion shares: an answer that is on topic, substantive and clear. */
export const BASE_DIMS: Partial<Record<Dimension, number>> = { relevance: 1.5, substance: 2, clarity: 1 };

function matchScore(c: Concept, name: Set<string>, description: Set<string>, descList: string[]) {
  let score = 0;
  let named = false;
  for (const trig of c.triggers) {
    if (trig.every((w) => name.has(w))) {
      score += 3;
      named = true;
    }
    if (trig.every((w) => description.has(w))) score += 1;
  }
  if (score === 0 && descList.some((w) => c.evidenceWords.has(w))) score += 0.5;
  return { score, named };
}

/** a behaviour named in the criterion's name and said again in its description */
const NAMED_SCORE = 4;

const profiles = new Map<string, CriterionProfile>();
const MAX_CACHED_PROFILES = 1000;

export function profileFor(name: string, description: string): CriterionProfile {
  const key = `${name}\n${description}`;
  const cached = profiles.get(key);
  if (cached) return cached;
  // "trade-offs" weighs options: no trade of a negotiation
  const desc = description.replace(ANSWERS_THE_QUESTION, ' relevance ').replace(TRADE_OFFS, 'tradeoff');
  const nameLemmas = new Set(wordsAndLemmas(name));
  const descLemmas = wordsAndLemmas(desc);
  const descSet = new Set(descLemmas);
  const scored = allConcepts()
    .map((c, i) => ({ c, i, ...matchScore(c, nameLemmas, descSet, descLemmas) }))
    .filter((x) => x.score >= 1)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const top = scored[0]?.score ?? 0;
  // a behaviour its name says is asked for, however many words the description gives another
  // ("Ownership and Follow-Up": ownership beside the follow-up's many words)
  const chosen = scored
    .filter((x) => x.score >= Math.max(1, top * 0.5) || (x.named && x.score >= NAMED_SCORE))
    .slice(0, 2)
    .map((x) => x.c);

  let ownTerms: Set<string> | null = null;
  let ownTermsList: string[] = [];
  if (chosen.length === 0) {
    ownTermsList = [
      ...new Set(analyse(`${name}. ${description}`).flatMap((s) => contentLemmas(s.toks))),
    ].slice(0, 12);
    ownTerms = ownTermsList.length > 0 ? new Set(ownTermsList) : null;
  }
  const dims: Partial<Record<Dimension, number>> = { ...BASE_DIMS };
  const add = (d: Partial<Record<Dimension, number>>, k = 1) => {
    for (const [dim, w] of Object.entries(d) as [Dimension, number][]) dims[dim] = (dims[dim] ?? 0) + w * k;
  };
  if (chosen.length === 0) add({ specifics: 1, reasons: 1, actions: 1 });
  for (const [i, c] of chosen.entries()) add(c.dims, i === 0 ? 1 : 0.6);
  const profile = { concepts: chosen, ownTerms, ownTermsList, dims };
  if (profiles.size >= MAX_CACHED_PROFILES) profiles.clear();
  profiles.set(key, profile);
  return profile;
}

/** The concept ids a criterion maps to, or ['general'] (for tests and the decision record). */
export function categoriesFor(name: string, description: string): string[] {
  const p = profileFor(name, description);
  return p.concepts.length > 0 ? p.concepts.map((c) => c.id) : ['general'];
}

export { findIn };
