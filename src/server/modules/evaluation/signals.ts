// What the built-in evaluator measures in a conversation. Each candidate answer is read against the
// line it answers: does it take up what was asked and give the kind of answer asked for (an example,
// a reason, a figure, a plan, a question back)? Each sentence is read for substance — actions,
// reasons, trade-offs, figures, names and dates, questions asked back, commitments — counted per
// unit of speech, so a short answer full of substance scores as well as a long one and rambling
// costs. The word lists, question kinds and scoring curves live in data/*.json (evaluator-data.ts).
import type { SpeechAnalytics } from '../../../shared/contracts/evaluation.js';
import { ASIDES } from '../../../shared/domain/asides.js';
import { FIELDS, ownFieldsOf } from '../../../shared/domain/fields.js';
import { answersAnotherQuestion } from '../../../shared/domain/other-questions.js';
import { fillerCounts } from '../../../shared/domain/speech-analytics.js';
import { TOPICS } from '../../../shared/domain/topics.js';
import type { Turn } from '../../../shared/domain/transcript.js';
import { escapeRegex } from '../../../shared/escape-regex.js';
import { type DimensionReading, ramp, scoreDimensions } from './dimensions.js';
import { type Dimension, LEXICON as lexicon, QUESTION_KIND_DATA, SCORING } from './evaluator-data.js';
import { analyse, type Sentence, type Token } from './nlp.js';
import { compileList, countIn, findIn, type PhraseList } from './phrases.js';
import { sentencesOfSpeech } from './spoken-sentences.js';

const set = (xs: readonly string[]) => new Set(xs);
const STOP = set(lexicon.stopwords);
const GENERIC = set(lexicon.genericContent);
const QUESTION_WORDS = set(lexicon.questionWords);
const NON_ACTION = set(lexicon.nonActionVerbs);
const SUBJECTS = set(lexicon.subjects);
const TAGS = set(lexicon.tagQuestions);
const CONCESSION = new RegExp(`(?:^|\\W)(?:${lexicon.concessions.map(escapeRegex).join('|')})(?:\\W|$)`);
const RESULT_VERBS = set(lexicon.resultVerbs);
const SMALL_TALK_WORDS = set(ASIDES.pleasantryWords);

type Lists = Record<
  | 'reasons'
  | 'contrasts'
  | 'proposalOpeners'
  | 'vagueCommitments'
  | 'hedges'
  | 'vague'
  | 'deflection'
  | 'concessions'
  | 'dismissive'
  | 'apologies'
  | 'caving'
  | 'signposts'
  | 'offTopic'
  | 'work'
  | 'smallTalk'
  | 'timeChecks'
  | 'repeatRequests'
  | 'pauses'
  | 'farewells'
  | 'greetings'
  | 'thanks',
  PhraseList
>;
let lists: Lists | null = null;
/** the fields of work (shared/domain/fields.json), each a list */
let fieldLists: { field: string; list: PhraseList }[] | null = null;
function phraseLists(): Lists {
  fieldLists ??= Object.entries(FIELDS.fields).map(([field, words]) => ({ field, list: compileList(words) }));
  lists ??= {
    reasons: compileList(lexicon.reasons),
    contrasts: compileList(lexicon.contrasts),
    proposalOpeners: compileList(lexicon.proposalOpeners),
    vagueCommitments: compileList(lexicon.vagueCommitments),
    hedges: compileList(lexicon.hedges),
    vague: compileList(lexicon.vague),
    deflection: compileList(lexicon.deflection),
    concessions: compileList(lexicon.concessions),
    dismissive: compileList(lexicon.dismissive),
    apologies: compileList(lexicon.apologies),
    caving: compileList(lexicon.caving),
    signposts: compileList(lexicon.signposts),
    offTopic: compileList(TOPICS.offTopic),
    work: compileList(TOPICS.work),
    smallTalk: compileList(ASIDES.pleasantries),
    repeatRequests: compileList(ASIDES.repeatRequests),
    pauses: compileList(ASIDES.pauses),
    timeChecks: compileList(ASIDES.timeChecks),
    farewells: compileList(ASIDES.farewells),
    greetings: compileList(lexicon.greetings),
    thanks: compileList(lexicon.thanks),
  };
  return lists;
}

/** Content lemmas: not function words, not filler-ish generic words. */
export function contentLemmas(toks: readonly Token[], extraStop?: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const t of toks) {
    if (t.l.length < 3 || STOP.has(t.l) || STOP.has(t.t) || GENERIC.has(t.l)) continue;
    if (extraStop?.has(t.l)) continue;
    if (t.p === 'AUX' || t.p === 'PRON' || t.p === 'DET' || t.p === 'ADP' || t.p === 'CCONJ') continue;
    out.push(t.l);
  }
  return out;
}

const AUX_SKIP = set(lexicon.auxSkip);
/** a denied statement ("I haven't booked"); "no" negates a noun, not the verb after it */
const NEGATIONS = set(lexicon.negations.filter((w) => w !== 'no'));
/** auxiliaries of a plan, an offer or a thing done, by lemma */
const MODALS = set(['will', 'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must', 'have']);

/**
 * The deflections of a sentence ("not my job", "you'll have to"), but for one inside a concession
 * ("Even though it wasn't my job, I took the on-call shifts": granting the point before owning the
 * work), told by a concession word (lexicon concessions) in the six words before it.
 */
function deflectionsIn(text: string, toks: readonly Token[], L: Lists): number {
  const found = findIn(toks, L.deflection);
  if (!found.length || !countIn(toks, L.concessions)) return found.length;
  const lower = text.toLowerCase().replace(/’/g, "'");
  return found.filter((phrase) => {
    const at = lower.indexOf(phrase.toLowerCase());
    if (at < 0) return true;
    const before = lower.slice(0, at).split(/\s+/).slice(-6).join(' ');
    return !CONCESSION.test(before);
  }).length;
}

const LIGHT_ACTIONS = set(lexicon.lightActionVerbs);
const CLAUSE_BREAKS = set(lexicon.clauseBreaks);
/** what may open a light verb's object: "took the lead", "made sure", "gave them" */
const OBJECT_START = set(['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ']);
/** pronouns that give a clause a subject of its own */
const SUBJECT_PRONOUNS = set(['i', 'we', 'you', 'he', 'she', 'they', 'it']);

type Form = 'past' | 'ing' | 'base';
const formOf = (v: Token): Form =>
  v.t.endsWith('ing') ? 'ing' : v.t !== v.l && !v.t.endsWith('s') && !v.t.startsWith("'") ? 'past' : 'base';

/**
 * A verb that does something: not a state or a stop word, but for a light verb with its object
 * when it was done or is to be ("I took the lead", "I'll make the call"; "I take full ownership" is
 * a claim about oneself).
 */
function doesSomething(v: Token, next: Token | undefined, modal: boolean): boolean {
  if (NON_ACTION.has(v.l)) return false;
  if (!STOP.has(v.l)) return true;
  const done = modal || formOf(v) === 'past';
  return done && LIGHT_ACTIONS.has(v.l) && next !== undefined && OBJECT_START.has(next.p);
}

/**
 * The verbs that share an action's subject, joined to it by "and", "then" or a comma ("I took the
 * rota, fixed the alerts and wrote the runbook"; "we'll call them and book a slot"), up to a word
 * that opens another clause ("because", "that") or a subject of its own ("the team fixed").
 * A verb after a comma is joined only in the head verb's form, as a list of actions is said.
 */
function joinedVerbs(toks: readonly Token[], head: number, modal: boolean): number[] {
  const out: number[] = [];
  const form = formOf(toks[head]);
  for (let k = head + 1; k < toks.length; k++) {
    const t = toks[k];
    const prev = toks[k - 1];
    if (CLAUSE_BREAKS.has(t.t) || NEGATIONS.has(t.t) || NEGATIONS.has(t.l) || t.p === 'AUX') break;
    if (t.p === 'PRON' && SUBJECT_PRONOUNS.has(t.t) && toks[k + 1]?.p !== 'NOUN') {
      // "fixed it and …" keeps going; "… and it failed" is another subject
      if (prev.p === 'VERB' || prev.p === 'ADP') continue;
      break;
    }
    const byWord = prev.t === 'and' || prev.t === 'then' || (prev.p === 'ADV' && toks[k - 2]?.t === 'and');
    const verb =
      t.p === 'VERB' ||
      (byWord &&
        t.p === 'ADJ' &&
        t.t.endsWith('ed') &&
        (toks[k + 1]?.p === 'PRON' || toks[k + 1]?.p === 'DET'));
    if (!verb) continue;
    // "try to communicate clearly and keep …": what follows is the infinitive's, not the subject's
    if (prev.t === 'to') break;
    const joined = byWord || (t.c === true && formOf(t) === form);
    if (!joined) {
      if (prev.p === 'NOUN' || prev.p === 'PROPN') break;
      continue;
    }
    if (doesSomething(t, toks[k + 1], modal)) out.push(k);
  }
  return out;
}

/** First-person action statements: "I escalated", "we'll book", "I'd hold the dose". */
export function findActions(toks: readonly Token[]): { actions: number; past: number; commitments: number } {
  let actions = 0;
  let past = 0;
  let commitments = 0;
  for (let i = 0; i < toks.length; i++) {
    const subj = toks[i];
    const letMe = subj.t === 'me' && toks[i - 1]?.l === 'let';
    if (!SUBJECTS.has(subj.t) && !letMe && !(subj.t === 'you' && toks[i + 1]?.l === 'will')) continue;
    let j = i + 1;
    let future = letMe;
    let skipped = 0;
    // an auxiliary that makes the verb a plan, an offer or a thing done: "I'll", "I'd", "I've", "let me"
    let modal = letMe;
    // "I haven't booked", "I'll never call", "we won't": what is denied is no action or promise
    let negated = false;
    while (j < toks.length && skipped < 4) {
      const t = toks[j];
      if (NEGATIONS.has(t.t) || NEGATIONS.has(t.l)) negated = true;
      if (t.l === 'go' && toks[j + 1]?.t === 'to') {
        future = true;
        modal = true;
        j += 2;
        skipped++;
        continue;
      }
      if (t.l === 'will' || t.l === 'shall') future = true;
      if (MODALS.has(t.l)) modal = true;
      if (AUX_SKIP.has(t.l) || t.p === 'ADV' || t.p === 'PART' || (t.p === 'AUX' && t.l !== 'be')) {
        j++;
        skipped++;
        continue;
      }
      if (t.p === 'AUX' && t.l === 'be' && toks[j + 1]?.l === 'go') {
        j++;
        skipped++;
        continue;
      }
      break;
    }
    const v = toks[j];
    if (!v || negated) continue;
    // the model tags some verbs after an auxiliary as nouns ("I'll book"); "I'm excellent" is no action
    const verb = v.p === 'VERB' || (modal && (v.p === 'NOUN' || v.p === 'ADJ'));
    if (!verb) continue;
    const head = doesSomething(v, toks[j + 1], modal);
    if (subj.t === 'you') {
      if (head && future) commitments += 0.5;
      continue;
    }
    const perfect = toks[i + 1]?.t === "'ve" || toks[i + 1]?.l === 'have';
    // a list of things done or to be done ("I called, booked and wrote"); "I always ask and listen" is a habit
    const listed = modal || formOf(v) === 'past';
    const joined = listed && v.p === 'VERB' && subj.t !== 'me' ? joinedVerbs(toks, j, modal) : [];
    if (head) {
      actions++;
      if (future) commitments++;
      if ((formOf(v) === 'past' && skipped === 0) || perfect) past++;
    }
    for (const k of joined) {
      actions++;
      if (future) commitments++;
      if (!future && (formOf(toks[k]) === 'past' || perfect)) past++;
    }
  }
  return { actions, past, commitments };
}

const DATED = set(['DATE', 'TIME', 'DURATION']);
const QUANTITY = set(['MONEY', 'PERCENT', 'CARDINAL']);
/** said of almost anything; not a date that pins a commitment or an example down */
const VAGUE_TIMES = set(lexicon.vagueTimes);
const QUESTION_START = set(lexicon.questionStarts);

const WH = set(lexicon.whWords);

export type SentenceFacts = {
  text: string;
  answer: number;
  /** 1 for typed or cloud-transcribed lines; the recogniser's confidence for approximate ones */
  weight: number;
  approximate: boolean;
  toks: Token[];
  words: number;
  actions: number;
  pastActions: number;
  reasons: number;
  contrasts: number;
  numbers: number;
  specifics: number;
  results: number;
  /** a real question asked back (not a tag such as "right?") */
  questionBack: number;
  commitment: number;
  vagueCommitments: number;
  hedges: number;
  vague: number;
  deflections: number;
  dismissals: number;
  apologies: number;
  caving: number;
  signposts: number;
  /** content words shared with the line being answered */
  uptake: number;
  /** weighted substance units in the sentence (0–3) */
  units: number;
  /**
   * how much of the sentence's substance counts (0–1): 1 for an answer said in sentences, less for
   * one that is a list of keywords (see fluencyOf)
   */
  fluency: number;
  /** the sentence says again what an earlier answer said (see repeatsOf): its substance counted there */
  repeated: boolean;
  /**
   * the sentence's answer describes the speaker instead of showing it (see claimsOnly): most of its
   * sentences are claims ("I'm a great communicator", "I always follow up") and none has an
   * example, a figure or a name
   */
  claimed: boolean;
  /** the sentence's answer is about something else than the call (see offTopicAnswer) */
  offTopic: boolean;
  /**
   * how much of the sentence's substance counts: its fluency, less for a claim, nothing for a
   * repeat or an answer about something else
   */
  counts: number;
};

export type QuestionKind =
  | 'example'
  | 'why'
  | 'quantity'
  | 'plan'
  | 'ask-back'
  | 'yes-no'
  | 'statement'
  | 'open'
  | 'none';

export type AnswerFacts = {
  index: number;
  /** the line answered (null for an answer with nothing before it) */
  prompt: string | null;
  kind: QuestionKind;
  words: number;
  weight: number;
  sentences: SentenceFacts[];
  units: number;
  fillers: number;
  /** 0–1: how well the answer addresses the line it answers */
  relevance: number;
  relevanceWhy: string;
  /**
   * it only asks the other side something ("Who would I report to?"): a question asked back, not an
   * answer that fails the line (not counted in relevance while other answers are)
   */
  asks: boolean;
};

const QUESTION_PATTERNS = QUESTION_KIND_DATA.kinds.map((k) => ({ kind: k.kind, re: new RegExp(k.pattern) }));
const YES_NO_START = new RegExp(QUESTION_KIND_DATA.yesNoStart);

function questionKind(prompt: string | null): QuestionKind {
  if (prompt === null) return 'none';
  const p = prompt.toLowerCase();
  const matched = QUESTION_PATTERNS.find((q) => q.re.test(p));
  if (matched) return matched.kind;
  if (!p.includes('?')) return 'statement';
  const last = p.slice(p.lastIndexOf('.', p.lastIndexOf('?') - 1) + 1).trim();
  if (YES_NO_START.test(last)) return 'yes-no';
  return 'open';
}

function answerRelevance(
  a: Omit<AnswerFacts, 'relevance' | 'relevanceWhy' | 'asks'>,
  promptContent: Set<string>,
) {
  const sum = (f: (s: SentenceFacts) => number) => a.sentences.reduce((n, s) => n + f(s), 0);
  const actions = sum((s) => s.actions);
  const past = sum((s) => s.pastActions);
  const reasons = sum((s) => s.reasons + s.contrasts);
  const numbers = sum((s) => s.numbers);
  const questions = sum((s) => s.questionBack);
  const commitments = sum((s) => s.commitment);
  const uptake = sum((s) => s.uptake);
  const units = a.units;
  let fit: number;
  switch (a.kind) {
    case 'example':
      fit = past > 0 ? 1 : actions > 0 ? 0.6 : 0.2;
      break;
    case 'why':
      fit = reasons > 0 ? 1 : units > 0 ? 0.5 : 0.2;
      break;
    case 'quantity':
      fit = numbers > 0 ? 1 : reasons > 0 ? 0.6 : 0.3;
      break;
    case 'plan':
      fit = actions + commitments > 0 ? 1 : units > 0 ? 0.5 : 0.2;
      break;
    case 'ask-back':
      fit = questions > 0 ? 1 : 0.3;
      break;
    case 'yes-no':
    case 'open':
    case 'statement':
      fit = units >= 1 || questions > 0 ? 1 : units > 0 ? 0.6 : uptake > 0 ? 0.5 : 0.3;
      break;
    default:
      fit = units > 0 ? 1 : 0.5;
  }
  // Taking up the words of the line answered (or asking about it) shows the answer is about it.
  const needed = Math.min(3, Math.max(1, promptContent.size));
  const take = promptContent.size === 0 ? 1 : Math.min(1, uptake / needed + (questions > 0 ? 0.3 : 0));
  const substance = Math.min(1, units / 1.5);
  let r = 0.4 * fit + 0.3 * take + 0.3 * substance;
  if (a.words < 6 && a.kind !== 'yes-no' && a.kind !== 'none') r *= 0.6;
  const why =
    fit >= 1
      ? 'gives the kind of answer asked for'
      : a.kind === 'example'
        ? 'gives no example of what was actually done'
        : a.kind === 'quantity'
          ? 'gives no figure'
          : a.kind === 'ask-back'
            ? 'asks nothing back'
            : 'says little that answers it';
  return { relevance: Math.max(0, Math.min(1, r)), relevanceWhy: why };
}

/** what is left of the relevance of an answer to another question (shared/domain/other-questions.json) */
const ANOTHER_QUESTION_RELEVANCE = 0.3;

export type ApproximateLine = { text: string; confidence: number };

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Typed and confidently heard sentences before those heard with less confidence; a stable sort
 * keeps the transcript's order among equals. */
export const clearestFirst = (a: SentenceFacts, b: SentenceFacts) => b.weight - a.weight;

/** The confidence of the approximate line a sentence came from (1 when it came from none). */
function weightOf(sentence: string, approximate: readonly { text: string; confidence: number }[]) {
  if (approximate.length === 0) return { weight: 1, approximate: false };
  const s = norm(sentence);
  if (s === '') return { weight: 1, approximate: false };
  for (const a of approximate) {
    if (a.text.includes(s) || (s.includes(a.text) && a.text.length > 0)) {
      return { weight: Math.max(0.05, Math.min(1, a.confidence)), approximate: true };
    }
  }
  return { weight: 1, approximate: false };
}

/**
 * A pleasantry ("how are you doing today?", "are you having a good day?") asks nothing about the
 * other person's situation: it says a small-talk phrase and no content word but small talk, the
 * names of the call's people and the speaker's own ("my name's Jo").
 */
function isPleasantry(
  toks: readonly Token[],
  content: readonly string[],
  people: ReadonlySet<string>,
  L: Lists,
): boolean {
  if (countIn(toks, L.smallTalk) === 0) return false;
  const own = new Set(
    toks.filter((_, i) => i >= 2 && toks[i - 2].l === 'name' && toks[i - 1].l === 'be').map((t) => t.l),
  );
  return content.every((c) => SMALL_TALK_WORDS.has(c) || people.has(c) || own.has(c));
}

function sentenceFacts(
  s: Sentence,
  answer: number,
  promptContent: Set<string>,
  conversation: Set<string>,
  weight: { weight: number; approximate: boolean },
  L: Lists,
  names: ReadonlySet<string>,
  people: ReadonlySet<string>,
): SentenceFacts {
  const toks = s.toks;
  const { actions, past, commitments } = findActions(toks);
  const reasons = Math.min(2, countIn(toks, L.reasons));
  const contrasts = Math.min(2, countIn(toks, L.contrasts));
  const numTokens = toks.filter((t) => t.p === 'NUM' || /\d/.test(t.t)).length;
  const numbers = Math.min(3, Math.max(numTokens, s.ents.filter((e) => QUANTITY.has(e.type)).length));
  // names, places, products — not the other person's name said in passing ("Thanks, Mark.")
  const properNames = toks.filter(
    (t, i) =>
      i > 0 && i < toks.length - 1 && t.p === 'PROPN' && t.t !== 'i' && t.l.length > 1 && !names.has(t.t),
  ).length;
  const dated = s.ents.some((e) => DATED.has(e.type) && !VAGUE_TIMES.has(e.value));
  const specifics = Math.min(3, properNames + (dated ? 1 : 0));
  const results = toks.filter((t) => RESULT_VERBS.has(t.l) && (t.p === 'VERB' || t.p === 'NOUN')).length;
  const content = contentLemmas(toks, QUESTION_WORDS);
  const uptake = new Set(content.filter((c) => promptContent.has(c))).size;
  const vagueCommitments = countIn(toks, L.vagueCommitments);
  const hedges = countIn(toks, L.hedges);

  let questionBack = 0;
  if (s.question) {
    const first = toks[0]?.t ?? '';
    const isTag = toks.length <= 3 || (toks.length <= 5 && TAGS.has(toks.at(-1)?.t ?? ''));
    const asks = QUESTION_START.has(first) || toks.some((t) => WH.has(t.t) || t.l === 'ask');
    if (!isTag && asks && !isPleasantry(toks, content, people, L)) {
      // the other person's name ties no question to the call
      const onTopic = content.some((c) => conversation.has(c) && !people.has(c));
      questionBack = onTopic ? 1 : 0.5;
    }
  }
  const proposals = countIn(toks, L.proposalOpeners);
  let commitment = Math.min(1.5, commitments + (proposals > 0 ? 1 : 0));
  if (commitment > 0 && dated) commitment *= 1.5;
  if (vagueCommitments > 0) commitment = Math.min(commitment, 0.3);

  // advice given as an instruction ("Say the word for him", "Hold onto the rail")
  const lead = toks[0]?.t === 'just' || toks[0]?.t === 'so' ? toks[1] : toks[0];
  const imperative =
    lead !== undefined &&
    lead.p === 'VERB' &&
    lead.t === lead.l &&
    !NON_ACTION.has(lead.l) &&
    lead.l !== 'let' &&
    !s.question
      ? 0.5
      : 0;
  const words = toks.length;
  const concrete = content.filter((c) => !GENERIC.has(c)).length;
  const raw =
    Math.min(2, actions) +
    imperative +
    Math.min(1, reasons) +
    Math.min(1, contrasts) * 0.75 +
    Math.min(2, numbers) * 0.6 +
    Math.min(2, specifics) * 0.4 +
    Math.min(1, results) * 0.4 +
    questionBack +
    Math.min(1.5, commitment);
  const hedged = hedges > 0 ? 0.6 : 1;
  const concreteness = 0.5 + 0.5 * Math.min(1, concrete / 4);
  const units = Math.min(3, raw) * hedged * concreteness;
  return {
    text: s.text,
    answer,
    weight: weight.weight,
    approximate: weight.approximate,
    toks,
    words,
    actions,
    pastActions: past,
    reasons,
    contrasts,
    numbers,
    specifics,
    results,
    questionBack,
    commitment,
    vagueCommitments,
    hedges,
    vague: countIn(toks, L.vague),
    deflections: deflectionsIn(s.text, toks, L),
    dismissals: countIn(toks, L.dismissive),
    apologies: countIn(toks, L.apologies),
    caving: countIn(toks, L.caving),
    signposts: countIn(toks, L.signposts),
    uptake,
    units,
    fluency: 1,
    repeated: false,
    claimed: false,
    offTopic: false,
    counts: 1,
  };
}

/** Word classes that hold sentences together: a list of keywords has almost none. */
const FUNCTION_TAGS = new Set(['DET', 'ADP', 'AUX', 'PRON', 'CCONJ', 'SCONJ', 'PART']);
/**
 * not counted either way: punctuation, interjections ("yeah", "oh") and adverbs ("totally",
 * "maybe", "just"), which casual speech is full of and a list of keywords can hold as well
 */
const NOT_WORDS = new Set(['PUNCT', 'SYM', 'SPACE', 'INTJ', 'ADV']);

/**
 * How much of an answer's substance counts, from the share of its words that are function words
 * (SCORING.fluency): an answer of keywords strung together ("stakeholders, data-driven, reduced
 * costs 20 percent, because, ownership") shows no sentence that does what its words name. Answers
 * shorter than SCORING.fluencyMinWords are not judged so ("Commuter patterns." answers well).
 */
function fluencyOf(facts: readonly SentenceFacts[]): number {
  const words = facts.flatMap((f) => f.toks).filter((t) => !NOT_WORDS.has(t.p));
  if (words.length < SCORING.fluencyMinWords) return 1;
  const share = words.filter((t) => FUNCTION_TAGS.has(t.p)).length / words.length;
  return ramp(share, SCORING.fluency);
}

/** A sentence this long in content words can be told to be a repeat (a short one may recur). */
const REPEAT_MIN_PAIRS = 3;
/** The share of a sentence's pairs of content words said in earlier answers that makes it a repeat. */
const REPEAT_SHARE = 0.6;

/** Consecutive pairs of a sentence's content lemmas: "led team", "team five", … */
function contentPairs(toks: readonly Token[]): string[] {
  const content = contentLemmas(toks);
  return content.slice(1).map((c, i) => `${content[i]} ${c}`);
}

/**
 * Marks the sentences of an answer that say again what earlier answers said — all of them when
 * most of the answer's pairs of content words were said before, else each sentence of which most
 * were — then adds the answer's pairs to `said`. The same good answer given to every question
 * shows its substance once.
 */
function markRepeats(facts: SentenceFacts[], said: Set<string>) {
  const pairs = facts.map((f) => contentPairs(f.toks));
  const repeat = (own: readonly string[]) =>
    own.length >= REPEAT_MIN_PAIRS && own.filter((p) => said.has(p)).length / own.length >= REPEAT_SHARE;
  const whole = repeat(pairs.flat());
  facts.forEach((f, i) => {
    f.repeated = whole || repeat(pairs[i]);
  });
  for (const own of pairs) for (const p of own) said.add(p);
}

const CLAIM_MODIFIERS = set(lexicon.selfClaimModifiers);
const SELF_STATES = set(lexicon.selfStates);
const HABITS = set(lexicon.habitWords);
/** how much a claimed answer's substance counts */
const CLAIM_COUNTS = 0.3;

/** "I'm (a very) <trait>" or "I always <verb>": the speaker describing themselves */
function isClaim(toks: readonly Token[]): boolean {
  return toks.some((t, i) => {
    if (t.t !== 'i') return false;
    const next = toks[i + 1];
    if (!next) return false;
    if (HABITS.has(next.t)) return toks[i + 2]?.p === 'VERB';
    if (next.l !== 'be' || (next.t !== "'m" && next.t !== 'am')) return false;
    if (SELF_STATES.has(toks[i + 2]?.t ?? '')) return false;
    let j = i + 2;
    while (toks[j] && CLAIM_MODIFIERS.has(toks[j].t)) j++;
    const trait = toks[j];
    return trait !== undefined && (trait.p === 'ADJ' || trait.p === 'NOUN') && !SELF_STATES.has(trait.t);
  });
}

/**
 * Whether an answer describes the speaker instead of showing it: it makes a claim (isClaim), and
 * none of its sentences tells of something done, commits to something to do, or names a figure, a
 * date or a name ("I'm a big believer in feedback, so I'd set up a weekly one-to-one" shows it).
 */
function claimsOnly(facts: readonly SentenceFacts[]): boolean {
  const shown = facts.some((f) => f.pastActions > 0 || f.commitment > 0 || f.numbers > 0 || f.specifics > 0);
  return !shown && facts.some((f) => isClaim(f.toks));
}

/** the most words of a turn that only leaves the call ("Sorry, I have to jump to another call. Thanks, bye!") */
const MAX_FAREWELL_WORDS = 20;

/** the most words of a turn that only asks to hear the question again, or greets */
const MAX_ASIDE_WORDS = 10;

/**
 * A short turn asking to hear the question again, or only for a moment ("Sorry, I'm a bit
 * nervous."), or, after a line that asks nothing (the persona's welcome), one only greeting,
 * thanking or saying it is ready ("No, that's everything, thanks." to "Anything else?" is an
 * answer, and judged as one).
 */
function isAside(facts: readonly SentenceFacts[], words: number, prompt: string | null, L: Lists): boolean {
  // "Sorry, I have to jump to another call. Thanks for your time, bye!": every sentence leaving or
  // saying nothing of substance, not an answer (its "sorry" is no empathy); "Yep. Bye." to a
  // customer's question, with no thanks, apology or reason to go, hangs up on it and is judged
  const leaving = (f: SentenceFacts) => countIn(f.toks, L.farewells) > 0;
  const politely = (f: SentenceFacts) =>
    f.apologies > 0 ||
    countIn(f.toks, L.thanks) > 0 ||
    findIn(f.toks, L.farewells).some((p) => !/^(?:good ?)?bye(?: bye)?$/i.test(p));
  if (
    words <= MAX_FAREWELL_WORDS &&
    facts.some(leaving) &&
    facts.some(politely) &&
    facts.every((f) => leaving(f) || f.units === 0)
  ) {
    return true;
  }
  if (words > MAX_ASIDE_WORDS) return false;
  const says = (list: PhraseList) => facts.some((f) => countIn(f.toks, list) > 0);
  if (says(L.repeatRequests)) return true;
  const substance = facts.reduce((n, f) => n + f.units, 0);
  // "Let me think. I'd pull the funnel data." is an answer
  if (says(L.pauses) && substance === 0) return true;
  const negative = facts.some((f) => f.deflections + f.dismissals + f.apologies + f.caving > 0);
  // "Thanks, I appreciate that." to a question: thanks, and the answer is still to come
  const thanked = facts.reduce(
    (n, f) => n + findIn(f.toks, L.thanks).join(' ').split(' ').filter(Boolean).length,
    0,
  );
  if (thanked > 0 && words - thanked <= 1 && !negative) return true;
  if (prompt?.includes('?')) return false;
  // "Have you got two minutes?" names a figure, and still answers nothing
  return (says(L.timeChecks) || (says(L.greetings) && substance === 0)) && !negative;
}

/** a turn that only asks the other side something is this short at most */
const MAX_ASKING_WORDS = 25;

/**
 * A turn that only asks ("Who would I report to?", "Before I answer, how big is the team?"): a
 * question asked back, and nothing else of substance said.
 */
function asksInstead(facts: readonly SentenceFacts[], words: number): boolean {
  return (
    words <= MAX_ASKING_WORDS &&
    facts.some((f) => f.questionBack > 0) &&
    facts.every((f) => f.questionBack > 0 || f.units === 0)
  );
}

/** the distinct subjects off topic an answer must name to be about something else */
const OFF_TOPIC_MIN_SUBJECTS = 2;

/**
 * Whether an answer is about something else than the call (food, sport, a holiday: TOPICS.offTopic,
 * the list the persona listens with): it names at least two such subjects that the call itself did
 * not raise (the coffee of a coffee-shop case is on topic there), more than the words that tie it
 * to the call (words of the persona's lines, subjects of work).
 */
function offTopicAnswer(facts: readonly SentenceFacts[], raised: ReadonlySet<string>, L: Lists): boolean {
  const off = facts
    .flatMap((f) => findIn(f.toks, L.offTopic))
    .filter((phrase) => !phrase.split(/\s+/).some((w) => raised.has(w)));
  // two subjects at least: one word ("with her tea", "the salary band", "price match") is often the
  // call's own business
  const subjects = new Set(off.map((phrase) => phrase.toLowerCase())).size;
  if (subjects < OFF_TOPIC_MIN_SUBJECTS) return false;
  const tied = new Set(facts.flatMap((f) => contentLemmas(f.toks).filter((c) => raised.has(c)))).size;
  const work = facts.reduce((n, f) => n + countIn(f.toks, L.work), 0);
  return tied + work < subjects;
}

/** The words of each field of work (shared/domain/fields.json) the sentences name: each once, as first said. */
function fieldWords(sentences: readonly { toks: readonly Token[] }[]): Map<string, Set<string>> {
  const found = new Map<string, Map<string, string>>();
  for (const { field, list } of fieldLists ?? []) {
    for (const s of sentences) {
      for (const phrase of findIn(s.toks, list)) {
        const words = found.get(field) ?? new Map<string, string>();
        if (!words.has(phrase.toLowerCase())) words.set(phrase.toLowerCase(), phrase);
        found.set(field, words);
      }
    }
  }
  return new Map([...found].map(([field, words]) => [field, new Set(words.values())]));
}

/**
 * Answers learnt for another call (a nurse's answers said in a sales call): the fields of work the
 * call raised (a word of theirs in the persona's lines, the rubric or the scenario) are the call's
 * own. When the answers name at least FIELDS.minForeign distinct words of other fields and not one
 * of the call's own, each answer that names such words is about something other than the call. A
 * word of the call's own anywhere in the answers (a health-tech product manager's "app" beside her
 * patients and doctors, a career changer's story beside this job's) and no answer is: the words
 * are counted over the whole call. A call that raises no field (a generic interview, feedback on
 * punctuality) is not judged so. Returns, per answer, the other fields' words it names when it is
 * such an answer.
 */
function otherWorkAnswers(
  answerSentences: readonly (readonly SentenceFacts[])[],
  own: ReadonlySet<string>,
): (string[] | null)[] {
  const none = answerSentences.map(() => null);
  if (own.size === 0) return none;
  const perAnswer = answerSentences.map((facts) => {
    const ownWords = new Set<string>();
    const otherWords = new Set<string>();
    for (const [field, words] of fieldWords(facts)) {
      for (const w of words) (own.has(field) ? ownWords : otherWords).add(w);
    }
    return { ownWords, otherWords };
  });
  const all = (pick: 'ownWords' | 'otherWords') => new Set(perAnswer.flatMap((a) => [...a[pick]])).size;
  const other = all('otherWords');
  if (other < FIELDS.minForeign || all('ownWords') > 0) return none;
  return perAnswer.map((a) => (a.otherWords.size > a.ownWords.size ? [...a.otherWords] : null));
}

export type { Dimension, DimensionReading };
export { ramp };

/** Everything the criteria are scored from. */
export type EvaluationContext = {
  analytics: SpeechAnalytics;
  turns: readonly Turn[];
  answers: AnswerFacts[];
  sentences: SentenceFacts[];
  /** candidate words, weighted by confidence */
  words: number;
  dims: Record<Dimension, DimensionReading>;
  /** deflections and dismissals, and the share of every criterion's score they cost */
  /** `example`: the clearest sentence that deflects or dismisses (a typed or confident line first) */
  negatives: { count: number; penalty: number; example: SentenceFacts | null };
  /**
   * answers given as keyword lists (SentenceFacts.fluency below 1): the share of the candidate's
   * words that did not count for want of sentences, the share of every criterion's score it costs,
   * and the clearest sentence of the most list-like answer
   */
  lists: Discount;
  /** answers that say again what an earlier one said (SentenceFacts.repeated), the same way */
  repeats: Discount;
  /** answers that describe the speaker instead of showing it (SentenceFacts.claimed), the same way */
  claims: Discount;
  /** answers about something else than the call (SentenceFacts.offTopic), the same way */
  offTopic: Discount;
  approximateShare: number;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Words of the candidate's that did not count: their share of all the candidate's words, the share
 * of every criterion's score it costs, and the clearest sentence of those counted least.
 */
export type Discount = {
  share: number;
  penalty: number;
  example: SentenceFacts | null;
  /** what made them count nothing, where a list of words says it (the other work's words) */
  names: string[];
};

function discounted(
  sentences: readonly SentenceFacts[],
  uncounted: (s: SentenceFacts) => number,
  penalty: readonly [number, number][],
): Discount {
  const words = sentences.reduce((n, s) => n + s.words, 0);
  const share = sentences.reduce((n, s) => n + uncounted(s) * s.words, 0) / Math.max(1, words);
  const most = Math.max(0, ...sentences.map(uncounted));
  const example =
    most > 0 ? (sentences.filter((s) => uncounted(s) === most).sort(clearestFirst)[0] ?? null) : null;
  return { share, penalty: ramp(share, penalty), example, names: [] };
}

/**
 * What the call itself raised: the persona's words, as said and as lemmas, and the fields of work
 * they name. A word the candidate said first and the persona only said back ("Cooking pasta is a
 * little outside what I asked.", "Antibiotics? I'm not sure how that comes into this.") is an echo,
 * not the call's own subject.
 */
function raisedByPersona(
  turns: readonly Turn[],
  analysed: readonly Sentence[][],
): { raised: Set<string>; fields: Set<string> } {
  const candidateSaid = new Set<string>();
  const raised = new Set<string>();
  const fields = new Set<string>();
  const echo = (k: Token) => candidateSaid.has(k.t) || candidateSaid.has(k.l);
  turns.forEach((t, i) => {
    const toks = analysed[i].flatMap((sentence) => sentence.toks);
    if (t.speaker !== 'agent') {
      for (const k of toks) candidateSaid.add(k.t).add(k.l);
      return;
    }
    for (const c of analysed[i].flatMap((sentence) => contentLemmas(sentence.toks.filter((k) => !echo(k)))))
      raised.add(c);
    for (const k of toks) if (!echo(k)) raised.add(k.t);
    for (const [field, words] of fieldWords(analysed[i])) {
      const said = [...words].some((w) =>
        w
          .toLowerCase()
          .split(/\s+/)
          .some((part) => !candidateSaid.has(part)),
      );
      if (said) fields.add(field);
    }
  });
  return { raised, fields };
}

/** Reads the conversation once; every criterion is scored from this. */
export function buildContext(
  turns: readonly Turn[],
  analytics: SpeechAnalytics,
  approximate: readonly ApproximateLine[] = [],
  /** what the call is about besides the persona's lines: the scenario's role and brief, the rubric */
  subject = '',
): EvaluationContext {
  const L = phraseLists();
  const approx = approximate
    .filter((a) => a.text.trim() !== '' && Number.isFinite(a.confidence))
    .map((a) => ({ text: norm(a.text), confidence: a.confidence }));
  // each turn is analysed once
  const analysed = turns.map((t) => analyse(t.speaker === 'agent' ? t.text : sentencesOfSpeech(t.text)));
  const conversation = new Set<string>();
  turns.forEach((t, i) => {
    if (t.speaker === 'agent')
      for (const s of analysed[i]) for (const c of contentLemmas(s.toks)) conversation.add(c);
  });
  const { raised, fields: personaFields } = raisedByPersona(turns, analysed);

  const names = new Set(turns.flatMap((t) => t.label.toLowerCase().split(/\s+/)).filter((w) => w.length > 1));
  /** the labels' names and the names the persona's lines say ("Mark speaking") */
  const people = new Set([
    ...names,
    ...turns.flatMap((t, i) =>
      t.speaker === 'agent'
        ? analysed[i].flatMap((s) => s.toks.filter((k) => k.p === 'PROPN').map((k) => k.l))
        : [],
    ),
  ]);
  const answers: AnswerFacts[] = [];
  const sentences: SentenceFacts[] = [];
  let prompt: string | null = null;
  let promptContent = new Set<string>();
  /** the pairs of content words the candidate's earlier answers said (markRepeats) */
  const said = new Set<string>();
  turns.forEach((turn, ti) => {
    if (turn.speaker === 'agent') {
      prompt = turn.text;
      promptContent = new Set(analysed[ti].flatMap((s) => contentLemmas(s.toks, QUESTION_WORDS)));
      return;
    }
    const index = answers.length;
    const facts = analysed[ti].map((s) =>
      sentenceFacts(s, index, promptContent, conversation, weightOf(s.text, approx), L, names, people),
    );
    const fluency = fluencyOf(facts);
    const claimed = claimsOnly(facts);
    const offTopic = offTopicAnswer(facts, raised, L);
    markRepeats(facts, said);
    for (const f of facts) {
      f.fluency = fluency;
      f.claimed = claimed;
      f.offTopic = offTopic;
      f.counts = f.repeated || offTopic ? 0 : fluency * (claimed ? CLAIM_COUNTS : 1);
    }
    const repeatedWords = facts.reduce((n, f) => n + (f.repeated ? f.words : 0), 0);
    const words = facts.reduce((n, s) => n + s.words, 0);
    if (words === 0) return;
    // "Sorry, could you repeat the question?", "Thanks, glad to be here.": a turn of the conversation,
    // not an answer: it is not judged, and the line waits for the answer after it
    if (isAside(facts, words, prompt, L)) return;
    const weight = facts.reduce((n, s) => n + s.weight * s.words, 0) / words;
    const base = {
      index,
      prompt,
      kind: questionKind(prompt),
      words,
      weight,
      sentences: facts,
      units: facts.reduce((n, s) => n + s.units * s.counts, 0),
      fillers: fillerCounts(turn.text).reduce((n, f) => n + f.count, 0),
    };
    const { relevance, relevanceWhy } = answerRelevance(base, promptContent);
    const asks = asksInstead(facts, words);
    // "My biggest weakness is…" to "How would you figure out why?": the answer to another question
    const other = prompt === null ? null : answersAnotherQuestion(prompt, turn.text);
    // a list of keywords does not answer a question, whatever its words
    answers.push({
      ...base,
      asks,
      // nor does saying again what was said to another question, or answering another one
      relevance: offTopic
        ? 0
        : relevance * fluency * (1 - repeatedWords / words) * (other ? ANOTHER_QUESTION_RELEVANCE : 1),
      relevanceWhy: offTopic
        ? 'talks about something else'
        : repeatedWords > words / 2
          ? 'repeats an earlier answer'
          : fluency < 1
            ? 'lists words instead of answering in sentences'
            : other
              ? `answers another question ("${other}")`
              : relevanceWhy,
    });
    sentences.push(...facts);
    prompt = null;
    promptContent = new Set();
  });
  // answers learnt for another call: the fields of work the persona's lines and the subject raise
  const raisedFields = [...personaFields, ...fieldWords(analyse(subject)).keys()];
  // a field near one the call raised is its own too (a product interview's talk of sales and finance)
  const ownFields = ownFieldsOf(raisedFields);
  const otherWork = new Set<string>();
  otherWorkAnswers(
    answers.map((a) => a.sentences),
    ownFields,
  ).forEach((otherWords, i) => {
    if (!otherWords) return;
    for (const w of otherWords) otherWork.add(w);
    const a = answers[i];
    for (const f of a.sentences) {
      f.offTopic = true;
      f.counts = 0;
    }
    a.units = 0;
    a.relevance = 0;
    a.relevanceWhy = `talks about other work than this call (${otherWords.slice(0, 3).join(', ')})`;
  });
  const { dims, words } = scoreDimensions(answers, sentences);
  const negCount = sentences.reduce((n, s) => n + (s.deflections + s.dismissals) * s.weight, 0);
  const negRate =
    negCount /
    Math.max(
      1,
      answers.reduce((n, a) => n + a.weight, 0),
    );
  const negExample = sentences.filter((s) => s.deflections + s.dismissals > 0).sort(clearestFirst)[0] ?? null;
  const approxWords = sentences.filter((s) => s.approximate).reduce((n, s) => n + s.words, 0);
  const lists = discounted(sentences, (s) => 1 - s.fluency, SCORING.listsPenalty);
  const repeats = discounted(sentences, (s) => (s.repeated ? 1 : 0), SCORING.repeatsPenalty);
  const claims = discounted(sentences, (s) => (s.claimed ? 1 : 0), SCORING.claimsPenalty);
  const elsewhere = {
    ...discounted(sentences, (s) => (s.offTopic ? 1 : 0), SCORING.offTopicPenalty),
    names: [...otherWork].slice(0, 4),
  };
  return {
    analytics,
    turns,
    answers,
    sentences,
    words,
    dims,
    negatives: {
      count: round1(negCount),
      penalty: ramp(negRate, SCORING.negativesPenalty),
      example: negExample,
    },
    lists,
    repeats,
    claims,
    offTopic: elsewhere,
    approximateShare:
      approxWords /
      Math.max(
        1,
        sentences.reduce((n, s) => n + s.words, 0),
      ),
  };
}
