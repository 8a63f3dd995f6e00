// A question the user asks the persona, and the persona's answer from its own brief (the scenario's
// system prompt): in a sales call the user leads with discovery questions, in a feedback or an
// escalation they ask what happened, in an interview what the role is. The brief's facts are its
// sentences about the persona's situation, said in the first person; instructions, levers and what
// the brief says to keep back are never said. Which words count as what is data: brief.json.

import { ASIDES } from '../../../../shared/domain/asides.js';
import { escapeRegex } from '../../../../shared/escape-regex.js';
import { stableHash } from '../../../../shared/stable-hash.js';
import { ANSWER_DATA, BRIEF } from './data.js';
import {
  capitalise,
  countWords,
  fill,
  isNumberToken,
  isStopword,
  keyStems,
  normalise,
  overlap,
  says,
  saysAny,
  sentencesOf,
  tokenize,
} from './text.js';

export type BriefFact = {
  /** the sentence as the persona says it: in the first person, to the user */
  text: string;
  /** the same, normalised as the persona's lines are kept (to tell whether it was said) */
  normalised: string;
  keys: Set<string>;
  concepts: Set<string>;
  /** whether it says who the persona is ("I'm Marcus, Head of Customer Support.") */
  identity: boolean;
  /** what the clause of who it is says befell it, as a fact of its own ("My heating has been broken…") */
  befell?: true;
};

/** a system prompt's sentences, its lines apart */
export const promptSentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

function conceptsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const [name, words] of Object.entries(BRIEF.concepts)) if (saysAny(text, words).length) out.add(name);
  return out;
}

const USER_NAMES = new RegExp(`\\b(${BRIEF.userNames.map(escapeRegex).join('|')})('s)?\\b`, 'gi');
/** words before which "you" is the subject ("and you answer to…"), not the object ("without mentioning you") */
const SUBJECT_BEFORE =
  /(^|[.;:,!?—–]\s*|\b(?:and|but|so|that|because|when|while|where|which|if|as|or|then)\s+)$/i;

/** a sentence of the brief ("you", the persona; "the user") as the persona says it to the user */
export function inFirstPerson(sentence: string): string {
  const USER = '\u0000';
  const marked = sentence.replace(USER_NAMES, (_m, _name, possessive) => (possessive ? `${USER}r` : USER));
  const turned = marked.replace(
    /\b(you are|you were|you have|yourself|yours|your|you)\b/gi,
    (m: string, _g: string, offset: number, whole: string) => {
      const lower = m.toLowerCase();
      if (lower === 'you are') return "I'm";
      if (lower === 'you were') return 'I was';
      if (lower === 'you have') return 'I have';
      if (lower === 'yourself') return 'myself';
      if (lower === 'yours') return 'mine';
      if (lower === 'your') return 'my';
      return SUBJECT_BEFORE.test(whole.slice(0, offset)) ? 'I' : 'me';
    },
  );
  // "You are worried… and are locked into a contract", "You do payroll… and hate it, but are wary
  // of…": the second verb agrees with "I" as well, unless another subject's "are" came between
  // ("I think the prices are high and are rising")
  const agreed = /^I\b/.test(turned)
    ? turned.replace(
        /\b(and|but|or|yet) (are|were)\b/g,
        (m: string, and: string, verb: string, offset: number, whole: string) =>
          /\b(are|were)\b/.test(whole.slice(0, offset)) ? m : `${and} ${verb === 'are' ? 'am' : 'was'}`,
      )
    : turned;
  return capitalise(agreed.replaceAll(`${USER}r`, 'your').replaceAll(USER, 'you'));
}

/** what the brief says to keep back: the topic words after "do not reveal…", per marker */
function secretsOf(sentences: string[]): Set<string>[] {
  const out: Set<string>[] = [];
  for (const s of sentences) {
    for (const marker of saysAny(s, BRIEF.secretMarkers)) {
      const after = s.slice(s.toLowerCase().indexOf(marker) + marker.length).split(/[;:]/)[0];
      const keys = keyStems(after);
      if (keys.size) out.push(keys);
    }
  }
  return out;
}

/** a sentence that tells the persona what to do or keep back: none of its clauses is a fact */
function instructs(sentence: string, secrets: Set<string>[]): boolean {
  const first = tokenize(sentence)[0]?.lower ?? '';
  if (BRIEF.instructionStarts.includes(first)) return true;
  if ([BRIEF.levers, BRIEF.conduct, BRIEF.secretMarkers].some((words) => saysAny(sentence, words).length)) {
    return true;
  }
  const keys = keyStems(sentence);
  return secrets.some((secret) => overlap(secret, keys) > 0);
}

function isFact(sentence: string, secrets: Set<string>[]): boolean {
  if (sentence.includes('{') || countWords(sentence) < 4 || countWords(sentence) > 60) return false;
  if (instructs(sentence, secrets)) return false;
  if (saysAny(ownGroup(sentence), BRIEF.unresolved).length) return false;
  return !BRIEF.userSubjects.some((u) => normalise(sentence).startsWith(normalise(u)));
}

/** What a persona can say of itself: the facts of its brief, and the topics it keeps back. */
export type Brief = { facts: BriefFact[]; secrets: Set<string>[] };

/**
 * The part of a system prompt that tells the persona's situation: everything before its first
 * heading ("Temperament: angry", "How to play it:"). A custom scenario's prompt goes on with how to
 * behave and, under its own headings, the user's words about the situation and about themselves,
 * which are not the persona's to say as its own.
 */
function situationPart(systemPrompt: string): string {
  const lines = systemPrompt.split('\n');
  const heading = lines.findIndex((l) => /:\s*$/.test(l.trim()) || /^temperament:/i.test(l.trim()));
  return (heading < 0 ? lines : lines.slice(0, heading)).filter((l) => !/^\s*[-*•]/.test(l)).join('\n');
}

/**
 * a fact that says who the persona is: "I'm Marcus, Head of…", "I'm Greg Holloway, Head of…", a name
 * alone ("I'm Councillor Okafor."), and
 * a generated persona's "I'm an engineering manager at a payments startup." (not "I'm a bit worried…")
 */
const IDENTITY =
  /^I'm (?:\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*)*(?:,|\.$)|(?:a|an|the) (?!(?:bit|little|lot|big|huge|real)\b)[\p{L}-]+(?: [\p{L}-]+){0,3} (?:at|of|for|on|in|with)\b)/u;

/**
 * "You had a phishing incident last year that cost them two days of downtime": a persona's own
 * sentence whose "them" or "their" has no plural before it to stand for is about the persona's
 * organisation ("cost us"). Other sentences are left as written.
 */
function ownGroup(sentence: string): string {
  if (!/^\s*you\b/i.test(sentence)) return sentence;
  return sentence.replace(/\b(them|their)\b/gi, (pronoun: string, _w: string, offset: number) => {
    const before = tokenize(sentence.slice(0, offset)).slice(1);
    if (before.some((t) => /[^s']s$/.test(t.lower) && !isStopword(t.lower))) return pronoun;
    return pronoun.toLowerCase() === 'them' ? 'us' : 'our';
  });
}

/** facts in other words, as the persona tells them (brief.json retold) */
const RETOLD = BRIEF.retold.map((r) => ({ re: new RegExp(r.pattern, 'i'), with: r.with }));

/** where a sentence of the brief joins clauses of their own: ", and", ", but", "; " */
const CLAUSE_JOINS = /[,;]\s+(?:and|but|so|while|whereas|although)\s+|;\s+/i;
/** the fewest words of a clause told as a fact of its own */
const MIN_CLAUSE_WORDS = 5;

/**
 * The clauses of a sentence that is not a fact as a whole that are facts of their own, each with its
 * own subject (not a pronoun leaning on the clause before): "You think they are doing good work, but
 * you are not yet sure they operate at the next level, and promotions go through a calibration
 * committee with a limited budget this cycle." holds "Promotions go through a calibration committee…".
 */
function factClauses(sentence: string, secrets: Set<string>[]): string[] {
  const clauses = sentence.split(CLAUSE_JOINS).map((c) => c.trim());
  if (clauses.length < 2 || instructs(sentence, secrets)) return [];
  return clauses
    .filter((c) => {
      const first = tokenize(c)[0]?.lower ?? '';
      return (
        countWords(c) >= MIN_CLAUSE_WORDS &&
        !BRIEF.unresolved.includes(first) &&
        !BRIEF.clauseLeans.includes(first) &&
        isFact(c, secrets)
      );
    })
    .map((c) => capitalise(/[.!?]$/.test(c) ? c : `${c}.`));
}

/** a word or two that only tones the trait after it ("very sceptical", "a bit defensive") */
const TONED =
  '(?:(?:very|quite|rather|extremely|really|pretty|fairly|so|too|a\\s+bit|a\\s+little|generally|usually|always|often)\\s+)?';
const TRAIT = `${TONED}(?:${BRIEF.traits.map(escapeRegex).join('|')})\\b`;
/** "I'm polite but tough and know the market well.": the whole fact is how it was described */
const ONLY_TRAITS = new RegExp(`^I'm\\s+${TRAIT}`, 'i');
/** "…, talented but defensive when criticised.", "…, busy and price-sensitive, currently uses…": up to the next comma */
const TRAIT_CLAUSE = new RegExp(
  `(?:\\s*,\\s*|\\s+(?:and|but)\\s+)(?:(?:and|but)\\s+)?(?:I'm\\s+|I\\s+am\\s+)?${TRAIT}[^,;.!?]*`,
  'gi',
);

/** "… rigorous and expect concrete examples": what the persona does or wants, after its traits (brief.json traitVerbs) */
const DOING_AFTER = new RegExp(
  `\\s(?:and|but)\\s+(?:I\\s+)?((?:${BRIEF.traitVerbs.map(escapeRegex).join('|')})\\b[^.!?]*)`,
  'i',
);

/**
 * A fact without what describes the persona's disposition (brief.json traits), as written of it by
 * whoever described it: "I'm a senior analyst on your team, talented but defensive when criticised."
 * is told "I'm a senior analyst on your team."; null when that is all it says. What it does or wants,
 * said after the traits, stays: "I'm friendly but rigorous and expect concrete examples." is told
 * "I expect concrete examples."
 */
export function withoutTraits(fact: string): string | null {
  if (ONLY_TRAITS.test(fact)) {
    const doing = DOING_AFTER.exec(fact);
    return doing ? `I ${doing[1].trim()}.` : null;
  }
  const cut = fact
    .replace(TRAIT_CLAUSE, (clause) => {
      const doing = DOING_AFTER.exec(clause);
      return doing ? ` and ${doing[1].trim()}` : '';
    })
    .trim();
  if (cut === fact) return fact;
  const told = cut.replace(/[,;:\s]*([.!?]?)$/, (_m, end: string) => end || '.');
  return countWords(told) >= 3 ? told : null;
}

/** A persona's brief: its facts in its order, as the persona says them, and what it keeps back. */
export function briefOf(systemPrompt: string): Brief {
  // what to keep back may be said anywhere, a rule under a heading included
  const secrets = secretsOf(promptSentences(systemPrompt));
  const sentences = promptSentences(situationPart(systemPrompt));
  const facts = sentences
    .flatMap((s) => (isFact(s, secrets) ? [s] : factClauses(s, secrets)))
    .flatMap((s) => {
      const told = withoutTraits(
        capitalise(RETOLD.reduce((t, r) => t.replace(r.re, r.with), inFirstPerson(ownGroup(s)))),
      );
      if (told === null) return [];
      const fact = (text: string, of: string, identity: boolean): BriefFact => ({
        text,
        normalised: normalise(text),
        keys: keyStems(text),
        concepts: conceptsOf(of),
        identity,
      });
      const identity = IDENTITY.test(told);
      const clause = identity ? relativeClause(told) : null;
      return clause
        ? [fact(told, s, true), { ...fact(clause, clause, false), befell: true as const }]
        : [fact(told, s, identity)];
    });
  return { facts, secrets };
}

/** "I'm Mrs Patel, a tenant whose heating…": who the persona is, then what befell it */
const WHO_CLAUSE = /^I'm [^,]+, (?:a|an|the) [^,]*?\b(whose|who) ([\p{L}'’-]+)(.*?)[.!]?$/u;
/** the verb after "who" as "I" says it */
const FIRST_PERSON_VERBS: Record<string, string> = { has: 'have', is: 'am', does: 'do', was: 'was' };

/**
 * What the relative clause of who the persona is tells, as a fact of its own in the first person:
 * "I'm Mrs Patel, a tenant whose heating has been broken for two weeks." also tells "My heating has
 * been broken for two weeks.", said when asked when it stopped working (who it is, when asked who
 * it is); "…an engineer who has missed three deadlines" tells "I have missed three deadlines.".
 * Null for any other fact.
 */
function relativeClause(fact: string): string | null {
  const m = WHO_CLAUSE.exec(fact);
  if (!m) return null;
  const [, how, word, rest] = m;
  const lower = word.toLowerCase();
  const verb =
    FIRST_PERSON_VERBS[lower] ??
    (/(?:ch|sh|x|ss|z)es$/.test(lower)
      ? lower.slice(0, -2)
      : /[^su]s$/.test(lower)
        ? lower.slice(0, -1)
        : lower);
  const text = how === 'whose' ? `My ${lower}${rest}.` : `I ${verb}${rest}.`;
  return countWords(text) >= 4 ? text : null;
}

export const briefFacts = (systemPrompt: string) => briefOf(systemPrompt).facts;

/**
 * Whether a question is the persona's to answer: it names the persona ("you", "tell me") or, typed
 * with its question mark, at least not the speaker ("what was the bonus target?", but not "what did
 * I learn?"); a check-in ("does that make sense?") or a proposal ("could we book next Tuesday?") is not.
 */
/**
 * "before i show anything can i ask how you handle picking errors today": spoken, the speaker asking
 * leave to ask, then what, after whatever leads to it
 */
const SPOKEN_ASK_LEAD = new RegExp(
  `\\b(?:${BRIEF.askLeads.map(escapeRegex).join('|')})\\s+(?:how|what|why|who|when|where|which|whether|if)\\b`,
  'i',
);

/** "Before I go on, how big is the team?": a clause leading the question, up to its comma */
const LEADING_CLAUSE = new RegExp(`^(?:${BRIEF.subordinators.map(escapeRegex).join('|')})\\b[^,]*,\\s*`, 'i');
/** "Can I ask, who does this role report to?": the speaker asking leaves the question the persona's */
const ASK_LEAD = new RegExp(`^\\s*(?:${BRIEF.askLeads.map(escapeRegex).join('|')})\\b[,:]?\\s*`, 'i');
/**
 * "Do you know when the contractor is coming?" asks the question after it, not "you know?" of a
 * check-in; "Would you mind sharing how many agents you have?" asks, where "would you mind…" proposes
 */
const INDIRECT_LEAD = new RegExp(`^\\s*(?:${BRIEF.indirectLeads.map(escapeRegex).join('|')})\\b`, 'i');
const SUBORDINATE = new RegExp(`\\s(?:${BRIEF.subordinators.map(escapeRegex).join('|')})\\s`, 'i');

/** "what's great is…", "what matters was…": a statement that opens with "what", not a question */
const SAYS_WHAT_IS = /^what(?:'s| is| was)?\s+(?:\S+\s+){1,2}(?:is|was)\b/;

/**
 * a question without what leads it in: "Can I ask, …", "Before I show anything, …", and spoken
 * "before i show anything can i ask how…" (from its question word)
 */
function withoutLead(sentence: string): string {
  const spoken = SPOKEN_ASK_LEAD.exec(sentence);
  const from = spoken ? sentence.slice(spoken.index + spoken[0].lastIndexOf(' ') + 1) : sentence;
  return from.replace(ASK_LEAD, '').replace(LEADING_CLAUSE, '').replace(ASK_LEAD, '');
}

function isAddressed(sentence: string, typed: boolean): boolean {
  // the speaker in a clause of its own asks nothing of itself ("Is something going on outside work
  // that I should know about?", "Before I go on, how big is the team?")
  // ("Before I show anything, can I ask how you handle picking errors?": both, in either order)
  const main = withoutLead(sentence).split(SUBORDINATE)[0];
  // spoken, with no clauses to tell apart, the whole of it ("what's been getting in the way" asks;
  // "what i did was pull the data" does not, nor does "what's great is the team shipped it")
  const addressed =
    saysAny(sentence, BRIEF.addressed).length > 0 ||
    asksForADetail([sentence]) ||
    (!saysAny(typed ? main : sentence, BRIEF.speaker).length &&
      (typed || !SAYS_WHAT_IS.test(normalise(sentence))));
  const asked = sentence.replace(INDIRECT_LEAD, '');
  return (
    addressed &&
    !saysAny(asked, BRIEF.checkIns).length &&
    (!saysAny(asked, BRIEF.proposals).length || asksAboutAThing(sentence))
  );
}

/** the words after "what about" that still ask about a thing ("what about equity?", "…the relocation package?") */
const MAX_THING_WORDS = 3;
/**
 * "What about equity?": a thing named, no figure and no time, asks about it; "What about 160?",
 * "How about next Tuesday?" propose.
 */
function asksAboutAThing(sentence: string): boolean {
  const thing = /\b(?:what|how) about (.+?)\?*$/i.exec(sentence.trim())?.[1];
  return (
    thing !== undefined &&
    countWords(thing) <= MAX_THING_WORDS &&
    !/\d/.test(thing) &&
    !saysAny(thing, BRIEF.proposalTimes).length
  );
}
/** a condition before a spoken question is this short at most ("if it doesn't happen this cycle") */
const MAX_CONDITION_WORDS = 10;
const SPOKEN_CONDITION = /^(?:if|unless|when|once|assuming|say)\b/i;

/**
 * "if it doesn't happen this cycle what would you want from me": a condition, then the question
 * (by its words' order, SPOKEN_QUESTION_TAIL), as a recogniser gives it with no comma between.
 */
function conditionThenQuestion(text: string): boolean {
  if (!SPOKEN_CONDITION.test(text.trim())) return false;
  const found = SPOKEN_QUESTION_TAIL.exec(text);
  if (!found) return false;
  const wh = WH_WORD.exec(found[1]);
  const condition = wh ? found[1].slice(0, wh.index) : found[1];
  return countWords(condition) <= MAX_CONDITION_WORDS;
}

/** "Can I have the email on the account?" opens a question as "Could you…" does */
const QUESTION_OPENERS = [...BRIEF.openers, ...BRIEF.detailAsks];

/** "before that is remote work possible…": up to two lead-ins, then an opener */
function opensAQuestion(sentence: string): boolean {
  let text = normalise(sentence);
  for (let n = 0; n < 2; n++) {
    const lead = BRIEF.leadIns.find((l) => text.startsWith(`${l} `));
    if (!lead) break;
    text = text.slice(lead.length + 1);
  }
  return QUESTION_OPENERS.some((o) => text.startsWith(`${o} `));
}
/** words besides the questions that still leave a turn a question ("That makes sense. When…?") */
const MAX_OTHER_WORDS = 12;
/** shorter, a question echoes the persona's word ("Failed? Nothing really failed") rather than asks */
const MIN_QUESTION_WORDS = 3;
/** subjects off the call that make a question chatter (one alone may be the call's: "the top of the band") */
const OFF_CALL_SUBJECTS = 2;
/** a recogniser's unpunctuated turn is taken for a question only this short */
const MAX_SPOKEN_QUESTION_WORDS = 30;

/**
 * The questions a user turn asks the persona, when asking is what the turn does: its question
 * sentences address the persona and the rest is short. Null for an answer (one that ends "does that
 * make sense?" included), for a question that is not the persona's to answer, and for one the
 * persona meets as it meets an answer: hostile ("are you kidding me?") or about something off the
 * call ("did you see the match last night?").
 */
export function questionsToPersona(turn: string, names: ReadonlySet<string> = new Set()): string[] | null {
  const asked = askedIn(turn.trim())?.filter((q) => !isPleasantry(q, names) && !isTimeCheck(q));
  if (!asked?.length) return null;
  // read on every user turn of every reply: the word lists only once the turn's shape is a question's
  const text = turn.trim();
  const offCall = saysAny(text, ANSWER_DATA.offTopic).length >= OFF_CALL_SUBJECTS;
  return offCall || ANSWER_DATA.hostile.some((h) => says(text, h.match)) ? null : asked;
}

const PLEASANTRY_WORDS = new Set(ASIDES.pleasantryWords);
/**
 * Small talk ("Hi Rachel, how are you doing today?", asides.json): a pleasantry and no word but
 * small talk's and names. The persona answers it in kind, not from its brief.
 */
export function isPleasantry(sentence: string, names: ReadonlySet<string> = new Set()): boolean {
  if (!saysAny(sentence, ASIDES.pleasantries).length) return false;
  return tokenize(sentence).every(
    (t) => isStopword(t.lower) || PLEASANTRY_WORDS.has(t.lower) || names.has(t.lower) || t.lower.length < 2,
  );
}

/** "Have you got two minutes?", "Is now a good time?" (asides.json timeChecks): met in kind, as a pleasantry is */
export const isTimeCheck = (sentence: string) => saysAny(sentence, ASIDES.timeChecks).length > 0;

/**
 * A recogniser's turn (no punctuation) that ends on a question: the question's words run from a
 * question word and an inverted verb and "you" ("how does your team handle packing today", "do you
 * use a carrier portal"), or "you" a few words after them ("what did it cost you"), which a
 * statement does not say in that order.
 */
const SPOKEN_QUESTION_TAIL =
  /^(.*\S)\s+((?:(?:how|what|where|when|why|who|which)\s+)?(?:(?:do|does|did|is|are|would|will|can|could)\s+(?:you|your)|have\s+you)\b.*|(?:how|what|where|when|why|who|which)\s+(?:do|does|did|is|was|are|were|would|will|can|could|has|have)\s+(?:\S+\s+){1,4}?(?:you|your)\b.*)$/i;
const WH_WORD = /\s+(how|what|where|when|why|who|which)$/i;
const STATEMENT_GOES_ON = /\b(?:and|but|so|because)\s+(?:i|we|they|he|she)\b/i;
/** the most words of a recogniser's turn taken for the question it ends on */
const MAX_SPOKEN_TAIL_WORDS = 15;

/**
 * The questions a turn ends on, after more than a question's worth of other words: what a user who
 * leads hands the persona when a pitch or a point closes on a question to it ("…our customers see 20
 * percent fewer late trucks. How do you plan routes today?"). Null when the turn is mainly asking
 * (questionsToPersona reads it), ends on anything else, or asks as questionsToPersona would not
 * (a check-in, a proposal, small talk, hostile or off the call). As a recogniser gives it, with no
 * punctuation, the question is read from its word order (SPOKEN_QUESTION_TAIL).
 */
export function questionsAtTheEnd(turn: string, names: ReadonlySet<string> = new Set()): string[] | null {
  const text = turn.trim();
  if (questionsToPersona(text, names)) return null;
  const asked = text.endsWith('?') ? typedQuestionsAtTheEnd(text) : spokenQuestionAtTheEnd(text);
  const toPersona = asked.filter((q) => !isPleasantry(q, names) && !isTimeCheck(q));
  if (!toPersona.length) return null;
  const offCall = saysAny(text, ANSWER_DATA.offTopic).length >= OFF_CALL_SUBJECTS;
  return offCall || ANSWER_DATA.hostile.some((h) => says(text, h.match)) ? null : toPersona;
}

/**
 * The questions to the persona a turn ends on and the point said before them, whatever their
 * lengths ("I led the billing migration. How big is the team?", spoken "…with zero downtime what
 * does the team look like"); null when the turn does not end on one, or asks as questionsToPersona
 * would not (small talk, a check-in, hostile or off the call). Whether the point answers anything is
 * the caller's to judge.
 */
export function pointAndQuestions(
  turn: string,
  names: ReadonlySet<string> = new Set(),
): { point: string; questions: string[] } | null {
  const text = turn.trim();
  const asked = (text.endsWith('?') ? typedQuestionsAtTheEnd(text) : spokenQuestionAtTheEnd(text)).filter(
    (q) => !isPleasantry(q, names) && !isTimeCheck(q),
  );
  if (!asked.length) return null;
  const point = text.slice(0, text.lastIndexOf(asked[0])).trim();
  const offCall = saysAny(text, ANSWER_DATA.offTopic).length >= OFF_CALL_SUBJECTS;
  if (!point || offCall || ANSWER_DATA.hostile.some((h) => says(text, h.match))) return null;
  return { point, questions: asked };
}

function typedQuestionsAtTheEnd(text: string): string[] {
  const sentences = sentencesOf(text);
  const lastStatement = sentences.findLastIndex((s) => !s.trim().endsWith('?'));
  return lastStatement < 0 ? [] : addressedQuestions(sentences.slice(lastStatement + 1));
}

function spokenQuestionAtTheEnd(text: string): string[] {
  if (/[.!?,;]/.test(text)) return [];
  const found = SPOKEN_QUESTION_TAIL.exec(text);
  if (!found) return [];
  const wh = WH_WORD.exec(found[1]);
  const tail = wh ? `${wh[1]} ${found[2]}` : found[2];
  const words = countWords(tail);
  // "…what was blocking you and they said nothing": a clause of a statement goes on after it
  if (STATEMENT_GOES_ON.test(tail)) return [];
  return words >= MIN_QUESTION_WORDS && words <= MAX_SPOKEN_TAIL_WORDS && isAddressed(tail, false)
    ? [tail]
    : [];
}

/** The sentences of `sentences` that are questions addressed to the persona, not asked of oneself and answered. */
function addressedQuestions(sentences: string[]): string[] {
  return sentences.filter(
    (s, i) =>
      s.trim().endsWith('?') &&
      countWords(s) >= MIN_QUESTION_WORDS &&
      isAddressed(s, true) &&
      // "What would I do differently? I'd involve the team earlier.": asked of oneself, and answered
      !(
        saysAny(s.replace(ASK_LEAD, ''), BRIEF.speaker).length &&
        sentences.slice(i + 1).some((r) => !r.trim().endsWith('?'))
      ),
  );
}

/** The question sentences of a turn that is mainly asking, addressed to the persona (questionsToPersona). */
function askedIn(text: string): string[] | null {
  if (!text) return null;
  if (!text.includes('?')) {
    // as a recogniser gives it: no punctuation, so only a turn that opens as a question; typed with
    // a full stop, only a request to hear something ("Talk me through your week."), not a statement
    // that opens with a question word ("When the interest on it is higher than the cost to fix: …, it
    // goes first.")
    const spoken = !/[.!,;:]/.test(text.slice(0, -1));
    const statement = /[.!]$/.test(text) && /^(?:how|what|where|when|why|who|which)\b/i.test(text);
    return spoken &&
      !statement &&
      (opensAQuestion(text) || conditionThenQuestion(text) || SPOKEN_ASK_LEAD.test(text)) &&
      countWords(text) <= MAX_SPOKEN_QUESTION_WORDS &&
      isAddressed(text, false)
      ? [text]
      : null;
  }
  const sentences = sentencesOf(text);
  const questions = addressedQuestions(sentences);
  const others = sentences.filter((s) => !questions.includes(s));
  return questions.length && countWords(others.join(' ')) <= MAX_OTHER_WORDS ? questions : null;
}

/** the least a fact must share with a question: a topic word or a kind of thing asked about */
const MIN_SCORE = 2;
/** words of its own, in no fact and no kind of thing, that make a question ask about something else */
const MIN_OWN_WORDS = 2;
/** the words that name a kind of thing asked about (BRIEF.concepts), as key stems */
const CONCEPT_KEYS = new Set(
  Object.values(BRIEF.concepts).flatMap((words) => [...keyStems(words.join(' '))]),
);

/**
 * The fact of the brief that answers the questions best (each shared topic word and each shared
 * kind of thing asked about, problems, money, people…, counts 2), one not said yet before one said
 * again at the same score (`again`). The words of facts already said do not count: a question that
 * takes them up ("what does a mis-shipped order cost you?") asks something new about them.
 * 'kept back' for a question about what the brief keeps back ("the top of the band"), which the
 * persona declines; null when no fact answers (the persona then meets the turn as an answer).
 */
export function factFor(
  { facts, secrets }: Brief,
  questions: string[],
  said: string[],
  names: ReadonlySet<string> = new Set(),
  identity: ReadonlySet<string> = new Set(),
  told: string[] = [],
): { fact: BriefFact; again: boolean } | 'kept back' | null {
  // the question's own words, not those of a clause before it ("Before I show anything, what does
  // your packing process look like today?" asks nothing about showing)
  const asked = questions.map(withoutLead).join(' ');
  // the persona's own name ("Tom, how did the report go?") addresses it: it asks for no fact
  const nameKeys = keyStems([...names].join(' '));
  const askedKeys = new Set([...keyStems(asked)].filter((k) => !nameKeys.has(k)));
  if (secrets.some((secret) => overlap(secret, askedKeys) > 0)) return 'kept back';
  const wasSaid = facts.map((fact) => said.some((line) => line.includes(fact.normalised)));
  const old = new Set(facts.filter((_, i) => wasSaid[i]).flatMap((f) => [...f.keys]));
  const keys = new Set([...askedKeys].filter((k) => !old.has(k)));
  const concepts = conceptsOf(asked);
  // the words of the question that name each kind of thing it asks about, as key stems
  const namedBy = new Map(
    [...concepts].map((c) => [c, saysAny(asked, BRIEF.concepts[c]).map((w) => keyStems(w))] as const),
  );
  // who the persona is counts a kind of thing beside the words it shares only when another word
  // names it: "in your warehouses" shares "warehouses" with "…a regional logistics company with four
  // warehouses" once, not twice ("What's the biggest headache in your warehouses?" asks about a
  // problem); a fact of what it knows counts both ("What does a late order cost you?": its budget)
  const kinds = (fact: BriefFact) => {
    if (!fact.identity) return overlap(fact.concepts, concepts);
    const shared = new Set([...fact.keys].filter((k) => keys.has(k)));
    return [...fact.concepts].filter((c) =>
      // (a concept word no key holds, "handle", is another word)
      namedBy.get(c)?.some((stems) => stems.size === 0 || [...stems].some((k) => !shared.has(k))),
    ).length;
  };
  // a word of the persona's own title ("support" to a Head of Customer Support) is in most of
  // what it is asked: alone it asks nothing about who the persona is ("How do you handle support
  // tickets?"); two of them, or one beside another shared word, do ("Are you the head of support?")
  const topicWords = (fact: BriefFact) => {
    const shared = [...fact.keys].filter((k) => keys.has(k));
    const own = shared.filter((k) => identity.has(k)).length;
    return own === 1 && shared.length === 1 ? 0 : shared.length;
  };
  const aboutIdentity = saysAny(asked, BRIEF.identityQuestions).length > 0;
  const aboutWorkplace = aboutIdentity && saysAny(asked, BRIEF.workplaceQuestions).length > 0;
  // "Is there flexibility on the start date?": a kind of thing alone (a date, as the budget's "this
  // year" is one) does not answer a question whose own words no fact still to say holds ("What is
  // the biggest challenge for the data pipeline?" once the pipeline was named asks something new)
  const ownWords = [...askedKeys].filter(
    (k) => !CONCEPT_KEYS.has(k) && !facts.some((f, i) => !wasSaid[i] && f.keys.has(k)),
  );
  const kindsAlone = ownWords.length < MIN_OWN_WORDS;
  // the kinds of thing each word of the question names ("cost": money; "looking for": problems, wants)
  const kindsByWord = new Map<string, string[]>();
  for (const c of concepts)
    for (const w of saysAny(asked, BRIEF.concepts[c])) kindsByWord.set(w, [...(kindsByWord.get(w) ?? []), c]);
  const tellsEachKind = (fact: BriefFact) =>
    [...kindsByWord.values()].every((kinds) => kinds.some((c) => fact.concepts.has(c)));
  const toldKeys = keyStems(told.join(' '));
  // "How many people are on your team?" is not answered by a fact with no number in it
  const asksAmount = saysAny(asked, BRIEF.amountAsks).length > 0;
  const scored = facts
    .map((fact, i) => {
      if (toldByUser(fact, toldKeys)) return null;
      if (asksAmount && !tokenize(fact.text).some(isNumberToken)) return null;
      const words = topicWords(fact);
      if (words === 0 && !kindsAlone && !(fact.identity && aboutIdentity)) return null;
      // who it is answers a kind of thing alone only when who it is is asked: "How big is the team
      // I'd be working with?" is not answered with its company
      if (words === 0 && fact.identity && !aboutIdentity) return null;
      // a fact said already answers by kinds of thing alone only when it tells a kind each word of
      // them names: "What did the checkout being down cost you?" asks about money, which "An outage
      // took our checkout down" does not tell ("looking for" names problems or wants: either will do)
      if (words === 0 && wasSaid[i] && !tellsEachKind(fact)) return null;
      // "What does your role involve?" is answered by who the persona is
      const who = fact.identity && aboutIdentity ? 2 : 0;
      const named = kinds(fact);
      return { fact, words, named, score: 2 * words + 2 * named + who, again: wasSaid[i] };
    })
    .filter((f) => f !== null && f.score >= MIN_SCORE)
    .map((f) => f as NonNullable<typeof f>);
  if (!scored.length) return askedAgain(facts, wasSaid, askedKeys, tellsEachKind);
  const top = Math.max(...scored.map((f) => f.score));
  // at the same score, who the persona is loses to a fact of more kinds of thing asked about, unless
  // who it is is asked (Rachel's problems, not her four warehouses); then a word the question says
  // beats a kind of thing it asks about
  const tied = scored.filter((f) => f.score === top);
  const mostKinds = Math.max(...tied.map((f) => f.named));
  const candidates = aboutIdentity ? tied : tied.filter((f) => !f.fact.identity || f.named === mostKinds);
  const mostWords = Math.max(...candidates.map((f) => f.words));
  const most = candidates.filter((f) => f.words === mostWords);
  // "Where do you work?": who it is, where it works ("…at a payments startup"), before its name alone
  const atWork = aboutWorkplace ? most.filter((f) => !f.fact.identity || WORKPLACE.test(f.fact.text)) : [];
  const best = atWork.length ? atWork : most;
  // what befell it, told apart from who it is, before who it is when that is not asked ("When did it
  // stop working?" is answered "My heating has been broken…", not "I'm Mrs Patel, a tenant whose…")
  const chosen =
    (aboutIdentity ? undefined : best.find((f) => !f.again && f.fact.befell)) ??
    best.find((f) => !f.again) ??
    best[0];
  return { fact: chosen.fact, again: chosen.again };
}

/** of a fact's topic words, the share the user may leave out and still have told it */
const TOLD_MISSING_SHARE = 0.25;
const MIN_TOLD_WORDS = 3;

/**
 * Whether the user's own statements told a fact of what befell the persona, all its topic words
 * but a few: "Four of your pull requests were rejected this month for missing tests." told "My pull
 * requests have been rejected four times this month because of missing tests.", which the persona
 * does not then tell back as the answer to "What got in the way?". Who it is is never told so.
 */
export function toldByUser(fact: BriefFact, toldKeys: Set<string>): boolean {
  if (fact.identity || toldKeys.size === 0) return false;
  const shared = overlap(fact.keys, toldKeys);
  return (
    shared >= MIN_TOLD_WORDS && fact.keys.size - shared <= Math.floor(fact.keys.size * TOLD_MISSING_SHARE)
  );
}

/** who the persona is, with where: "I'm an engineering manager at a payments startup." */
const WORKPLACE = /\b(?:at|for|of|with)\s+\S/i;

/**
 * A question no fact answers for what is new in it, that asks again what a fact said already told:
 * "How long was the checkout down?" after "An outage took our checkout down for three hours." That
 * fact holds two of its words or more and a kind each of its kind words names (tellsEachKind), and
 * at most one word of the question is in neither ("long"). "What does a mis-shipped order cost you?" after the
 * mis-shipped orders asks about money, which that fact does not tell: not asked again.
 */
function askedAgain(
  facts: BriefFact[],
  wasSaid: boolean[],
  askedKeys: Set<string>,
  tellsEachKind: (fact: BriefFact) => boolean,
): { fact: BriefFact; again: true } | null {
  const held = facts
    .map((fact, i) => ({
      fact,
      shared: wasSaid[i] ? [...fact.keys].filter((k) => askedKeys.has(k)).length : 0,
    }))
    .filter(({ fact, shared }) => shared >= MIN_SCORE && tellsEachKind(fact))
    .filter(
      ({ fact }) =>
        [...askedKeys].filter((k) => !fact.keys.has(k) && !CONCEPT_KEYS.has(k)).length < MIN_OWN_WORDS,
    );
  if (!held.length) return null;
  const most = Math.max(...held.map((h) => h.shared));
  return { fact: held.find((h) => h.shared === most)!.fact, again: true };
}

/** "Can I have the email on the account?" (brief.json detailAsks): a detail of the persona's own */
export const asksForADetail = (questions: string[]) =>
  saysAny(questions.join(' '), BRIEF.detailAsks).length > 0;

/** titles before a name, not part of an address made from it */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof']);

/** the names of the details a persona makes up when asked, longest first ("order number" before "number") */
const DETAIL_NAMES = BRIEF.details
  .flatMap((d) => d.names.map((name) => ({ name, say: d.say })))
  .sort((a, b) => b.name.length - a.name.length);

/**
 * The detail of its own a persona is asked for ("Can I have the email on the account?",
 * brief.json detailAsks), made up for the call as its `details` say ("It's mark@example.com."), the
 * same each time; null when the questions ask for none, or for one it does not make up (its
 * address).
 */
export function detailAsked(questions: string[], personaName: string): string | null {
  const asked = normalise(questions.join(' '));
  // what is asked for is the words right after the request ("the email on the account"), not a
  // detail of somebody else's ("Can I get the name of your CFO?")
  const request = BRIEF.detailAsks.find((d) => asked.includes(`${d} `));
  if (!request) return null;
  const object = asked.slice(asked.indexOf(`${request} `) + request.length + 1);
  const found = DETAIL_NAMES.find((d) =>
    new RegExp(`^(?:\\S+ )?${escapeRegex(d.name)}(?! of\\b)\\b`).test(object),
  );
  if (!found) return null;
  const name = personaName.trim() || 'Alex';
  const digits = String(stableHash(`${name} ${found.say}`) % 1_000_000).padStart(6, '0');
  // "Mrs Okafor": the address of the name, not of the title
  const first = name
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z]/g, ''))
    .find((w) => w && !TITLES.has(w));
  return fill(found.say, {
    first: first ?? 'alex',
    name,
    number: digits.replace(/(\d\d)(?=\d)/g, '$1 '),
    two: digits.slice(0, 2),
  });
}

/**
 * Whether questions no fact answers are still about the persona's situation: they share a topic word
 * with a fact of its brief, said or not ("packing orders" to a prospect whose orders are mis-shipped).
 */
export function aboutTheBrief(
  { facts }: Brief,
  questions: string[],
  names: ReadonlySet<string> = new Set(),
): boolean {
  const nameKeys = keyStems([...names].join(' '));
  const asked = [...keyStems(questions.join(' '))].filter((k) => !nameKeys.has(k) && !CONCEPT_KEYS.has(k));
  return facts.some((f) => asked.some((k) => f.keys.has(k)));
}
