// The offline custom-scenario generator: no model, no network, the same result for the same texts.
// It reads what kind of conversation the three texts describe, who the persona is (name, role,
// organisation, temperament: persona-facts.ts) and what happened (situation-facts.ts), then
// writes the persona's system prompt in the second person around the user's own words with a
// `Temperament:` line the live persona engine keeps to, an opening line in character, rubric
// criteria that fit the kind (names the built-in evaluator knows) and questions drawn from the
// description. The three placeholder questions are used only when nothing in the texts fits
// and the kind has no questions of its own (conversation-kinds.json alsoAsk).
// Every word table and line template is in tables/*.json.
import type { CustomCallGeneration } from '../../../shared/contracts/custom-calls.js';
import { MAX_TEXT_LENGTH, type VoiceId } from '../../../shared/domain/limits.js';
import { type Temperament, temperamentLine } from '../../../shared/domain/temperament.js';
import { CUSTOM_DEFAULTS } from '../scenarios/scenario-fields.js';
import { CONVERSATION_KINDS, type ConversationKind, DATA, KIND_KEYWORDS } from './generator-data.js';
import { type PersonaFacts, personaFacts } from './persona-facts.js';
import { personaSituation } from './persona-situation.js';
import {
  findEvent,
  findPosition,
  type SituationEvent,
  scenarioQuestions,
  scenarioTopics,
} from './situation-facts.js';
import { clean, fill, fillFirst } from './text.js';

export { CONVERSATION_KINDS, type ConversationKind } from './generator-data.js';
export { personaName } from './persona-facts.js';
export { scenarioQuestions, scenarioTopics } from './situation-facts.js';
export { toSecondPerson } from './text.js';

export type GenerationInput = {
  userContext: string;
  personaDetails: string;
  scenarioDetails: string;
  /** the voice chosen at setup, if any: the gender of an invented name follows it */
  voiceId?: VoiceId;
};

/** The kind whose words appear most; the scenario counts double, being what the call is about. */
export function classifyConversation(input: GenerationInput): ConversationKind {
  const scenario = input.scenarioDetails.toLowerCase();
  const others = `${input.personaDetails}\n${input.userContext}`.toLowerCase();
  let best: ConversationKind = 'general';
  let bestScore = 0;
  for (const kind of CONVERSATION_KINDS) {
    const score = KIND_KEYWORDS[kind].reduce(
      (sum, re) => sum + 2 * (scenario.match(re)?.length ?? 0) + (others.match(re)?.length ?? 0),
      0,
    );
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}

export const MAX_SAMPLE_QUESTIONS = 6;
/** a kind with questions of its own to add (alsoAsk) fills a shorter list up to this many */
const MIN_QUESTIONS_WITH_MORE = 4;

export type Situation = {
  event: SituationEvent | null;
  position: string | null;
  topics: string[];
  /** the questions the user wrote out: `also` those written as one more ("She may also ask: …") */
  written: { first: string[]; also: string[] };
};

export function situationOf(input: GenerationInput): Situation {
  return {
    event: findEvent(input.scenarioDetails, input.personaDetails),
    position: findPosition(input.scenarioDetails, input.personaDetails),
    topics: scenarioTopics(`${input.scenarioDetails}\n${input.personaDetails}`),
    written: scenarioQuestions(input.scenarioDetails),
  };
}

/** The kind's own way of asking when it suits the temperament, else the temperament's. */
/** a topic named without a determiner or possessive ("system design", "stakeholder management") */
const isSkill = (topic: string) => !DETERMINED.test(topic);
const DETERMINED = new RegExp(`^(?:${DATA.language.determiners.join('|')})\\b`, 'i');

function askTemplates(kind: ConversationKind, temperament: Temperament): string[] {
  const profile = DATA.kinds[kind];
  return profile.askTemperaments.includes(temperament)
    ? profile.ask
    : DATA.situation.temperaments[temperament].ask;
}

/** the move a topic names ("the base salary up by ten percent", "my rate up from 40 to 50") */
const USERS_MOVE = /\s+(?:up|down)\s+(?:by|from|to)\b.*$/i;

/**
 * The persona's questions, in the persona's temperament: the scenario's own questions first,
 * then what happened (the event, who decided on it, how long it lasted), the position at stake,
 * the topics it names, and last what happens next.
 */
export function sampleQuestionsFor(
  kind: ConversationKind,
  input: GenerationInput,
  temperament: Temperament = personaFacts(input, kind, input.voiceId).temperament,
  situation: Situation = situationOf(input),
): string[] {
  const lines = DATA.situation.temperaments[temperament];
  const { event, position } = situation;
  const slots = { ...event, position };
  const fromEvent = event
    ? [
        fillFirst(lines.event, slots),
        event.subject ? fillFirst(lines.subject, slots) : null,
        fillFirst(event.object && event.particle ? lines.durationWithObject : lines.duration, slots) ??
          fillFirst(lines.duration, slots),
      ]
    : [];
  const asks = askTemplates(kind, temperament);
  // "a promotion to mid-level" is what the user asks for, not an achievement to ask about
  const notTopics = (DATA.kinds[kind].notTopics ?? []).map((p) => new RegExp(p, 'i'));
  const topics = situation.topics.filter((t) => !notTopics.some((re) => re.test(t)));
  // "system design" is a skill to show, "the checkout redesign" a piece of work to walk through
  const skillAsks = DATA.kinds[kind].askSkill;
  const fromTopics = topics.map((topic, i) => {
    if (/^(?:how|what|why|when|whether|where|who)\b/i.test(topic)) return `Tell me ${topic}.`;
    const templates = skillAsks && asks === DATA.kinds[kind].ask && isSkill(topic) ? skillAsks : asks;
    // {thing}: the topic without the user's own move, for the persona's verbs ("Why should I move on
    // the base salary?", not "…on the base salary up by ten percent?")
    return fill(templates[i % templates.length], { topic, thing: topic.replace(USERS_MOVE, '') }) ?? '';
  });
  const next = event ? fillFirst(event.subject ? lines.nextWithHead : lines.next, slots) : null;
  const main = [
    ...new Set(
      [
        ...situation.written.first,
        ...fromEvent,
        position ? fillFirst(lines.position, slots) : null,
        ...fromTopics,
      ]
        .filter((q): q is string => Boolean(q))
        .map(clean),
    ),
  ];
  const more = DATA.kinds[kind].alsoAsk ?? [];
  // a question written as one more comes after the call's own, and is kept however many they are
  const also = situation.written.also.filter((q) => !main.includes(q));
  if (main.length === 0 && also.length === 0 && !next && more.length === 0) {
    return [...CUSTOM_DEFAULTS.sampleQuestions];
  }
  // A short list gets an opener first, so the call has somewhere to start.
  if (main.length + (next ? 1 : 0) < 3) {
    const profile = DATA.kinds[kind];
    main.unshift(
      ...(profile.askTemperaments.includes(temperament)
        ? profile.openers
        : [profile.opener?.[temperament] ?? lines.opener]),
    );
  }
  // a negotiation counterpart has more to ask than the scenario names: what else would work, what
  // the user offers in return
  const short = MIN_QUESTIONS_WITH_MORE - main.length - (next ? 1 : 0);
  if (short > 0) main.push(...more.filter((q) => !main.includes(q)).slice(0, short));
  const room = MAX_SAMPLE_QUESTIONS - (next ? 1 : 0) - also.length;
  return [...new Set([...main.slice(0, Math.max(room, 0)), ...also, ...(next ? [next] : [])])];
}

/** What the opening line names: what was decided, the position, what was hit, or the first topic. */
function openingTopic(situation: Situation): string | null {
  const { event, position, topics } = situation;
  return event?.subject ?? (position ? `the ${position} role` : null) ?? topics[0] ?? event?.object ?? null;
}

/**
 * The persona's opening line, in its temperament (an angry persona does not thank anyone): the
 * kind's own line naming the topic (a negotiation's counterpart hears what the user wants to
 * discuss, rather than doubting "your job offer"), the kind's own line when its persona is the one
 * being spoken to, else the temperament's line naming the topic.
 */
export function welcomeFor(
  address: string,
  temperament: Temperament = 'calm',
  topic: string | null = null,
  kind: ConversationKind = 'general',
) {
  const onTopic = topic ? DATA.kinds[kind].welcomeWithTopic?.[temperament] : undefined;
  const named = onTopic ? fill(onTopic, { address, topic }) : null;
  if (named) return named;
  const own = DATA.kinds[kind].welcome?.[temperament];
  if (own) return fill(own, { address }) ?? '';
  const lines = DATA.situation.temperaments[temperament].welcome;
  return (topic ? fill(lines.withTopic, { address, topic }) : null) ?? fill(lines.plain, { address }) ?? '';
}

/** What the persona is doing in the call, completing "In this call you are …". */
function framingFor(kind: ConversationKind, input: GenerationInput): string {
  const profile = DATA.kinds[kind];
  const text = `${input.personaDetails}\n${input.scenarioDetails}`;
  return profile.framingWhen?.find((f) => new RegExp(f.pattern, 'i').test(text))?.framing ?? profile.framing;
}

/** The user's text as written, its lines kept (a bulleted description stays a list), spaces tidied. */
const asWritten = (text: string) =>
  text
    .split('\n')
    .map(clean)
    .filter((line) => line !== '')
    .join('\n');

function systemPromptFor(kind: ConversationKind, input: GenerationInput, facts: PersonaFacts): string {
  const profile = DATA.kinds[kind];
  const at = facts.company !== CUSTOM_DEFAULTS.company ? ` at ${facts.company}` : '';
  // "Mrs Patel", "Councillor Okafor" (whose title is its role): the name as the description wrote it
  const who = facts.title ? `${facts.title} ${facts.name}` : facts.name;
  const [first, ...rest] = [
    `You are ${who}${facts.title === facts.role ? '' : `, ${facts.role}`}${at}. In this call you are ${framingFor(kind, input)}. The user is practising this conversation by voice and will be evaluated afterwards, so make it realistic.`,
    `${temperamentLine(facts.temperament)}\n${DATA.situation.temperaments[facts.temperament].prompt}`,
    `Your persona, as the user described it:\n${asWritten(input.personaDetails)}`,
    `The situation you are in:\n${asWritten(input.scenarioDetails)}`,
    `Who you are talking to, in their own words:\n${asWritten(input.userContext)}`,
    `How to play it:\n${[...profile.goals, ...DATA.situation.voiceRules].map((r) => `- ${r}`).join('\n')}`,
  ];
  // the persona's situation in its own second person, before the first heading: its brief, which
  // the built-in persona answers the user's questions from (persona-situation.ts)
  const room = MAX_TEXT_LENGTH - [first, ...rest].join('\n\n').length - 2;
  const situation = personaSituation(input, facts, room);
  return [first, ...(situation.length ? [situation.join(' ')] : []), ...rest].join('\n\n');
}

export type BuiltinGeneration = CustomCallGeneration & { kind: ConversationKind };

export function generateBuiltin(input: GenerationInput): BuiltinGeneration {
  const kind = classifyConversation(input);
  const profile = DATA.kinds[kind];
  const facts = personaFacts(input, kind, input.voiceId);
  const situation = situationOf(input);
  return {
    kind,
    generator: 'built-in',
    personaName: facts.name,
    scenarioName: facts.title ? `${facts.title} ${facts.name}` : facts.name,
    role: facts.role,
    company: facts.company,
    temperament: facts.temperament,
    welcomeMessage: welcomeFor(facts.address, facts.temperament, openingTopic(situation), kind),
    systemPrompt: systemPromptFor(kind, input, facts),
    rubric: { name: profile.rubricName, criteria: profile.criteria.map((c) => ({ ...c })) },
    sampleQuestions: sampleQuestionsFor(kind, input, facts.temperament, situation),
  };
}
