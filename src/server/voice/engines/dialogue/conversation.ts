// Where a conversation stands, read from the conversation alone (a call that reconnects passes its
// stored utterances, so it carries on where it was): which questions were asked, which one is on
// the table, which follow-ups it has had, what the user answered, and whether the call was closed.

import { ASIDES } from '../../../../shared/domain/asides.js';
import { ownFieldsOf } from '../../../../shared/domain/fields.js';
import type { Temperament } from '../../../../shared/domain/temperament.js';
import { escapeRegex } from '../../../../shared/escape-regex.js';
import type { Persona, Turn } from '../brain.js';
import {
  aboutTheBrief,
  type Brief,
  type BriefFact,
  briefOf,
  detailAsked,
  factFor,
  pointAndQuestions,
  questionsAtTheEnd,
  questionsToPersona,
} from './brief.js';
import { ANSWER_DATA, BRIEF, FOLLOW_UP_KINDS, type FollowUpKind, LINES, MODEL_PROMPT } from './data.js';
import {
  answers,
  asksAboutExperience,
  courtesiesOnly,
  fieldsSaid,
  howPartOf,
  isReadiness,
  type ListeningContext,
  offeredFigure,
  readAnswer,
  thanksOnly,
  touches,
  wordsBesides,
} from './listen.js';
import { asksIn, type Lever, leversOf, type Term, termsOf } from './negotiation.js';
import { temperamentOf } from './temperament.js';
import { countWords, keyStems, normalise, overlap, says, saysAny, sentencesOf, tokenize } from './text.js';

/** A persona made ready for dialogue: its temperament, questions and the words of its scenario. */
export type DialoguePersona = {
  persona: Persona;
  temperament: Temperament;
  questions: string[];
  /** each question as compared with a line: the whole of it, and its first sentence when long enough */
  questionForms: string[][];
  questionKeys: Set<string>[];
  scenario: Set<string>;
  names: Set<string>;
  /** key stems of the persona's name, role and company */
  identity: Set<string>;
  /** what the persona can tell the user about itself when asked, and what it keeps back (brief.ts) */
  brief: Brief;
  /**
   * whether its welcome leaves the user to lead ("What did you want to show me?", "Everything
   * okay?"), rather than asking whether they are ready or saying nothing to answer
   */
  userLeads: boolean;
  /** whether its brief has it interview the user: a candidate is not there to hear its side */
  interviews: boolean;
  /** the figures its brief gives it to bargain over, and what else it can give (negotiation.ts) */
  terms: Term[];
  levers: Lever[];
  /** the fields of work its scenario raises, with those near them (shared/domain/fields.json) */
  fields: Set<string>;
};

/**
 * a welcome that invites the user to begin ("Go ahead.", "Let's hear it."), or asks something
 * besides whether they are ready to start ("Ready to start?", "Shall we begin?"; "Where would you
 * like to start?" asks the user to lead)
 */
function leavesTheUserToLead(welcome: string): boolean {
  if (saysAny(welcome, ANSWER_DATA.invitations).length) return true;
  return sentencesOf(welcome).some(
    (s) =>
      s.trim().endsWith('?') &&
      (/(?:^|,\s*)(?:what|where|how|why|who|which|when)\b/i.test(s.trim()) ||
        !saysAny(s, ANSWER_DATA.readinessChecks).length),
  );
}

function firstSentence(q: string): string {
  return q.split(/(?<=[?.!])\s+/)[0] ?? q;
}

export function preparePersona(persona: Persona): DialoguePersona {
  const temperament = temperamentOf(persona);
  const seen = new Set<string>();
  const own = persona.sampleQuestions
    .map((q) => q.trim())
    .filter((q) => q && !seen.has(normalise(q)) && seen.add(normalise(q)));
  const questions = own.length
    ? own
    : LINES.fallbackQuestions.filter((l) => l.temperament === temperament).map((l) => l.text);
  const names = new Set(
    tokenize(persona.name)
      .map((t) => t.lower)
      .filter((w) => w.length > 1),
  );
  return {
    persona,
    temperament,
    questions,
    questionForms: questions.map((q) => {
      const first = normalise(firstSentence(q));
      const how = howPartOf(q);
      return [
        normalise(q),
        ...(first.split(' ').length >= 4 && first !== normalise(q) ? [first] : []),
        // asked alone once the figure was given (engine.ts)
        ...(how ? [normalise(how)] : []),
      ];
    }),
    questionKeys: questions.map((q) => keyStems(q)),
    scenario: keyStems(
      [persona.systemPrompt, persona.welcomeMessage, persona.role, persona.company, ...questions].join('\n'),
    ),
    names,
    identity: keyStems(`${persona.name} ${persona.role} ${persona.company}`),
    brief: briefOf(persona.systemPrompt),
    userLeads: leavesTheUserToLead(persona.welcomeMessage),
    interviews: saysAny(persona.systemPrompt, ANSWER_DATA.viewAsks.interviewers).length > 0,
    terms: termsOf(persona.systemPrompt),
    levers: leversOf(persona.systemPrompt),
    fields: ownFieldsOf(
      fieldsSaid(
        [persona.systemPrompt, persona.welcomeMessage, persona.role, persona.company, ...questions].join(
          '\n',
        ),
      ).keys(),
    ),
  };
}

/** the fact of the persona's brief that answers questions, or a decline for what it keeps back (factFor) */
const briefAnswer = (p: DialoguePersona, questions: string[], said: string[], told: string[] = []) =>
  p.brief.facts.length || p.brief.secrets.length
    ? factFor(p.brief, questions, said, p.names, p.identity, told)
    : null;

/**
 * What the persona answers, from its brief, to a user turn that asks it something: a fact, or a
 * decline for what the brief keeps back; null when the turn asks nothing the brief can answer (the
 * persona meets it as an answer). `said`: the persona's lines before the turn, normalised; `told`: the
 * user's statements before it (a fact they told is not told back to them); `current`:
 * the question on the table (null before the first: a question no fact answers is declined, and the
 * persona goes on with its first one); `closed`: the call was closed (its closing lines meet such a question).
 */
export function answeredFromBrief(
  p: DialoguePersona,
  turn: string,
  said: string[],
  current: number | null = null,
  closed = false,
  told: string[] = [],
): ReturnType<typeof factFor> | { detail: string } | 'no fact' | 'not to hand' {
  const questions = questionsToPersona(turn, p.names);
  if (!questions) return null;
  // "Can I have the email on the account?": one made up for the call, as the customer would give it
  const detail = detailAsked(questions, p.persona.name);
  if (detail) return { detail };
  // "…could you do 430 per tonne?" offers a figure to a persona the user leads: met as an offer
  if (p.userLeads && offeredFigure(turn, p.names)) return null;
  const found = briefAnswer(p, questions, said, told);
  if (found) return found;
  // a question no fact answers, while the persona's own question waits ("What is the top of the
  // band?"), is declined; one about that question ("What do you mean?") is met as an answer
  // once the call is closed, the closing's own lines meet it
  if (closed || (current === null ? opensTheCall(p, turn, questions) : asksAbout(questions))) {
    return null;
  }
  // one about the persona's own situation ("How many people pack orders in peak season?" to a
  // prospect whose brief names its orders) asks a detail the persona does not have to hand; an
  // interviewer asked about its team or ward mid-interview keeps it for the end, as for any question
  return !p.interviews && aboutTheBrief(p.brief, questions, p.names) ? 'not to hand' : 'no fact';
}

/**
 * What a persona the user leads answers to the question a pitch or a point ends on ("…our customers
 * see 20 percent fewer late trucks. How do you plan routes today?", questionsAtTheEnd): the fact of
 * its brief that answers it, or a decline for what the brief keeps back (`found`); else, asked for
 * its side ("…How did the sprint feel from your side?"), that (`view`, asksForView). Null when it
 * asks neither: the turn is met as an answer, as any is. The turn answers the persona's question too.
 */
export function answeredAtTheEnd(
  p: DialoguePersona,
  turn: string,
  said: string[],
):
  | { found: NonNullable<ReturnType<typeof factFor>>; questions: string[] }
  | { view: 'story' | 'needs'; questions: string[] }
  | null {
  if (!p.userLeads) return null;
  const questions = questionsAtTheEnd(turn, p.names);
  if (!questions) return null;
  const found = briefAnswer(p, questions, said);
  if (found) return { found, questions };
  const view = asksForView(p, questions.join(' '));
  return view ? { view, questions } : null;
}

/** the fewest words of a point before a question that answer the question on the table ("I led the billing migration.") */
const MIN_POINT_WORDS = 5;

/**
 * A turn that answers the question on the table of a persona that leads and then asks it something
 * ("I led the migration of our billing service. How big is the team I'd be joining?"): the point,
 * five words or more and more than courtesies ("Sure, good question." only asks), and the questions.
 * Null for any other turn, and for a persona the user leads (answeredAtTheEnd reads its turns).
 */
export function answersAndAsks(
  p: DialoguePersona,
  turn: string,
  current: number | null,
): { point: string; questions: string[] } | null {
  if (p.userLeads || current === null) return null;
  const split = pointAndQuestions(turn, p.names);
  if (!split || countWords(split.point) < MIN_POINT_WORDS) return null;
  // "Okay, that's a really good question." says nothing to it
  if (
    courtesiesOnly(split.point, p.names, !p.userLeads) ||
    !wordsBesides(split.point, ANSWER_DATA.ready, p.names).length
  ) {
    return null;
  }
  return split;
}

/** a proposal's words besides the sentences that propose, that still leave a turn only proposing ("Great.") */
const MAX_BESIDES_PROPOSAL = 4;

/**
 * Whether a turn proposes a next step to a persona the user leads (a proposal, brief.json proposals,
 * naming one of answers.json nextSteps: "Could we book 30 minutes next Tuesday?", "Would you be open
 * to a pilot?"), and whether proposing is all it does (`only`): such a turn answers no question of
 * the persona's, unless `current`, the question on the table, asks for a next step ("How will we
 * know it's sorted?"). Null for any other turn, and for any turn to a persona that leads.
 */
export function proposesNextStep(
  p: DialoguePersona,
  turn: string,
  current: number | null = null,
): { only: boolean } | null {
  if (!p.userLeads) return null;
  const sentences = sentencesOf(turn);
  // ("What about the pilot?" asks about a thing: answeredFromBrief reads it first)
  const proposing = sentences.filter(
    (s) => saysAny(s, BRIEF.proposals).length > 0 && saysAny(s, ANSWER_DATA.nextSteps).length > 0,
  );
  if (!proposing.length) return null;
  const besides = sentences.filter((s) => !proposing.includes(s)).join(' ');
  // "How will we know it's sorted?" is answered by a check-in proposed
  const asksForOne = current !== null && saysAny(p.questions[current], ANSWER_DATA.nextStepAsks).length > 0;
  return { only: countWords(besides) <= MAX_BESIDES_PROPOSAL && !asksForOne };
}

/**
 * What the user asks of the persona's side, asking is all the turn does (answers.json viewAsks):
 * its view of what happened ("What's on your mind?", "Can you walk me through what happened on your
 * side?"), of any persona but an interviewer; or, of a persona the user leads, what would help
 * ("What do you need from me?"). Null for any other turn.
 */
export function asksForView(p: DialoguePersona, turn: string): 'story' | 'needs' | null {
  if (p.interviews && !p.userLeads) return null;
  const questions = questionsToPersona(turn, p.names);
  // "What would make this work for you?" asks what would help, though "work for you" proposes elsewhere
  const alone = /^[^.!?]*\?$/.test(turn.trim()) ? turn : '';
  const needs = p.userLeads && saysAny(questions?.join(' ') ?? alone, ANSWER_DATA.viewAsks.needs).length > 0;
  if (needs) return 'needs';
  return questions && saysAny(questions.join(' '), ANSWER_DATA.viewAsks.story).length ? 'story' : null;
}

/**
 * What a user asks a persona that leads (an interviewer, a customer with its questions) about what it
 * needs ("Is there anything else you need from me?", answers.json viewAsks needs): its questions
 * are what it needs. False for a persona the user leads, whose view asksForView reads.
 */
export function asksWhatItNeeds(p: DialoguePersona, turn: string): boolean {
  if (p.userLeads) return false;
  const questions = questionsToPersona(turn, p.names);
  return questions !== null && saysAny(questions.join(' '), ANSWER_DATA.viewAsks.needs).length > 0;
}

/** how a question about which answer to give opens, spoken ("does it have to be recent") */
const SPOKEN_CHOICE = /^(?:which|what|should|shall|does|do|can|could|is|has|would)\b/;

/** a question about which answer to give, with its options named, is this long at most */
const MAX_CHOICE_WORDS = 22;

/** a short question is all a request for leave or for what the question means can be */
const MAX_ASIDE_QUESTION_WORDS = 14;

/**
 * What a short question to the persona asks about its question on the table, besides an answer:
 * leave to answer a certain way ("Can I use an example from my previous company?", brief.json
 * permissions), which answer to give ("Which project should I talk about?", choices) or what it
 * means ("What do you mean by resistance exactly?", clarifications). Null for any other turn. None
 * answers anything: the question stays on the table.
 */
export function asksAboutTheQuestion(
  p: DialoguePersona,
  turn: string,
  current: number | null,
): 'permission' | 'choice' | 'meaning' | null {
  if (current === null) return null;
  // "Which example would you like me to talk about, a conflict or a project I led?": a choice names
  // its options, so it runs longer than a request for leave
  const words = countWords(turn);
  if (
    words > MAX_ASIDE_QUESTION_WORDS &&
    !(words <= MAX_CHOICE_WORDS && saysAny(turn, BRIEF.choices).length)
  ) {
    return null;
  }
  const questions = questionsToPersona(turn, p.names) ?? (turn.trim().endsWith('?') ? [turn.trim()] : null);
  // which example to give is the user's to choose, asked of an interviewer or a question about their
  // own past ("What has been your most significant impact?"); to a persona that bargains, "should it
  // be two years?" proposes
  const choosesAnswer = !p.terms.length && (p.interviews || asksAboutExperience(p.questions[current]));
  // spoken, leave is asked with no question mark: "can i use an example from my previous company"
  if (!/[.!?]/.test(turn)) {
    const said = normalise(turn);
    if (BRIEF.permissions.some((l) => said.startsWith(`${l} `))) return 'permission';
    if (choosesAnswer && SPOKEN_CHOICE.test(said) && saysAny(turn, BRIEF.choices).length) return 'choice';
  }
  if (!questions) return null;
  const asked = questions.join(' ');
  if (saysAny(asked, BRIEF.permissions).length) return 'permission';
  // "Which product should I talk about?", "Does it have to be recent?": the user's to choose
  if (choosesAnswer && saysAny(asked, BRIEF.choices).length) return 'choice';
  return saysAny(asked, BRIEF.clarifications).length && !asksToRepeat(turn) ? 'meaning' : null;
}

/** a short turn is all a request to hear the question again can be ("Sorry, could you repeat that?") */
const MAX_REPEAT_REQUEST_WORDS = 10;

/** whether a user turn asks to hear the question on the table again ("Pardon?", "Can you repeat the question?") */
export function asksToRepeat(turn: string): boolean {
  return countWords(turn) <= MAX_REPEAT_REQUEST_WORDS && saysAny(turn, ASIDES.repeatRequests).length > 0;
}

/**
 * Whether a user turn only asks for a moment or says they are nervous ("Sorry, I'm a bit nervous.",
 * asides.json pauses); "Let me think. I'd pull the funnel data." is an answer.
 */
export function asksForAMoment(turn: string, names: Set<string>): boolean {
  return (
    countWords(turn) <= MAX_REPEAT_REQUEST_WORDS &&
    saysAny(turn, ASIDES.pauses).length > 0 &&
    wordsBesides(turn, ASIDES.pauses, names).length === 0
  );
}

const wordsOf = (phrase: string) => tokenize(phrase).map((t) => t.lower);
/** "speak Tuesday", "talk then", "see you next week": a farewell in a call only (the evaluator's
 * sentences say "talk" and "speak" for other things), standing alone as the `alone` ones do */
const { leads, times } = ANSWER_DATA.farewells.dated;
const DATED = leads.flatMap((lead) => times.map((time) => `${lead} ${time}`));
const FAREWELLS = [...ASIDES.farewells, ...DATED].map(wordsOf);
const ALONE = new Set([...ANSWER_DATA.farewells.alone, ...DATED].map((p) => wordsOf(p).join(' ')));
/** what may stand beside a farewell: its own words, the words around one, and other farewells */
const BESIDE_FAREWELLS = [...FAREWELLS, ...ANSWER_DATA.farewells.around.map(wordsOf)];

/** the length of the phrase of `phrases` that the words start with at `at`, 0 for none */
function phraseAt(words: string[], at: number, phrases: string[][]): number {
  const found = phrases.filter((p) => p.every((w, k) => words[at + k] === w));
  return Math.max(0, ...found.map((p) => p.length));
}

/**
 * Whether a user turn ends by leaving the call ("Thanks for your time, bye.", "That's all from me.",
 * asides.json farewells): a farewell with only names, courtesies and other farewells after it to the
 * end of the turn, typed or as the recogniser writes it ("great i'll send the invite thanks dave
 * bye"). "I take care of the patients" has more after it; "you have to take care" is glued to its
 * clause (a farewell of `alone` needs a break, a name or a courtesy before it). A turn ending on a
 * question does not leave.
 */
export function leavesTheCall(turn: string, names: Set<string>): boolean {
  if (turn.trim().endsWith('?')) return false;
  const tokens = tokenize(turn);
  const words = tokens.map((t) => t.lower);
  const beside = (at: number) => (names.has(words[at]) ? 1 : phraseAt(words, at, BESIDE_FAREWELLS));
  const onlyBesideFrom = (from: number): boolean => {
    for (let at = from; at < words.length; ) {
      const n = beside(at);
      if (n === 0) return false;
      at += n;
    }
    return true;
  };
  return words.some((_, at) => {
    const n = phraseAt(words, at, FAREWELLS);
    if (n === 0 || !onlyBesideFrom(at + n)) return false;
    if (!ALONE.has(words.slice(at, at + n).join(' '))) return true;
    return at === 0 || tokens[at].breakBefore || beside(at - 1) > 0;
  });
}

/** the welcome's words a question can ask about ("product sense"), not its call to start ("Ready to start?") */
const READY_KEYS = keyStems(ANSWER_DATA.ready.join(' '));
const welcomeKeys = (p: DialoguePersona) =>
  new Set([...keyStems(p.persona.welcomeMessage)].filter((k) => !READY_KEYS.has(k)));

/**
 * Whether a question before the persona's first one belongs to the opening: "Yes! Where do you want
 * me to start?" says the user is ready, "What do you mean by product sense?" asks about the welcome.
 */
function opensTheCall(p: DialoguePersona, turn: string, questions: string[]): boolean {
  const asked = questions.join(' ');
  const keys = [...keyStems(asked)];
  const welcome = welcomeKeys(p);
  // "How many agents do you have?" is short, but asks about a thing of its own
  const ownWords = keys.filter((k) => !READY_KEYS.has(k) && !welcome.has(k));
  // about the welcome when most of what it names is the welcome's ("What do you mean by product
  // sense?"), not for a word in passing ("Before I show anything, how do you handle picking errors?")
  const fromWelcome = keys.filter((k) => welcome.has(k)).length;
  // "How many agents do you have on Zendesk?" asks for a figure, whatever of the welcome it names
  const amount = saysAny(asked, BRIEF.amountAsks).length > 0;
  return (
    (isReadiness(turn, p.names) && ownWords.length === 0) ||
    saysAny(asked, BRIEF.clarifications).length > 0 ||
    (fromWelcome > 0 && fromWelcome * 2 >= keys.length && !amount)
  );
}

/**
 * Whether questions the user asks are about the persona's question on the table ("What do you mean?",
 * brief.json clarifications). One that only shares its words ("What does the next level look like
 * here?" to "Why do you feel you are ready for the next level?") asks the persona something.
 */
function asksAbout(questions: string[]): boolean {
  return saysAny(questions.join(' '), BRIEF.clarifications).length > 0;
}

export type ConversationState = {
  asked: boolean[];
  /** the question on the table, or null before the first one */
  current: number | null;
  /** the follow-ups asked on the question on the table ('other': a line not from the data) */
  followUps: (FollowUpKind | 'other')[];
  /** the user's turns, per question */
  answers: string[][];
  /** the user's turns before any question was asked */
  preAnswers: string[];
  closed: boolean;
  /** user turns since the call was closed */
  afterClose: number;
  /** every agent line so far, normalised (to avoid saying a follow-up twice) */
  agentLines: string[];
};

/** a follow-up line's fixed words as a pattern, its slots matching anything */
const FOLLOW_UP_PATTERNS: { kind: FollowUpKind; re: RegExp }[] = FOLLOW_UP_KINDS.flatMap((kind) =>
  LINES.followUps[kind].map((l) => ({
    kind,
    re: new RegExp(
      normalise(l.text)
        .split(/\s*\b(?:topic|quote|part)\b\s*/i)
        .map(escapeRegex)
        .join('.+?'),
    ),
  })),
);
const CLOSINGS = [
  ...LINES.closings,
  ...LINES.closingsHeard,
  ...LINES.farewells,
  ...LINES.afterClosing,
  ...LINES.dealClosings,
  // a figure taken back: its words after the figure
  ...LINES.offersTakenBack.map((l) => ({ ...l, text: l.text.split('{figure}').at(-1) ?? '' })),
].map((l) => normalise(l.text));

export type ReadOptions = {
  /**
   * Lines written by a model, not from the data: a question counts as asked when a question of
   * the line has most of its words, and any line after it counts as a follow-up.
   */
  fuzzy?: boolean;
};

export function questionsIn(p: DialoguePersona, line: string, fuzzy = false): number[] {
  const text = normalise(line);
  const found = p.questionForms.flatMap((forms, i) => (forms.some((f) => text.includes(f)) ? [i] : []));
  if (found.length || !fuzzy) return found;
  const asks = line.split(/(?<=[?.!])\s+/).filter((s) => s.trim().endsWith('?'));
  return p.questionKeys.flatMap((keys, i) =>
    asks.some((s) => {
      const shared = overlap(keys, keyStems(s));
      return shared >= 2 && shared / keys.size >= 0.75;
    })
      ? [i]
      : [],
  );
}

const AGAIN = [...LINES.again, ...LINES.breakingUp].map((l) => normalise(l.text));

export function followUpKindsIn(line: string): FollowUpKind[] {
  const text = normalise(line);
  return FOLLOW_UP_PATTERNS.filter((p) => p.re.test(text)).map((p) => p.kind);
}

/** what an answer to a question is read against; `followUp` is the follow-up just asked, if any */
export function listeningContext(p: DialoguePersona, question: string, followUp = ''): ListeningContext {
  return {
    question: `${question} ${followUp}`.trim(),
    scenario: p.scenario,
    names: p.names,
    experience: asksAboutExperience(question),
    fields: p.fields,
    userLeads: p.userLeads,
  };
}

export function readConversation(
  p: DialoguePersona,
  history: Turn[],
  opts: ReadOptions = {},
): ConversationState {
  const s: ConversationState = {
    asked: p.questions.map(() => false),
    current: null,
    followUps: [],
    answers: p.questions.map(() => []),
    preAnswers: [],
    closed: false,
    afterClose: 0,
    agentLines: [],
  };
  for (const turn of history) {
    if (turn.speaker === 'agent') {
      const text = normalise(turn.text);
      s.agentLines.push(text);
      if (CLOSINGS.some((c) => text.includes(c))) s.closed = true;
      if (opts.fuzzy && s.current !== null && MODEL_PROMPT.closedWhen.some((m) => says(turn.text, m))) {
        s.closed = s.asked.every(Boolean) || s.closed;
      }
      // a question said again because the user asked to hear it is neither new nor a follow-up
      if (AGAIN.some((lead) => text.startsWith(lead))) continue;
      const asked = questionsIn(p, turn.text, opts.fuzzy);
      if (asked.length) {
        for (const i of asked) s.asked[i] = true;
        s.current = asked[asked.length - 1];
        s.followUps = [];
      } else if (s.current !== null) {
        const kinds = followUpKindsIn(turn.text);
        if (kinds.length) s.followUps.push(kinds[0]);
        else if (opts.fuzzy) s.followUps.push('other');
      }
      continue;
    }
    if (s.closed) {
      s.afterClose++;
      continue;
    }
    // a question the persona answered from its brief answers nothing, nor does asking to hear the
    // question again or for a moment: its own question stays open
    if (asksToRepeat(turn.text) || asksForAMoment(turn.text, p.names)) continue;
    if (asksAboutTheQuestion(p, turn.text, s.current)) continue;
    // an answer that then asks the persona something answers the question on the table
    if (answersAndAsks(p, turn.text, s.current) && s.current !== null) {
      s.answers[s.current].push(turn.text);
      continue;
    }
    if (answeredFromBrief(p, turn.text, s.agentLines, s.current)) continue;
    // nor does asking for the persona's side ("What would make this work for you?"), or only
    // proposing a next step ("Could we book 30 minutes next Tuesday?")
    if (asksForView(p, turn.text) || proposesNextStep(p, turn.text, s.current)?.only) continue;
    // nor thanks alone ("Thanks, I appreciate that.")
    if (s.current !== null && thanksOnly(turn.text, p.names)) continue;
    if (s.current !== null) {
      s.answers[s.current].push(turn.text);
      continue;
    }
    // before any question: a first answer that already speaks to the first question answers it
    const first = s.asked.indexOf(false);
    if (first >= 0 && !isReadiness(turn.text, p.names)) {
      const reading = readAnswer(turn.text, listeningContext(p, p.questions[first]));
      // to a persona the user leads, what the user opens with is what it reacts to ("Wait, who said
      // that?"), unless its question only invites them to begin ("What did you want to talk about?")
      const speaksTo = p.userLeads
        ? saysAny(p.questions[first], ANSWER_DATA.invitations).length > 0
        : touches(p.questions[first], turn.text, p.identity);
      if (!['hostile', 'oneWord', 'repeat', 'offTopic', 'otherWork'].includes(reading.kind) && speaksTo) {
        s.asked[first] = true;
        s.current = first;
        s.followUps = [];
        s.answers[first].push(turn.text);
        continue;
      }
    }
    s.preAnswers.push(turn.text);
  }
  return s;
}

/** the next question to ask: the first neither asked nor already answered by something the user said */
/**
 * Whether question `i` of a persona the user leads reacts to what the user raises ("I don't think
 * it's fair to bring up my behaviour in team meetings."; answers.json raisedByUser) and no turn of
 * the user's has raised it yet: a report hearing feedback does not bring up what the manager has not.
 */
function waitsToBeRaised(p: DialoguePersona, i: number, userTurns: string[]): boolean {
  if (!p.userLeads) return false;
  const question = normalise(p.questions[i]);
  const lead = ANSWER_DATA.raisedByUser.find((r) => question.startsWith(normalise(r)));
  if (!lead) return false;
  const raised = [...keyStems(question.slice(normalise(lead).length).split(/[.?!]/)[0])].filter(
    (k) => !p.identity.has(k),
  );
  return !userTurns.some((t) => raised.some((k) => keyStems(t).has(k)));
}

/** the user's turns so far, for what they have raised */
const userTurnsOf = (s: ConversationState) => [...s.preAnswers, ...s.answers.flat()];

/** The questions not asked yet that wait for the user to raise what they react to (waitsToBeRaised). */
export function waitingQuestions(p: DialoguePersona, s: ConversationState): number[] {
  const turns = userTurnsOf(s);
  return p.questions.flatMap((_, i) => (!s.asked[i] && waitsToBeRaised(p, i, turns) ? [i] : []));
}

export function nextQuestion(p: DialoguePersona, s: ConversationState): number | null {
  const said = userTurnsOf(s).filter((a) => !isReadiness(a, p.names));
  const told = hasToldItsSide(p, s.agentLines);
  // a figure the user asked for and the persona bargained over answers its question for a figure
  const bargained = p.terms.length > 0 && said.some((a) => asksIn(p.terms, a, false).length > 0);
  for (let i = 0; i < p.questions.length; i++) {
    if (s.asked[i]) continue;
    if (said.some((a) => answers(p.questions[i], a))) continue;
    if (bargained && saysAny(p.questions[i], ANSWER_DATA.figures.asks).length) continue;
    // "Honestly, I'm fine. What did you want to talk about?" is past once it has told its side
    if (told && saysAny(p.questions[i], ANSWER_DATA.invitations).length) continue;
    if (waitsToBeRaised(p, i, said)) continue;
    return i;
  }
  return null;
}

/** the fewest words of a fact the persona tells as its side */
const MIN_STORY_WORDS = 6;

/**
 * Whether a fact of its brief tells the persona's side: one besides who it is, of six words or more
 * ("Renewing your design retainer." names a matter, and tells nothing), or the sentence of who it is
 * when it says that much more than who it is, as a generated persona's does ("I'm Linda, an IT
 * manager at a mid-size retailer, annoyed because your sync broke twice this month.").
 */
export function tellsItsSide(p: DialoguePersona, fact: BriefFact): boolean {
  // "I'm a senior analyst on your team.": who it is, in other words
  const who = fact.identity || (/^I'm\b/.test(fact.text) && [...fact.keys].some((k) => p.identity.has(k)));
  return who
    ? [...fact.keys].filter((k) => !p.identity.has(k)).length >= MIN_STORY_WORDS
    : countWords(fact.text) >= MIN_STORY_WORDS;
}

/** whether a persona the user leads has told its side (tellsItsSide) */
function hasToldItsSide(p: DialoguePersona, agentLines: string[]): boolean {
  return (
    p.userLeads &&
    p.brief.facts.some((f) => tellsItsSide(p, f) && agentLines.some((line) => line.includes(f.normalised)))
  );
}

/** the questions the user has answered without being asked (skipped for that reason) */
export function answeredUnasked(p: DialoguePersona, s: ConversationState): number[] {
  const said = [...s.preAnswers, ...s.answers.flat()].filter((a) => !isReadiness(a, p.names));
  return p.questions.flatMap((q, i) => (!s.asked[i] && said.some((a) => answers(q, a)) ? [i] : []));
}

export const MAX_FOLLOW_UPS = ANSWER_DATA.maxFollowUps;
