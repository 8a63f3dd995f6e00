// What the description says happened and what the conversation is about: the questions it writes
// out, the topics it names ("worried about X"), the event behind it ("the morning after our
// migration took the production database down for six hours"), how long it lasted and the
// position at stake. Word tables: tables/language.json and tables/situation.json.
import { DATA, wordsPattern } from './generator-data.js';
import { clean, inPersonaVoice, sentences } from './text.js';

const L = DATA.language;
const S = DATA.situation;

const TOPIC_CUES = new RegExp(`\\b(?:${L.topicCues.join('|')})\\s+`, 'gi');

/** Where a topic's noun phrase ends: punctuation, or a clause starting. */
const STOP_AT = new RegExp(
  `\\s*(?:[.;:!?()"“”]|,\\s*${wordsPattern(L.topicStopAfterComma)}\\b|\\b${wordsPattern(L.topicStopWords)}\\b).*`,
  'i',
);

const TOPIC_PREPOSITION = new RegExp(`^${wordsPattern(L.topicPrepositions)}\\s+`, 'i');

/** A part that starts with one of these is a clause ("wants a refund"), not a topic. */
const NOT_A_TOPIC = new RegExp(`^${wordsPattern(L.notATopic)}\\b`, 'i');

/** Longer "questions" and topics are run-on text, not something a persona would say. */
export const MAX_QUESTION_CHARS = 300;
export const MAX_TOPIC_CHARS = 150;

/** Noun phrases the scenario says the conversation is about ("asks about X", "worried about Y"). */
export function scenarioTopics(text: string): string[] {
  const topics: string[] = [];
  for (const sentence of sentences(text)) {
    const cues = [...sentence.matchAll(TOPIC_CUES)];
    cues.forEach((cue, i) => {
      const from = (cue.index ?? 0) + cue[0].length;
      const to = cues[i + 1]?.index ?? sentence.length;
      const segment = sentence
        .slice(from, to)
        .replace(STOP_AT, '')
        .replace(/[\s,]+(?:and|or|but)?\s*$/i, '');
      // not at the comma of a number ("150,000")
      for (const part of segment.split(
        /(?<!\d),\s*(?:(?:and|or)\s+)?|,(?!\d)\s*(?:(?:and|or)\s+)?|\s+and\s+/,
      )) {
        // "…on price and on staff time": the part's own preposition is not the topic's
        // "She wants to raise the rent from 1,200 to 1,400 a month": the topic is the rent, not the
        // persona's own move ("Why should I move on the rent from 1,200 to 1,400?"); the user's ("my
        // offer up from 150,000 to 165,000") is kept
        const words = clean(part)
          .replace(TOPIC_PREPOSITION, '')
          .replace(/(?<!\b(?:up|down))\s+from\s+[$£€]?\d.*$/i, '')
          .split(' ');
        if (words[0] === '' || NOT_A_TOPIC.test(words[0]) || (words.length < 2 && words[0].length < 4))
          continue;
        const topic = inPersonaVoice(words.slice(0, 10).join(' ')).replace(/^(The|A|An)\s/, (m) =>
          m.toLowerCase(),
        );
        if (topic.length > MAX_TOPIC_CHARS) continue;
        if (!topics.some((t) => t.toLowerCase() === topic.toLowerCase())) topics.push(topic);
      }
    });
  }
  return topics;
}

/** Questions written out in the scenario itself (quoted or ending in "?"). */
export function scenarioQuestions(text: string): { first: string[]; also: string[] } {
  const tidy = (q: string) => {
    const bare = q.replace(/^(?:they|he|she) (?:may|might|will) (?:also )?ask:?\s*/i, '');
    return bare.charAt(0).toUpperCase() + bare.slice(1);
  };
  // "She may also ask: "How do you…?"": a question written as one more, asked after the call's
  // own topics; any other written question first
  const also: string[] = [];
  const quoted = [...text.matchAll(/["“]([^"”]{8,300}\?)["”]/g)].map((m) => {
    const before = text.slice(0, m.index);
    const sentence = before.slice(Math.max(...['.', '!', '?', '\n'].map((c) => before.lastIndexOf(c))) + 1);
    if (/\balso\b/i.test(sentence)) also.push(tidy(clean(m[1])));
    return clean(m[1]);
  });
  const asked = sentences(text)
    .filter((s) => s.endsWith('?') && s.split(' ').length >= 4 && s.length <= MAX_QUESTION_CHARS)
    .map((s) => s.replace(/^["“]|["”]$/g, ''));
  const all = [...new Set([...quoted, ...asked].map(tidy))];
  return { first: all.filter((q) => !also.includes(q)), also: all.filter((q) => also.includes(q)) };
}

export type SituationEvent = {
  /** the clause, in the persona's voice: "your migration took the production database down for six hours" */
  event: string;
  /** what did it, when it is something somebody decided on ("your migration"), else null */
  subject: string | null;
  /** the subject's last word ("migration") */
  head: string | null;
  /** what it hit ("the production database") */
  object: string | null;
  /** "down", "offline" … when the clause says the object was put so */
  particle: string | null;
  duration: string | null;
};

const EVENT_CUES = new RegExp(`\\b(?:${S.eventCues.join('|')})\\s+`, 'gi');
const CLAUSE_END =
  /\s*(?:[.;:!?()"“”]|,\s|\s[-–—]\s|\s+(?:and|but|so)\s+(?:she|he|they|i|we|now|then|it)\b|\s+(?:so that|which|while|but)\s).*$/i;
const PAST_VERBS = new Set(S.pastVerbs);
const NOT_VERBS = new Set(S.notVerbs);
const PRONOUNS = new Set(S.pronounSubjects);
const INCIDENTS = new Set(S.incidentNouns);
const PARTICLES = new Set(S.particles);
const OBJECT_ENDS = new Set(S.objectEnds);
const DURATION = new RegExp(
  `\\b(${wordsPattern(S.numberWords, false)}\\s+(?:(?:full|whole|straight|long)\\s+)?${wordsPattern(S.durationUnits, false)})\\b`,
  'i',
);
const bare = (token: string) => token.toLowerCase().replace(/[^\p{L}'’-]/gu, '');

const isVerb = (token: string) => {
  const w = bare(token);
  return PAST_VERBS.has(w) || (/^[a-z-]{4,}ed$/.test(w) && !NOT_VERBS.has(w));
};

function startsLikeSubject(tokens: string[]): boolean {
  const first = bare(tokens[0]);
  if (tokens.length === 1 && PRONOUNS.has(first)) return true;
  if (/['’]s$/.test(first)) return true;
  const opening = tokens.slice(0, 3).map(bare).join(' ');
  return S.subjectStarts.some((s) => opening === s || opening.startsWith(`${s} `));
}

/** "has been", "had been", "was", "were": the auxiliaries before a participle, at the subject's end */
const PASSIVE = /\s(?:has been|have been|had been|was|were)$/i;
/** what a thing can be without a verb: "down", "offline" (situation.json states) */
const STATES = new Set(S.states);

/**
 * The clause as an event when it reads "<subject> <past verb> …" (or "<subject> has been <participle
 * or state> …"), else null.
 */
export function parseEvent(clause: string): SituationEvent | null {
  const tokens = clean(clause).split(' ').filter(Boolean);
  if (tokens.length < 2 || tokens.length > 30) return null;
  // a verb, or a state after "has been" ("their email has been down since Monday")
  const v = tokens.findIndex(
    (t, i) =>
      i >= 1 &&
      i <= 6 &&
      (isVerb(t) || (STATES.has(bare(t)) && PASSIVE.test(` ${tokens.slice(0, i).join(' ')}`))),
  );
  if (v < 1) return null;
  // "her heating has been broken for two weeks": a state the thing is in, told as the event, but
  // nobody's decision (the subject is the thing, not who did it)
  const auxiliaries = PASSIVE.exec(tokens.slice(0, v).join(' '));
  const passive = auxiliaries !== null;
  const subjectTokens = passive
    ? tokens.slice(0, v - auxiliaries[0].trim().split(' ').length)
    : tokens.slice(0, v);
  if (!subjectTokens.length || !startsLikeSubject(subjectTokens)) return null;
  if (subjectTokens.some((t) => /^(?:is|was|were|are|has|have|had|will|would)$/i.test(t))) return null;

  const pronoun = subjectTokens.length === 1 && PRONOUNS.has(bare(subjectTokens[0]));
  const headWord = bare(subjectTokens[subjectTokens.length - 1]).replace(/['’]s$/, '');
  // "Our biggest client wants to cut our day rate": what wants it done is no thing that was done
  const wanting = subjectTokens.some((t) => bare(t) === 'to');
  const decided = !passive && !pronoun && !wanting && subjectTokens.length >= 2 && !INCIDENTS.has(headWord);

  const rest = tokens.slice(v + 1);
  let object: string | null = null;
  let particle: string | null = null;
  const p = rest.findIndex((t, i) => i >= 1 && i <= 6 && PARTICLES.has(bare(t)));
  if (p >= 1 && !OBJECT_ENDS.has(bare(rest[0]))) {
    object = rest.slice(0, p).join(' ');
    particle = bare(rest[p]);
  } else {
    const end = rest.findIndex((t) => OBJECT_ENDS.has(bare(t)));
    const objectTokens = rest.slice(0, end === -1 ? rest.length : end);
    if (objectTokens.length >= 1 && objectTokens.length <= 5 && !OBJECT_ENDS.has(bare(rest[0] ?? ''))) {
      object = objectTokens.join(' ');
    }
  }
  // "her heating has been broken": what the call is about is the thing itself ("my heating")
  if (passive) {
    // ("We were down for a day.": no thing to name)
    object = pronoun ? null : subjectTokens.join(' ');
    particle = null;
  }
  const duration = DURATION.exec(clause)?.[1] ?? null;
  const voice = (s: string | null) => (s ? inPersonaVoice(s) : null);
  return {
    event: inPersonaVoice(tokens.join(' ')),
    // "The release slipped…": the subject goes mid-sentence ("How was the release planned…?")
    subject: decided
      ? (voice(subjectTokens.join(' '))?.replace(/^(?:The|A|An|This|That)\b/, (d) => d.toLowerCase()) ?? null)
      : null,
    head: decided ? headWord : null,
    object: voice(object),
    particle,
    duration: duration ? duration.toLowerCase() : null,
  };
}

/** The first event the texts tell of after a cue (the scenario's, then the persona's), else the first they tell at all. */
export function findEvent(...texts: string[]): SituationEvent | null {
  // what a cue says brought the call about ("furious because her heating has been broken…"), in any
  // of the texts, before a sentence that only tells something that happened ("The contractor
  // cancelled twice."), which may be the user's side of the story
  for (const text of texts) {
    for (const sentence of sentences(text)) {
      for (const cue of sentence.matchAll(EVENT_CUES)) {
        const clause = sentence.slice((cue.index ?? 0) + cue[0].length).replace(CLAUSE_END, '');
        // "a tenant whose heating has been broken": the thing is the persona's ("her heating")
        const event = parseEvent(/^whose\s/i.test(cue[0]) ? `her ${clause}` : clause);
        if (event) return event;
      }
    }
  }
  for (const text of texts) {
    for (const sentence of sentences(text)) {
      const event = parseEvent(sentence.replace(CLAUSE_END, ''));
      if (event) return event;
    }
  }
  return null;
}

const POSITION = new RegExp(
  `\\bfor (?:a|an|the|this|that) ((?:[\\p{L}\\d'’-]+\\s+){1,4}?)${wordsPattern(S.positionWords)}\\b`,
  'iu',
);

/** The position the conversation is about: "… for a senior backend engineer position". */
export function findPosition(...texts: string[]): string | null {
  for (const text of texts) {
    const m = POSITION.exec(clean(text));
    if (m) return m[1].trim();
  }
  return null;
}
