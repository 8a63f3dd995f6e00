// Reading an answer: what kind of answer it is (the follow-up it calls for), whether it is only a
// "yes, ready", whether it already answers a question, and the short phrase of it worth naming back.
// The word lists are in answers.json and language.json.

import { ASIDES } from '../../../../shared/domain/asides.js';
import { FIELDS } from '../../../../shared/domain/fields.js';
import { escapeRegex } from '../../../../shared/escape-regex.js';
import { ANSWER_DATA, type HostileMarker, LANGUAGE } from './data.js';
import {
  countWords,
  flipPronouns,
  isNumberToken,
  isStopword,
  keyStems,
  normalise,
  overlap,
  says,
  saysAny,
  sentencesOf,
  stem,
  type Token,
  tokenize,
} from './text.js';

export type AnswerKind =
  | 'hostile'
  | 'oneWord'
  | 'repeat'
  | 'offTopic'
  | 'otherWork'
  | 'vague'
  | 'weOnly'
  | 'noResult'
  | 'concrete';

export type AnswerReading = {
  /** the first that applies of: hostile, one word, a repeat, off-topic, vague, "we" only, no result; else concrete */
  kind: AnswerKind;
  words: number;
  hostile: HostileMarker | null;
  oneWord: boolean;
  /** it says again what an earlier answer of this call said */
  repeat: boolean;
  offTopic: boolean;
  /**
   * the words of other fields of work than the call's it names, when it names two or more of them
   * and none of the call's own (otherWorkIn); else empty
   */
  otherWork: string[];
  vague: boolean;
  weOnly: boolean;
  noResult: boolean;
  specific: boolean;
  /** it tells what was done (answers.json actions, or a word ending in -ed) */
  narrates: boolean;
};

/** what an answer is read against: the question on the table and the scenario around it */
export type ListeningContext = {
  /** the question on the table (and the follow-up just asked, if any) */
  question: string;
  /** key stems of the whole scenario: its prompt, welcome, role, company and questions */
  scenario: Set<string>;
  /** the persona's own name, in lower case words (never quoted, never a "named thing") */
  names: Set<string>;
  /** whether the question asks about something the user did (default: read from the question) */
  experience?: boolean;
  /** the user's earlier answers in this call (an answer that says one again is a repeat) */
  earlier?: readonly string[];
  /** the fields of work the scenario raises, with those near them (fieldsOf); none: not judged */
  fields?: ReadonlySet<string>;
  /** the user leads the call (DialoguePersona.userLeads): saying what it is about raises it */
  userLeads?: boolean;
  /**
   * the recogniser was unsure of the words (Turn.unclear): nothing is read that rests on the exact
   * words (hostile, a repeat, off-topic, other work), so a guess is not taken for what was said
   */
  unclear?: boolean;
};

const SELF_FORMS = new Set(['i', "i'm", "i've", "i'd", "i'll"]);
/** the speaker, alone or with others: what a turn says of them is said to the question */
const SPEAKER = new Set([...SELF_FORMS, 'we', "we're", "we've", "we'd", "we'll"]);
const YEAR = /^(19|20)\d\d$/;
/** an answer with this many topic words says something specific even without a number or a name */
const SPECIFIC_KEY_WORDS = 5;
/** an answer shorter than this, with nothing specific in it, is vague */
const SHORT_ANSWER_WORDS = 12;
/** an answer of at least this many words, with fewer than this share of them function words, is a list of terms */
const LIST_MIN_WORDS = 8;
const LIST_MAX_FUNCTION_SHARE = 0.12;

/**
 * an answer of at least this many runs of three words, this share of them said in one earlier
 * answer, repeats it: said again nearly word for word, not a position restated with new words
 */
const REPEAT_MIN_RUNS = 5;
const REPEAT_SHARE = 0.6;

const runsOf = (text: string) => {
  const words = tokenize(text).map((t) => t.lower);
  return words.slice(2).map((w, i) => `${words[i]} ${words[i + 1]} ${w}`);
};

/** whether an answer says again, nearly word for word, what one of the earlier answers said */
function repeatsEarlier(answer: string, earlier: readonly string[]): boolean {
  const runs = runsOf(answer);
  if (runs.length < REPEAT_MIN_RUNS) return false;
  return earlier.some((e) => {
    const before = new Set(runsOf(e));
    return runs.filter((r) => before.has(r)).length / runs.length >= REPEAT_SHARE;
  });
}

function namedThing(t: Token, names: Set<string>): boolean {
  return (
    /^\p{Lu}/u.test(t.raw) &&
    !t.sentenceStart &&
    !SELF_FORMS.has(t.lower) &&
    !names.has(t.lower) &&
    !isStopword(t.lower)
  );
}

/** whether a question asks about something the user did (so an answer owes a result) */
export function asksAboutExperience(question: string): boolean {
  return saysAny(question, ANSWER_DATA.experience).length > 0;
}

const COURTESY = ANSWER_DATA.courtesies;
const GREETING_WORDS = new Set(COURTESY.greetings);
const INTENSIFIERS = new Set(COURTESY.intensifiers);
/** "Great, thanks Rachel.": a word of assent before the courtesy says nothing more */
const INTERJECTIONS = new Set(COURTESY.interjections);

/** a courtesy's leading phrases, longest first (leadOf takes the first that fits) */
const longestFirst = (leads: readonly string[]) => [...leads].sort((a, b) => b.length - a.length);
const INTRODUCTIONS = longestFirst(COURTESY.introductions);
const APOLOGIES = longestFirst(COURTESY.apologies);
const THANKS = longestFirst(COURTESY.thanks);
const PURPOSES = longestFirst(COURTESY.purposes);

/** phrases as one regex alternation, each escaped */
const alternation = (list: readonly string[]) => list.map(escapeRegex).join('|');

/** an apology (with its intensifiers: "i'm really sorry"), thanks or purpose, as a pattern */
const COURTESY_START = (() => {
  const sorry = `(?:i'm|i am|we're|we are)\\s+(?:(?:${alternation(COURTESY.intensifiers)})\\s+)*sorry`;
  return `(?:${sorry}|${alternation([...APOLOGIES, ...THANKS, ...PURPOSES])})(?![\\p{L}'])`;
})();
/** as a recogniser gives it, who the speaker is begins a sentence too ("…thanks for your time i'm sam from pickright") */
const SPOKEN_COURTESY_START = new RegExp(
  `(?<=\\s)(?:${COURTESY_START}|(?:${alternation(INTRODUCTIONS)})(?![\\p{L}']))`,
  'gu',
);
/** "Hi Rachel, this is Sam from PickRight, thanks for taking the call.": a comma before a courtesy */
const TYPED_COURTESY_START = new RegExp(`,\\s*(?=${COURTESY_START})`, 'giu');

/** a recogniser's sentence cut before each apology, thanks or purpose in it, one whole ("i'm really sorry") */
function spokenCourtesies(sentence: string): string[] {
  const starts = [...new Set([...sentence.matchAll(SPOKEN_COURTESY_START)].map((m) => m.index))];
  return [0, ...starts].map((from, i) => sentence.slice(from, starts[i] ?? sentence.length).trim());
}

/** how many words of `leads`' phrase a sentence's words begin with (-1: none) */
function leadOf(words: string[], leads: readonly string[]): number {
  const text = words.join(' ');
  const lead = leads.find((l) => text === l || text.startsWith(`${l} `));
  if (lead === undefined) return -1;
  // "thanks, I appreciate you being open about it": one courtesy after another leads as well
  const length = lead.split(' ').length;
  const more = leadOf(words.slice(length), leads);
  return more > 0 ? length + more : length;
}

/**
 * "Hi Tom, I'm Sam, the account manager. I'm really sorry about Saturday.": greetings, who the
 * speaker is, an apology or thanks, and nothing said to the question (answers.json courtesies).
 * `purposes`: what the call is about ("I'm calling about Saturday.") is one too, to a persona that
 * leads; to one the user leads (a report hearing feedback) it raises what the persona reacts to.
 */
export function courtesiesOnly(answer: string, names: Set<string>, purposes = true): boolean {
  const sentences = sentencesOf(answer)
    // as a recogniser gives it, with no full stops: an apology or thanks begins a sentence of its own
    // ("hi tom this is sam your account manager | i'm really sorry about saturday")
    .flatMap((s) =>
      s === s.toLowerCase() && !/[.!?]/.test(s) ? spokenCourtesies(s) : s.split(TYPED_COURTESY_START),
    )
    .filter((s) => s.trim());
  // "hi rachel thanks for your time i'm sam from pickright": the turn's greeting leads its introduction
  const greeted = GREETING_WORDS.has(tokenize(answer)[0]?.lower ?? '');
  return (
    sentences.length > 0 &&
    sentences.every((sentence) => {
      const all = tokenize(sentence);
      const tokens = all.filter(
        (t) =>
          !GREETING_WORDS.has(t.lower) &&
          !names.has(t.lower) &&
          !INTENSIFIERS.has(t.lower) &&
          !INTERJECTIONS.has(t.lower),
      );
      const words = tokens.map((t) => t.lower);
      if (!words.length) return true;
      const rest = (lead: number) => lead >= 0 && words.length - lead <= COURTESY.maxRestWords;
      const intro = leadOf(words, INTRODUCTIONS);
      // "I'm Sam", "This is Sam from RouteWise": a name follows (not "I'm sure we…"); a recogniser
      // gives no capitals, so there a greeting before it says it ("hi rachel i'm jo from stackwise")
      // and what follows the name says where the speaker is from ("i'm excited about it" names no one)
      const spokenGreeting =
        sentence === sentence.toLowerCase() &&
        (GREETING_WORDS.has(all[0]?.lower) || greeted) &&
        (words[intro + 1] === undefined || COURTESY.afterName.includes(words[intro + 1]));
      const name = /^\p{Lu}/u.test(tokens[intro]?.raw ?? '') || spokenGreeting;
      const named = intro >= 0 && name && rest(intro + 1);
      // "I'm calling about Saturday.": what the call is about, and nothing said of it
      return (
        named ||
        rest(leadOf(words, APOLOGIES)) ||
        rest(leadOf(words, THANKS)) ||
        (purposes && rest(leadOf(words, PURPOSES)))
      );
    })
  );
}

/**
 * "Thanks, I appreciate that.", "Thanks Jordan, I appreciate you being open about it.": courtesies
 * only (courtesiesOnly), thanking and not apologising, and nothing said of the speaker ("Thanks, I'm
 * excited too." answers). It says nothing to what the persona asked: the persona asks it again,
 * where an apology with nothing else is asked for what happened.
 */
export function thanksOnly(answer: string, names: Set<string>): boolean {
  if (!courtesiesOnly(answer, names) || saysAny(answer, COURTESY.apologies).length) return false;
  if (!saysAny(answer, COURTESY.thanks).length) return false;
  // "Thanks, I'm excited too.": what the speaker says of themselves, besides the thanks, answers
  return !tokenize(textBesides(answer, COURTESY.thanks)).some((t) => SPEAKER.has(t.lower));
}

/** The fields of work (shared/domain/fields.json) a text names, with the words it names of each. */
export function fieldsSaid(text: string): Map<string, string[]> {
  const said = new Map<string, string[]>();
  for (const [field, words] of Object.entries(FIELDS.fields)) {
    const found = saysAny(text, words);
    if (found.length) said.set(field, found);
  }
  return said;
}

/** answers the persona asks how they come into its call name at least this many words of other work */
const OTHER_WORK_MIN_WORDS = 2;

/**
 * An answer about another kind of work than the call's (a developer's deployment told to a ward
 * sister): it names two or more words of fields the call does not raise, and none of its own. The
 * evaluator counts such answers over the whole call (decision 024); the persona hears one at a time
 * and asks how it comes into its call, which also suits a career changer's story.
 */
export function otherWorkIn(answer: string, own: ReadonlySet<string> | undefined): string[] {
  if (!own || own.size === 0) return [];
  const other: string[] = [];
  for (const [field, words] of fieldsSaid(answer)) {
    if (own.has(field)) return [];
    other.push(...words);
  }
  if (other.length < OTHER_WORK_MIN_WORDS) return [];
  // the most telling first: the longest ("drug round" before "ward"), then the first said; named
  // without the word that places it in the list ("the patient": "patient")
  const at = (w: string) => answer.toLowerCase().indexOf(w.toLowerCase());
  return other
    .map((w) => w.replace(/^(?:the|a|an|my|our|her|his|other|every|each) /i, ''))
    .sort((a, b) => b.length - a.length || at(a) - at(b));
}

export function readAnswer(answer: string, ctx: ListeningContext): AnswerReading {
  const tokens = tokenize(answer);
  const words = countWords(answer);
  const exact = !ctx.unclear;
  const hostile = exact ? (ANSWER_DATA.hostile.find((h) => says(answer, h.match)) ?? null) : null;
  // a word or two, or greetings and an apology with nothing said to the question
  const oneWord = words <= 2 || courtesiesOnly(answer, ctx.names, !ctx.userLeads);
  const answerStems = keyStems(answer);
  const repeat = exact && repeatsEarlier(answer, ctx.earlier ?? []);
  const offMarkers = saysAny(answer, ANSWER_DATA.offTopic);
  const workMarkers = saysAny(answer, ANSWER_DATA.work);
  const hasNumber = tokens.some((t) => isNumberToken(t) && !YEAR.test(t.raw));
  // a measured change ("cut returns by 40 percent") is work, whoever it is told of
  const measured = hasNumber && tokens.some((t) => Object.hasOwn(LANGUAGE.resultVerbs, t.lower));
  const onTopic =
    overlap(answerStems, new Set([...keyStems(ctx.question), ...ctx.scenario])) +
    workMarkers.length +
    (measured ? 1 : 0);
  // off-topic: its subject is one a practice call has no place for, and outweighs any link to the call
  const offTopic = exact && words >= 3 && offMarkers.length > 0 && onTopic <= Math.max(1, offMarkers.length);
  // one that takes up the question's words answers it, whatever work it tells of ("We launched a
  // tool for GPs…" to "Tell me about a product you launched")
  const otherWork =
    !exact || offTopic || overlap(answerStems, keyStems(ctx.question)) > 0
      ? []
      : otherWorkIn(answer, ctx.fields);
  const hedges = saysAny(answer, ANSWER_DATA.hedges);
  const named = tokens.some((t) => namedThing(t, ctx.names));
  const specific = hasNumber || named || answerStems.size >= SPECIFIC_KEY_WORDS;
  const narrates =
    saysAny(answer, ANSWER_DATA.actions).length > 0 || tokens.some((t) => /^\p{L}{3,}ed$/u.test(t.lower));
  // "I'm a great communicator and I always follow up": a description of oneself, nothing shown
  const claimsOnly = saysAny(answer, ANSWER_DATA.selfClaims).length > 0 && !hasNumber && !named && !narrates;
  // "stakeholders, metrics, data-driven roadmap, ownership…": terms strung together, no sentence
  // ("Coastline Freight cut returns by 40 percent." is terse, and says what changed)
  const listed =
    !measured &&
    tokens.length >= LIST_MIN_WORDS &&
    tokens.filter((t) => isStopword(t.lower)).length / tokens.length < LIST_MAX_FUNCTION_SHARE;
  const experience = ctx.experience ?? asksAboutExperience(ctx.question);
  // "I'd start by listening. In my first 30 days I'd meet every lead…" to "What did you do?": what
  // the user would do, nothing of what they did
  const hypothetical =
    experience &&
    !narrates &&
    saysAny(answer, ANSWER_DATA.hypothetical).length > 0 &&
    !saysAny(ctx.question, ANSWER_DATA.hypotheticalAsks).length;
  const vague =
    (!specific && (hedges.length > 0 || words < SHORT_ANSWER_WORDS)) ||
    (hedges.length >= 2 && !hasNumber) ||
    claimsOnly ||
    listed ||
    hypothetical;
  const hasSelf = saysAny(answer, ANSWER_DATA.self).length > 0;
  const hasWe = saysAny(answer, ANSWER_DATA.we).length > 0;
  // "we've added a check" to a customer is the company speaking; only a question about what the
  // user did asks for their own part
  const weOnly = hasWe && !hasSelf && narrates && experience;
  const noResult = narrates && !hasNumber && saysAny(answer, ANSWER_DATA.results).length === 0 && experience;
  const kind: AnswerKind = hostile
    ? 'hostile'
    : oneWord
      ? 'oneWord'
      : repeat
        ? 'repeat'
        : offTopic
          ? 'offTopic'
          : otherWork.length > 0
            ? 'otherWork'
            : vague
              ? 'vague'
              : weOnly
                ? 'weOnly'
                : noResult
                  ? 'noResult'
                  : 'concrete';
  return {
    kind,
    words,
    hostile,
    oneWord,
    repeat,
    offTopic,
    otherWork,
    vague,
    weOnly,
    noResult,
    specific,
    narrates,
  };
}

/** a turn that asks whether the persona has time is an opening this long at most (a greeting, a name) */
const MAX_TIME_CHECK_WORDS = 16;

/**
 * The words of a turn besides the phrases of `phrases` it says, stopwords, the persona's names and
 * single letters: what is left of "Sorry, I'm a bit nervous." once "a bit nervous" is taken out is
 * nothing, of "Let me think. I'd pull the funnel data." the funnel data.
 */
export function wordsBesides(text: string, phrases: readonly string[], names: Set<string>) {
  return tokenize(textBesides(text, phrases)).filter(
    (t) => !isStopword(t.lower) && !names.has(t.lower) && t.lower.length > 1,
  );
}

/** the text with the phrases of `phrases` it says taken out, the longest first ("good question" before "good") */
function textBesides(text: string, phrases: readonly string[]): string {
  let rest = text;
  for (const p of saysAny(text, phrases).sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(`(?<![\\p{L}'’])${p.replace(/'/g, "['’]")}(?![\\p{L}'’])`, 'giu'), ' ');
  }
  return rest;
}

/** a reply that only says yes, I'm ready, or hello: nothing in it to answer */
export function isReadiness(answer: string, names: Set<string>): boolean {
  // "Hi Priya, this is Sam from RouteWise. Have you got two minutes?": a cold call's opening
  if (saysAny(answer, ASIDES.timeChecks).length && countWords(answer) <= MAX_TIME_CHECK_WORDS) return true;
  if (countWords(answer) > 14) return false;
  const left = wordsBesides(answer, ANSWER_DATA.ready, names);
  // "yes, I'm ready to talk about the launch" is still only a yes
  const enough = left.length <= 1 || (left.length <= 3 && says(answer, 'ready'));
  return enough && !ANSWER_DATA.hostile.some((h) => says(answer, h.match));
}

/**
 * Whether an answer speaks to a question at all (a first answer, before any question): two topic
 * words in common, or one that is not just a word of the persona's own title ("product" to a Head
 * of Product).
 */
export function touches(question: string, answer: string, identity: Set<string> = new Set()): boolean {
  const answerKeys = keyStems(answer);
  const shared = [...keyStems(question)].filter((s) => answerKeys.has(s));
  return shared.length >= 2 || shared.some((s) => !identity.has(s)) || givesFigureAsked(question, answer);
}

/** whether an answer already answers a question: most of the question's topic words in it, or the figure it asks for */
export function answers(question: string, answer: string): boolean {
  const keys = keyStems(question);
  const shared = overlap(keys, keyStems(answer));
  // "I feel ready because I've been doing the job for a year" to "Why do you feel you are ready for
  // the next level now?": the question's own words, and why
  const reasonGiven = says(question, 'why') && saysAny(answer, ANSWER_DATA.causeSays).length > 0;
  return (
    (shared >= 2 && shared / keys.size >= 0.75) ||
    (reasonGiven && shared >= Math.max(1, keys.size / 2)) ||
    givesFigureAsked(question, answer) ||
    namesOtherAsked(question, answer) ||
    givesWhatIsAsked(question, answer)
  );
}

/**
 * A question asking for an example or for what the user wants done (answers.json answeredBy) is
 * answered by an earlier turn that gave one: "You've been late four times this month" is the example
 * "Can you give me an example of what you mean?" asks for; "Could we agree that you'll be on time
 * from Monday?" says what "What would you want me to do differently?" asks.
 */
function givesWhatIsAsked(question: string, answer: string): boolean {
  return ANSWER_DATA.answeredBy.some(
    (rule) =>
      saysAny(question, rule.asks).length > 0 &&
      (saysAny(answer, rule.says).length > 0 ||
        (rule.detail && tokenize(answer).some((t) => isNumberToken(t) || CALENDAR.has(t.lower)))),
  );
}

const OTHERS = { asks: new Set(ANSWER_DATA.others.asks), says: new Set(ANSWER_DATA.others.says) };

/**
 * A question after other things of a kind ("Do you have any other offers you are considering?") is
 * answered by an answer that already named one: the thing with "competing", "another"… before it
 * ("a competing offer I hold") or "from" after it ("an offer from a fintech"). One shared word of
 * the question's two ("offers", "considering") is not most of them.
 */
export function namesOtherAsked(question: string, answer: string): boolean {
  const asked = tokenize(question);
  const things = new Set<string>();
  asked.forEach((t, i) => {
    if (!OTHERS.asks.has(t.lower)) return;
    const thing = asked.slice(i + 1, i + 3).find((n) => !isStopword(n.lower) && !n.breakBefore);
    if (thing) things.add(stem(thing.lower));
  });
  if (things.size === 0) return false;
  const said = tokenize(answer);
  return said.some(
    (t, i) =>
      things.has(stem(t.lower)) &&
      (said.slice(Math.max(0, i - 2), i).some((m) => OTHERS.says.has(m.lower)) ||
        said[i + 1]?.lower === 'from'),
  );
}

const FIGURES = ANSWER_DATA.figures;
const AMOUNT_WORDS = new Set([
  'hundred',
  'hundreds',
  'thousand',
  'thousands',
  'million',
  'millions',
  'billion',
]);
const AMOUNT_TAILS = new Set(LANGUAGE.numberTails);
/** the smallest bare number read as an amount ("170 base"); below it a count ("two surveys") */
const SMALLEST_AMOUNT = 100;

/** whether a text names an amount: "165,000", "170 base", "15k", "10 %", "twenty percent", "a hundred thousand" */
export function namesAmount(text: string): boolean {
  const tokens = tokenize(text);
  return tokens.some((t, i) => {
    if (AMOUNT_WORDS.has(t.lower)) return true;
    if (!isNumberToken(t)) return false;
    const next = tokens[i + 1];
    if (next && !next.breakBefore && AMOUNT_TAILS.has(next.lower)) return true;
    // "95 an hour", "900 a month": a rate is an amount, however small
    const unit = tokens[i + 2];
    if (next && (next.lower === 'a' || next.lower === 'an') && unit && RATE_UNITS.has(unit.lower))
      return true;
    return /^\d/.test(t.raw) && Number(t.raw.replace(/,/g, '')) >= SMALLEST_AMOUNT;
  });
}

/**
 * A question that asks for a figure ("What number did you have in mind…?") is answered by an
 * answer that names an amount, one that also asks how it was reached ("…and how did you arrive at
 * it?") by an amount with a reason ("165,000, based on two market surveys"): the figure's words
 * are rarely the question's ("number", "mind", "arrive").
 */
/**
 * the words that only frame a topic named before a question for a figure ("Let's talk about …"), or
 * name what any figure of the call speaks to ("your job offer": answers.json figures.subjects)
 */
const TOPIC_FRAME = ["let's talk about discuss look at", ...FIGURES.subjects].join(' ');

export function givesFigureAsked(question: string, answer: string): boolean {
  if (saysAny(question, FIGURES.asks).length === 0 || !namesAmount(answer)) return false;
  // "Let's talk about remote work terms. What exactly are you asking for?": a figure for something
  // else ("a signing bonus of 5,000") does not answer what the sentence before it names
  const named = sentencesOf(question).filter((s) => saysAny(s, FIGURES.asks).length === 0);
  const frame = keyStems(TOPIC_FRAME);
  const topic = new Set([...keyStems(named.join(' '))].filter((k) => !frame.has(k)));
  if (topic.size > 0 && overlap(topic, keyStems(answer)) === 0) return false;
  return saysAny(question, FIGURES.asksHow).length === 0 || saysAny(answer, FIGURES.reasons).length > 0;
}

/** "I guess", "I think": an "I" that says nothing of what the user did */
const THINKING_ALOUD = new RegExp(
  `(?<![\\p{L}'’])(?:${ANSWER_DATA.thinkingAloud.map((h) => escapeRegex(h).replace(/'/g, "['’]")).join('|')})(?![\\p{L}'’])`,
  'giu',
);
/** where a clause of a question ends: a comma, "and" before another question word, a sentence's end */
const CLAUSE_BREAK = /,\s*(?:and\s+)?|[.?!]\s*|\s+and\s+(?=(?:what|how|why|who|when|where|which)\b)/gi;

/**
 * The part of a question its answers have left out (answers.json questionParts), as the question
 * words it ("What was your part in it and what did you learn?" answered "A project that failed was
 * our app relaunch. It was late and buggy." → "what was your part in it"; once the user says what
 * they did, "what did you learn"), or null when every part it asks is answered or it asks none.
 */
export function partLeftOut(question: string, answers: string[]): string | null {
  const said = answers.join(' ').replace(THINKING_ALOUD, ' ');
  const lower = question.toLowerCase();
  // the first part the question asks that no answer says
  const left = ANSWER_DATA.questionParts
    .flatMap((part) => {
      const ask = saysAny(question, part.asks)[0];
      return ask && saysAny(said, part.says).length === 0 ? [{ ask, at: lower.indexOf(ask) }] : [];
    })
    .sort((a, b) => a.at - b.at)[0];
  if (!left) return null;
  const { ask, at } = left;
  const breaks = [...question.matchAll(CLAUSE_BREAK)].map((m) => [
    m.index ?? 0,
    (m.index ?? 0) + m[0].length,
  ]);
  // the clause it is in: from the last break before it to the first after it
  const from = Math.max(0, ...breaks.filter(([, end]) => end <= at).map(([, end]) => end));
  const to = Math.min(
    question.length,
    ...breaks.filter(([start]) => start >= at + ask.length).map(([start]) => start),
  );
  // a part of a question that asks something else too ("Describe a project that failed."), not
  // all of it ("Some would say that was a team effort. What was your part?")
  const others = `${question.slice(0, from)} ${question.slice(to)}`
    .split(CLAUSE_BREAK)
    .filter((c) => ASK_OPENER.test(c.trim().replace(/^(?:so|and|but|then|now|okay|ok|right)\b[,\s]*/i, '')));
  if (!others.length) return null;
  return question
    .slice(from, to)
    .trim()
    .replace(/^(?!I\b)\p{Lu}/u, (c) => c.toLowerCase());
}

const CLOSED_ASK = new RegExp(`^(?:${alternation(ANSWER_DATA.closedAsks)})\\b`, 'i');
const YES_NO_FILLERS = new RegExp(`^(?:(?:${alternation(ANSWER_DATA.yesNoFillers)})[,\\s]+)+`, 'i');
const YES_NO = new RegExp(`^(?:${alternation(ANSWER_DATA.yesNo).replace(/'/g, "['’]")})(?![\\p{L}'’])`, 'iu');

/**
 * Whether a closed question ("Do you have any other offers you are considering?", "If we could
 * move on the signing bonus, would that work?") is answered yes or no ("No, I don't have other
 * offers.", "No."): answered, whatever else is said or not.
 */
export function answersYesOrNo(question: string, answer: string): boolean {
  const last = sentencesOf(question.trim()).at(-1) ?? '';
  // "Can you walk me through what happened?" asks to hear it, yes or no
  const closed = [last, last.split(',').at(-1) ?? ''].some(
    (c) => CLOSED_ASK.test(c.trim()) && !ASK_OPENER.test(c.trim().replace(/^\S+\s+you\s+/i, '')),
  );
  return closed && YES_NO.test(answer.trim().replace(YES_NO_FILLERS, ''));
}

/** a clause that asks something: it opens with a question word or a request to tell ("Describe…") */
const ASK_OPENER = new RegExp(`^(?:${ANSWER_DATA.askOpeners.map(escapeRegex).join('|')})\\b`, 'i');

/**
 * The part of a question asking for a figure and how it was reached that is left once the figure
 * was given ("What number did you have in mind, and how did you arrive at it?" → "How did you
 * arrive at it?"); null for a question of another shape.
 */
export function howPartOf(question: string): string | null {
  if (saysAny(question, FIGURES.asks).length === 0) return null;
  const how = saysAny(question, FIGURES.asksHow)[0];
  if (!how) return null;
  const at = question.toLowerCase().indexOf(how);
  const comma = question.lastIndexOf(',', at);
  if (comma < 0) return null;
  const rest = question
    .slice(comma + 1)
    .trim()
    .replace(/^(?:and|but|so)\s+/i, '');
  return rest ? rest[0].toUpperCase() + rest.slice(1) : null;
}

/**
 * Whether an answer gives the figure a question asks for but not how it was reached (howPartOf): an
 * amount with a number of the user's own, not one the persona's side says openly (`scenario`: "the
 * 10 percent bonus" of the offer).
 */
export function givesFigureOnly(question: string, answer: string, scenario: string): boolean {
  const own = (answer.match(/\d[\d,.]*/g) ?? []).some((n) => !scenario.includes(n.replace(/[.,]$/, '')));
  return (
    saysAny(question, FIGURES.asks).length > 0 &&
    own &&
    namesAmount(answer) &&
    !givesFigureAsked(question, answer)
  );
}

// ---- the phrase worth naming back ----

export type Phrase = { text: string; kind: 'result' | 'number' | 'thing' | 'word' };

const DETERMINERS = new Set(LANGUAGE.determiners);
const PREPOSITIONS = new Set(LANGUAGE.prepositions);
const VERBS = new Set(LANGUAGE.verbs);
const FILLER = new Set(LANGUAGE.filler);
const NAMED_FILLERS = new Set(LANGUAGE.namedFillers);
const GENERIC = new Set(LANGUAGE.generic);
const CALENDAR = new Set(LANGUAGE.calendar);
const NUMBER_TAILS = new Set(LANGUAGE.numberTails);
const RATE_UNITS = new Set(LANGUAGE.rateUnits);
const MEASURE_PREPOSITIONS = new Set(LANGUAGE.measurePrepositions);
const RESULT_VERBS = LANGUAGE.resultVerbs;
const CHANGE_VERBS = new Set(LANGUAGE.changeVerbs);
const SPAN_UNITS = new Set(LANGUAGE.spanUnits);
/** a tens word, which "one" after it joins ("twenty one") */
const TENS = new Set(LANGUAGE.tens);
const MODIFIERS = new Set(LANGUAGE.modifiers);
/** a span of time's score unless asked for: after any noun phrase of the answer, before a bare word run */
const SPAN_SCORE = 18;
const MAX_QUOTE_WORDS = 8;
/** the longest phrase quoted: a measured change with what changed */
const MAX_RESULT_WORDS = 11;

/** whether a token can be part of a noun phrase ("first": right after its determiner) */
function nounish(t: Token, first: boolean): boolean {
  if (isStopword(t.lower) || VERBS.has(t.lower) || DETERMINERS.has(t.lower)) return false;
  if (/ly$/.test(t.lower) && t.lower.length > 4) return false;
  if (isNumberToken(t)) return false;
  if (!first && /ed$/.test(t.lower) && t.lower.length > 4) return false;
  return /\p{L}/u.test(t.raw) && t.lower.length > 1;
}

const joined = (tokens: Token[], k: number) => k < tokens.length && !tokens[k].breakBefore;

/** from a number token on: "6 hours of downtime", "9 %", "two million people", "4,500 a month" */
function numberEnd(tokens: Token[], j: number): number {
  let end = j;
  // a range: "1 to 2 percent", "10 or 12 people"
  if (
    joined(tokens, end + 2) &&
    ['to', 'or'].includes(tokens[end + 1].lower) &&
    isNumberToken(tokens[end + 2])
  ) {
    end += 2;
  }
  while (
    joined(tokens, end + 1) &&
    (isNumberToken(tokens[end + 1]) ||
      NUMBER_TAILS.has(tokens[end + 1].lower) ||
      // "seventy one percent", as a recogniser writes 71 %
      (TENS.has(tokens[end].lower) && tokens[end + 1].lower === 'one'))
  ) {
    end++;
  }
  // "a month", "per site"
  const rate = (at: number) =>
    joined(tokens, at + 2) &&
    ['a', 'an', 'per', 'each'].includes(tokens[at + 1].lower) &&
    RATE_UNITS.has(stem(tokens[at + 2].lower));
  if (rate(end)) return end + 2;
  // what it counts: up to three words ("40,000 monthly users", "15-minute rollback limit")
  let nouns = 0;
  while (nouns < 3 && joined(tokens, end + 1)) {
    const t = tokens[end + 1];
    const word = /\p{L}/u.test(t.raw) && !isStopword(t.lower) && !VERBS.has(t.lower) && !isNumberToken(t);
    if (!word || (/ed$/.test(t.lower) && t.lower.length > 4)) break;
    end++;
    nouns++;
    if (/[^s]s$/.test(t.lower)) break;
  }
  // "200 euros a month"
  if (nouns > 0 && rate(end)) return end + 2;
  const counted = nouns > 0 || NUMBER_TAILS.has(tokens[end].lower);
  if (
    counted &&
    joined(tokens, end + 2) &&
    tokens[end + 1].lower === 'of' &&
    nounish(tokens[end + 2], false)
  ) {
    end += 2;
  }
  return end;
}

const slice = (text: string, tokens: Token[], from: number, to: number) =>
  text.slice(tokens[from].start, tokens[to].end);

type Candidate = { text: string; kind: Phrase['kind']; score: number; from: number; to: number };

/** "9 % to 3 %", "about twenty a week to two", "idea to 40,000 monthly users": [start, end] after "from" */
function fromTo(tokens: Token[], from: number): number | null {
  let k = from + 1;
  let sawNumber = false;
  while (k < tokens.length && k - from <= 6 && !tokens[k].breakBefore && tokens[k].lower !== 'to') {
    if (isNumberToken(tokens[k])) sawNumber = true;
    k++;
  }
  if (k >= tokens.length || tokens[k].lower !== 'to' || tokens[k].breakBefore || k === from + 1) return null;
  let end = k;
  for (let m = k + 1; m < tokens.length && m - k <= 4 && !tokens[m].breakBefore; m++) {
    if (isNumberToken(tokens[m]) || ['one', 'zero', 'none', 'nothing'].includes(tokens[m].lower)) {
      end = numberEnd(tokens, m);
      sawNumber = true;
      break;
    }
  }
  return sawNumber && end > k ? end : null;
}

/** the subject just before a verb when it is a clean noun phrase: "late deliveries", "signups" */
function subjectBefore(tokens: Token[], verb: number): number | null {
  let start = verb;
  while (
    start - 1 >= 0 &&
    verb - start < 3 &&
    !tokens[start].breakBefore &&
    nounish(tokens[start - 1], true)
  ) {
    start--;
  }
  if (start === verb) return null;
  if (start > 0 && DETERMINERS.has(tokens[start - 1].lower) && !tokens[start].breakBefore) start--;
  const before = tokens[start - 1];
  const clean =
    start === 0 || tokens[start].breakBefore || ['and', 'but', 'so', 'then', 'while'].includes(before.lower);
  return clean ? start : null;
}

/**
 * A measured change: "cutting late deliveries from 9 % to 3 %" (a verb of change, its object and
 * the measure), "late deliveries went from 9 % to 3 %", "signups went up 25 percent".
 */
function resultPhrases(text: string, tokens: Token[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length - 1; i++) {
    const lower = tokens[i].lower;
    const change = CHANGE_VERBS.has(lower);
    const gerund = RESULT_VERBS[lower];
    if (!change && !gerund) continue;
    let j = i + 1;
    if (change && ['up', 'down'].includes(tokens[j]?.lower ?? '')) j++;
    // the measure: a number after "by"/"from"/"to", or a number with a unit ("25 percent")
    let end: number | null = null;
    for (let k = j; k < Math.min(tokens.length, i + 8); k++) {
      if (k > i + 1 && tokens[k].breakBefore) break;
      if (tokens[k].lower === 'from') {
        end = fromTo(tokens, k);
        if (end !== null) break;
      }
      if (isNumberToken(tokens[k]) && !YEAR.test(tokens[k].raw)) {
        const e = numberEnd(tokens, k);
        const unit = tokens.slice(k + 1, e + 1).some((t) => NUMBER_TAILS.has(t.lower));
        const measured = k > 0 && MEASURE_PREPOSITIONS.has(tokens[k - 1].lower);
        if (unit || measured) end = e;
        break;
      }
    }
    if (end === null || end - i + 1 > MAX_RESULT_WORDS) continue;
    if (change) {
      // "late deliveries went from 9 % to 3 %"; with no clear subject, "from 9 % to 3 %" says it
      // "late deliveries went from 9 % to 3 %"; with no clear subject, "from 9 % to 3 %" or the
      // number itself says it
      const subject = subjectBefore(tokens, i);
      if (subject !== null && end - subject + 1 <= MAX_RESULT_WORDS) {
        out.push({
          text: slice(text, tokens, subject, end),
          kind: 'result',
          score: 100,
          from: subject,
          to: end,
        });
      }
      if (!gerund) continue;
    }
    const phrase = gerund ? `${gerund} ${slice(text, tokens, i + 1, end)}` : slice(text, tokens, i, end);
    out.push({ text: phrase, kind: 'result', score: 98, from: i, to: end });
  }
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].lower !== 'from') continue;
    const end = fromTo(tokens, i);
    if (end !== null && end - i + 1 <= MAX_RESULT_WORDS) {
      out.push({ text: slice(text, tokens, i, end), kind: 'result', score: 95, from: i, to: end });
    }
  }
  return out;
}

const WISHES = LANGUAGE.wishes;

/** the first and last token of the sentence the token at `at` is in */
function sentenceBounds(tokens: Token[], at: number): [number, number] {
  let start = at;
  while (start > 0 && !tokens[start].sentenceStart) start--;
  let end = at;
  while (end + 1 < tokens.length && !tokens[end + 1].sentenceStart) end++;
  return [start, end];
}

/** the sentence of `text` the token at `at` is in */
const sentenceOf = (text: string, tokens: Token[], at: number) =>
  slice(text, tokens, ...sentenceBounds(tokens, at));

/**
 * A phrase cut short after a word that leads into more ("the 14th of next", "a call with the"): it
 * ends before that word and any preposition or determiner it was left with ("the 14th").
 */
function trimmedEnd(text: string, tokens: Token[], c: Candidate): Candidate {
  const dangling = (t: Token) =>
    MODIFIERS.has(t.lower) || PREPOSITIONS.has(t.lower) || DETERMINERS.has(t.lower);
  let to = c.to;
  while (to > c.from && dangling(tokens[to])) to--;
  return to === c.to ? c : { ...c, to, text: slice(text, tokens, c.from, to) };
}

/** the fewest words after a span in its sentence for it to frame them ("…for three months and if…") */
const MIN_FRAMED_WORDS = 3;

/**
 * Whether tokens from..to have more of their sentence after them ("Over six months I mentored…", "a
 * coach for three months and if nothing changed…"): a span there frames what follows; at the end
 * ("…in fintech for six years.") it tells how long.
 */
function framing(tokens: Token[], to: number): boolean {
  return sentenceBounds(tokens, to)[1] - to >= MIN_FRAMED_WORDS;
}

/** `spanAsked`: the question asks how long or when, so a span of time ("six weeks") is what answers it */
function numberPhrases(text: string, tokens: Token[], spanAsked = false): Candidate[] {
  const out: Candidate[] = [];
  for (let j = 0; j < tokens.length; j++) {
    if (!isNumberToken(tokens[j]) || YEAR.test(tokens[j].raw)) continue;
    if (j > 0 && !tokens[j].breakBefore && isNumberToken(tokens[j - 1])) continue;
    const end = numberEnd(tokens, j);
    const after = tokens.slice(j + 1, end + 1);
    const hasNoun = after.some((t) => !NUMBER_TAILS.has(t.lower) && /\p{L}/u.test(t.raw));
    const hasTail = after.some((t) => NUMBER_TAILS.has(t.lower));
    const big = /^\d{1,3}(,\d{3})+$|^\d{3,}$/.test(tokens[j].raw);
    if (!hasNoun && !hasTail && !big) continue;
    // "Over six months I mentored two engineers": a span of time that frames what follows names
    // back nothing the user did ("…in fintech for six years", at the end, tells how long)
    const span =
      !hasTail &&
      !big &&
      after.length > 0 &&
      after.every((t) => SPAN_UNITS.has(t.lower)) &&
      framing(tokens, end);
    out.push({
      text: slice(text, tokens, j, end),
      kind: 'number',
      // an amount ("165,000", "2,400 sign-ups") before a count ("two market surveys")
      score:
        span && !spanAsked
          ? SPAN_SCORE - j * 0.01
          : 50 + (hasNoun ? 5 : 0) + (hasTail ? 3 : 0) + (big ? 8 : 0) - j * 0.01,
      from: j,
      to: end,
    });
    j = end;
  }
  return out;
}

/** the words after a possessive name that name its thing ("Priya's pull request") */
const MAX_OWNED_WORDS = 2;

function namedPhrases(text: string, tokens: Token[], names: Set<string>): Candidate[] {
  const out: Candidate[] = [];
  const capital = (t: Token) =>
    /^[\p{Lu}0-9]/u.test(t.raw) && !SELF_FORMS.has(t.lower) && !names.has(t.lower) && !isStopword(t.lower);
  for (let i = 0; i < tokens.length; i++) {
    if (!namedThing(tokens[i], names)) continue;
    let end = i;
    while (end + 1 < tokens.length && !tokens[end + 1].breakBefore && end - i < 3) {
      const next = tokens[end + 1];
      if (capital(next)) end++;
      else if (next.lower === 'and' && joined(tokens, end + 2) && namedThing(tokens[end + 2], names))
        end += 2;
      else break;
    }
    // "his NEWS score", "the API gateway": an acronym names the thing the word after it is
    const after = tokens[end + 1];
    if (
      /^\p{Lu}{2,}s?$/u.test(tokens[end].raw) &&
      after !== undefined &&
      !after.breakBefore &&
      /^\p{Ll}/u.test(after.raw) &&
      nounish(after, false) &&
      !verbLike(tokens, end + 1)
    ) {
      end++;
    }
    // "Priya's pull request": a name's thing is what is named, not the name's possessive alone
    if (/['’]s$/u.test(tokens[end].raw)) {
      const owned = end;
      while (
        end - owned < MAX_OWNED_WORDS &&
        end + 1 < tokens.length &&
        !tokens[end + 1].breakBefore &&
        /^\p{Ll}/u.test(tokens[end + 1].raw) &&
        nounish(tokens[end + 1], false) &&
        !verbLike(tokens, end + 1)
      )
        end++;
    }
    // "the payments PR": a determiner and one word before the name belong to it
    let start = i;
    if (
      i >= 2 &&
      !tokens[i].breakBefore &&
      !tokens[i - 1].breakBefore &&
      nounish(tokens[i - 1], true) &&
      DETERMINERS.has(tokens[i - 2].lower)
    ) {
      start = i - 2;
    }
    const single = start === i && end === i;
    // a possessive alone ("Monzo's") names nothing: another phrase of the answer before it
    const weak =
      single &&
      (CALENDAR.has(tokens[i].lower) || tokens[i].raw.length <= 2 || POSSESSIVE.test(tokens[i].raw));
    out.push({
      text: slice(text, tokens, start, end),
      kind: 'thing',
      score: weak ? 15 : 40 + (end - start) - i * 0.01,
      from: start,
      to: end,
    });
    i = end;
  }
  return out;
}

/** a plural right after a noun, before another word, is a verb: "your team handles picking" */
/** "month's", "users'": a word that owns the noun after it */
const POSSESSIVE = /\p{L}(?:['’]s|s['’])$/u;

function verbLike(tokens: Token[], k: number): boolean {
  const t = tokens[k];
  const next = tokens[k + 1];
  return (
    /[^s'’]s$/.test(t.lower) &&
    next !== undefined &&
    !next.breakBefore &&
    (DETERMINERS.has(next.lower) || nounish(next, true))
  );
}

function nounPhrases(text: string, tokens: Token[], names: Set<string>): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!DETERMINERS.has(tokens[i].lower)) continue;
    let end = i;
    while (
      end + 1 < tokens.length &&
      !tokens[end + 1].breakBefore &&
      end - i < 3 &&
      nounish(tokens[end + 1], end === i) &&
      !(end > i && verbLike(tokens, end + 1))
    ) {
      end++;
    }
    // "a full month's fees": a possessive is never the phrase's last word when its noun follows
    if (POSSESSIVE.test(tokens[end].lower) && joined(tokens, end + 1) && nounish(tokens[end + 1], false))
      end++;
    // "the payments refactor last Tuesday": cut after "last", the phrase ends before it
    while (end > i + 1 && MODIFIERS.has(tokens[end].lower)) end--;
    if (end === i || MODIFIERS.has(tokens[end].lower)) continue;
    const head = tokens[end];
    const after = tokens[end + 1];
    // "my favourite way": a phrase whose real head is a filler word is not worth naming
    const fillerAfter = after !== undefined && !after.breakBefore && FILLER.has(after.lower);
    // "a database issue" names its issue; "the same thing", "a lot" name nothing
    const named =
      NAMED_FILLERS.has(head.lower) &&
      tokens.slice(i + 1, end).some((t) => !FILLER.has(t.lower) && !GENERIC.has(t.lower));
    if ((FILLER.has(head.lower) && !named) || names.has(head.lower) || fillerAfter) continue;
    let nouns = end - i;
    // "a disagreement with finance", "the migration of our billing service"
    const prep = tokens[end + 1];
    if (prep && !prep.breakBefore && PREPOSITIONS.has(prep.lower)) {
      let k = end + 2;
      if (k < tokens.length && !tokens[k].breakBefore && DETERMINERS.has(tokens[k].lower)) k++;
      let last = k - 1;
      while (last + 1 < tokens.length && !tokens[last + 1].breakBefore && last + 1 - k < 2) {
        if (!nounish(tokens[last + 1], last + 1 === k)) break;
        last++;
      }
      if (
        last >= k &&
        POSSESSIVE.test(tokens[last].lower) &&
        joined(tokens, last + 1) &&
        nounish(tokens[last + 1], false)
      ) {
        last++;
      }
      if (last >= k && !FILLER.has(tokens[last].lower) && last - i + 1 <= MAX_QUOTE_WORDS) {
        nouns += last - k + 1;
        end = last;
      }
    }
    out.push({
      text: slice(text, tokens, i, end),
      kind: 'thing',
      score: 20 + nouns - i * 0.01,
      from: i,
      to: end,
    });
  }
  return out;
}

function wordRuns(text: string, tokens: Token[], names: Set<string>): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!nounish(tokens[i], true) || names.has(tokens[i].lower) || tokens[i].lower.length < 3) continue;
    if (i > 0 && verbLike(tokens, i) && nounish(tokens[i - 1], true)) continue;
    let end = i;
    while (
      end + 1 < tokens.length &&
      !tokens[end + 1].breakBefore &&
      end - i < 2 &&
      nounish(tokens[end + 1], false) &&
      !verbLike(tokens, end + 1) &&
      !names.has(tokens[end + 1].lower)
    ) {
      end++;
    }
    const last = tokens[end].lower;
    const start = i;
    i = end;
    if (FILLER.has(last) || (end === start && last.length < 4)) continue;
    out.push({
      text: slice(text, tokens, start, end),
      kind: 'thing',
      score: 10 + (end - start) + Math.min(tokens[start].lower.length, 9) / 10 - start * 0.01,
      from: start,
      to: end,
    });
  }
  return out;
}

export type PhraseOptions = {
  /** lower-case words never quoted (the persona's name) */
  names?: Set<string>;
  /** stems of the question: a phrase made only of them is the user echoing the question */
  echo?: Set<string>;
  /** marker words (e.g. off-topic subjects) a phrase should preferably contain */
  prefer?: readonly string[];
  /** turn "my" into "your" (quoting the user back); off when naming a question's own topic */
  flip?: boolean;
  /** noun phrases first (a question's topic), instead of results and numbers first */
  nounsFirst?: boolean;
  /** the question asks how long or when: a span of time ("six weeks") answers it (see numberPhrases) */
  spanAsked?: boolean;
  /** the persona's earlier lines, normalised: a phrase it named back there comes after any other */
  quoted?: readonly string[];
};

/**
 * The figure a turn offers or proposes ("Could we meet at 1,300 with a rent freeze?", "I can do
 * 1,350 a month"): the amount of a sentence that offers or proposes (answers.json offers), as the
 * persona names it back; null for any other turn ("Could we book 30 minutes?" names no amount).
 */
export function offeredFigure(turn: string, names: Set<string>): string | null {
  const sentences = sentencesOf(turn);
  const offer = sentences.find((s) => saysAny(s, ANSWER_DATA.offers).length > 0 && namesAmount(s));
  const phrase = offer ? salientPhrase(offer, { names }) : null;
  return phrase && (phrase.kind === 'number' || phrase.kind === 'result') ? phrase.text : null;
}

/** whether a question asks how long or when (language.json spanAsks) */
export const asksForASpan = (question: string) => saysAny(question, LANGUAGE.spanAsks).length > 0;

/** how many words an introduction's lead has, at most ("my name is") */
const INTRODUCTION_WORDS = Math.max(...INTRODUCTIONS.map((l) => l.split(' ').length));
/**
 * The names the speaker gives themselves: "I'm Sam", "This is Jo from StackWise", and as a
 * recogniser gives it, "i'm sam from pickright" (a word of where they are from after it).
 */
function speakerNames(tokens: Token[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let n = INTRODUCTION_WORDS; n >= 1; n--) {
      const lead = tokens
        .slice(i, i + n)
        .map((t) => t.lower)
        .join(' ');
      if (!INTRODUCTIONS.includes(lead)) continue;
      const name = tokens[i + n];
      const after = tokens[i + n + 1];
      if (
        name &&
        !name.breakBefore &&
        (/^\p{Lu}\p{Ll}/u.test(name.raw) || (after !== undefined && COURTESY.afterName.includes(after.lower)))
      )
        out.push(name.lower);
      break;
    }
  }
  return out;
}

/** where the sentences of a text that are courtesies only are ("Hi Dana, I'm Sam, your account manager.") */
function courtesySpans(text: string, names: Set<string>): [number, number][] {
  const spans: [number, number][] = [];
  let from = 0;
  const sentences = sentencesOf(text);
  if (sentences.length < 2) return spans;
  for (const sentence of sentences) {
    const at = text.indexOf(sentence, from);
    if (at < 0) continue;
    from = at + sentence.length;
    // ("I wanted to talk about the leadership review." names what the call is about: not one)
    if (courtesiesOnly(sentence, names, false)) spans.push([at, from]);
  }
  return spans;
}

/**
 * The short phrase of an answer worth naming back: a measured result ("cutting late deliveries
 * from 9 % to 3 %"), a number with what it counts ("six hours of downtime"), a named thing
 * ("Postgres"), a noun phrase ("a disagreement with finance"), or for a one-word answer the word.
 */
export function salientPhrase(answer: string, opts: PhraseOptions = {}): Phrase | null {
  const tokens = tokenize(answer);
  // the speaker's own name ("I'm Sam, your account manager") is nothing to name back
  const names = new Set([...(opts.names ?? []), ...speakerNames(tokens)]);
  if (tokens.length === 0) return null;
  const finish = (c: Candidate): Phrase => {
    let text = c.text.replace(/\s+/g, ' ').trim();
    const first = tokens[c.from];
    const lowerFirst =
      first.raw !== 'I' &&
      !/^\p{Lu}{2}/u.test(first.raw) &&
      (isStopword(first.lower) || DETERMINERS.has(first.lower) || first.sentenceStart);
    if (lowerFirst) text = text[0].toLowerCase() + text.slice(1);
    if (opts.flip !== false) text = flipPronouns(text);
    return { text, kind: c.kind };
  };
  if (countWords(answer) <= 2) {
    const at = tokens.findIndex((t) => /\p{L}/u.test(t.raw));
    const from = Math.max(at, 0);
    return finish({
      text: slice(answer, tokens, from, tokens.length - 1),
      kind: 'word',
      score: 0,
      from,
      to: 0,
    });
  }
  const echo = opts.echo ?? new Set<string>();
  // (the persona's names alone: a courtesy names who the speaker is)
  const courtesies = courtesySpans(answer, opts.names ?? new Set());
  const inCourtesies = (at: number) => courtesies.some(([from, to]) => at >= from && at < to);
  const stemsOf = (c: Candidate) =>
    tokens
      .slice(c.from, c.to + 1)
      .filter((t) => !isStopword(t.lower) && !DETERMINERS.has(t.lower) && !isNumberToken(t))
      .map((t) => stem(t.lower));
  const echoes = (c: Candidate) => {
    const stems = stemsOf(c);
    return stems.length > 0 && stems.every((s) => echo.has(s));
  };
  const generic = (c: Candidate) => {
    const stems = tokens
      .slice(c.from, c.to + 1)
      .filter((t) => !isStopword(t.lower) && !DETERMINERS.has(t.lower) && !isNumberToken(t));
    return stems.length > 0 && stems.every((t) => GENERIC.has(t.lower) || FILLER.has(t.lower));
  };
  const prefer = (c: Candidate) => (opts.prefer ?? []).some((p) => says(c.text, p));
  const quotedBefore = (c: Candidate) => {
    const said = normalise(flipPronouns(c.text));
    return said !== '' && (opts.quoted ?? []).some((line) => line.includes(said));
  };
  const candidates = [
    ...(opts.nounsFirst ? [] : resultPhrases(answer, tokens)),
    ...(opts.nounsFirst ? [] : numberPhrases(answer, tokens, opts.spanAsked)),
    ...namedPhrases(answer, tokens, names),
    ...nounPhrases(answer, tokens, names),
    ...wordRuns(answer, tokens, names),
  ]
    .map((c) => trimmedEnd(answer, tokens, c))
    // "Hi Dana, I'm Sam, your account manager.": a sentence of courtesies names nothing said
    .filter((c) => !inCourtesies(tokens[c.from].start))
    .filter((c) => c.kind === 'result' || tokenize(c.text).length <= MAX_QUOTE_WORDS)
    .filter((c) => !(c.kind === 'thing' && generic(c)))
    // a single word is worth naming only when it is a thing, not a verb form
    .filter((c) => !(c.from === c.to && /(ing|ed)$/.test(tokens[c.from].lower) && !prefer(c)))
    .map((c) => ({
      ...c,
      score:
        c.score +
        (prefer(c) ? 1000 : 0) -
        (c.kind !== 'result' && echoes(c) ? 60 : 0) -
        (quotedBefore(c) ? 60 : 0) +
        (opts.nounsFirst && c.kind === 'thing' ? 30 : 0),
    }));
  if (candidates.length === 0) return null;
  const best = candidates.reduce((a, b) => (b.score > a.score ? b : a));
  // "I'm hoping we can bring the rent down from 1,400 to 1,250": asked for, not achieved
  if (best.kind === 'result' && saysAny(sentenceOf(answer, tokens, best.from), WISHES).length) {
    return finish({ ...best, kind: 'number' });
  }
  return finish(best);
}

const FRAMES = LANGUAGE.questionFrames.map((f) => ({ re: new RegExp(f.pattern, 'i'), topic: f.topic }));

const MAX_TOPIC_WORDS = 10;

function shorten(phrase: string): string {
  // "keep the code quality high": the thing kept, without how it is kept (answers.json complements)
  const all = phrase.split(/\s+/);
  const topic =
    all.length >= 3 && ANSWER_DATA.complements.includes(all.at(-1)!.toLowerCase())
      ? all.slice(0, -1).join(' ')
      : phrase;
  const words = topic.split(/\s+/);
  if (words.length <= MAX_TOPIC_WORDS) return topic;
  const head = words.slice(0, 3).join(' ').length;
  const cut = /,|\s(?:and|that|which|who|so|when|because|if)\s/.exec(topic.slice(head));
  if (cut) return topic.slice(0, head + cut.index).trim();
  return words.slice(0, MAX_TOPIC_WORDS).join(' ');
}

/** what a question is about, to bring the user back to it without asking it again word for word */
export function questionTopic(question: string): string | null {
  const sentences = question
    .split(/(?<=[?.!])\s+/)
    .map((s) => s.trim().replace(/[?.!]+$/, ''))
    .filter(Boolean);
  for (const sentence of sentences) {
    const lowered = sentence[0].toLowerCase() + sentence.slice(1);
    for (const f of FRAMES) {
      const m = f.re.exec(lowered);
      if (m) return shorten(f.topic.replace(/\$(\d)/g, (_, n: string) => m[Number(n)] ?? '').trim());
    }
  }
  // the thing the question asks about before one its condition names ("If it does not happen this
  // cycle, what would you want from me?" is not about "this cycle"; "If we could move on the signing
  // bonus…, would that work?" names nothing else)
  const asked = sentences.map((s) => s.replace(CONDITION, '')).filter((s, i) => s !== sentences[i] && s);
  for (const sentence of [...asked, ...sentences]) {
    const p = salientPhrase(sentence, { flip: false, nounsFirst: true });
    const first = tokenize(p?.text ?? '')[0];
    const conditionOnly =
      sentence !== sentence.replace(CONDITION, '') && /^(?:this|that) /i.test(p?.text ?? '');
    if (
      p &&
      p.kind === 'thing' &&
      first &&
      !conditionOnly &&
      (/^\p{Lu}/u.test(p.text) || DETERMINERS.has(first.lower))
    ) {
      // "What would this cost us…?" is about "the cost": "this" points at nothing said in the line
      return shorten(p.text.replace(/^(?:this|that) /i, 'the '));
    }
  }
  return null;
}

/** a leading condition of a question, up to its comma ("If it does not happen this cycle, …") */
const CONDITION = /^(?:if|unless|in case)\b[^,]*,\s*/i;
