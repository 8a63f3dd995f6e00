// The built-in persona's next line, chosen from what was said: it names something from the answer
// in the persona's own voice, asks the follow-up the answer calls for (at most two per question),
// or moves on to the next question nobody has asked or answered yet, and closes when none is left.
// Every line it says comes from lines.json in the persona's temperament; which variant is said
// depends on the answer and the turn, never on chance.

import { answersAnotherQuestion } from '../../../../shared/domain/other-questions.js';
import type { Temperament } from '../../../../shared/domain/temperament.js';
import { escapeRegex } from '../../../../shared/escape-regex.js';
import { stableHash } from '../../../../shared/stable-hash.js';
import type { Turn } from '../brain.js';
import { isPleasantry, isTimeCheck, questionsToPersona, toldByUser } from './brief.js';
import {
  answeredAtTheEnd,
  answeredFromBrief,
  answersAndAsks,
  asksAboutTheQuestion,
  asksForAMoment,
  asksForView,
  asksToRepeat,
  asksWhatItNeeds,
  type ConversationState,
  type DialoguePersona,
  leavesTheCall,
  listeningContext,
  MAX_FOLLOW_UPS,
  nextQuestion,
  proposesNextStep,
  readConversation,
  tellsItsSide,
  waitingQuestions,
} from './conversation.js';
import {
  type AckKind,
  AMOUNT_ONLY,
  ANSWER_DATA,
  type FollowUpKind,
  LINES,
  type Line,
  NEGOTIATION,
  ONE_WORD_ONLY,
  PAST_ONLY,
} from './data.js';
import {
  type AnswerKind,
  type AnswerReading,
  answersYesOrNo,
  asksForASpan,
  courtesiesOnly,
  givesFigureOnly,
  howPartOf,
  isReadiness,
  namesAmount,
  offeredFigure,
  partLeftOut,
  questionTopic,
  readAnswer,
  salientPhrase,
  thanksOnly,
  touches,
  wordsBesides,
} from './listen.js';
import {
  asksForRoom,
  asksWhyItMoves,
  type Bargain,
  figuresIn,
  movedTerms,
  readBargain,
  reopensDeal,
  requestedElse,
  restateFigures,
  sayFigure,
} from './negotiation.js';
import { offRegister } from './temperament.js';
import { contentStems, fill, keyStems, normalise, says, saysAny, sentencesOf } from './text.js';

export type LinePart = {
  role:
    | 'welcome'
    | 'opening'
    | 'begin'
    | 'lead'
    | 'acknowledgement'
    | 'follow-up'
    | 'transition'
    | 'answer-lead'
    | 'brief'
    | 'deflection'
    | 'still-asking'
    | 'next-step'
    | 'bargain'
    | 'pleasantry'
    | 'go-ahead'
    | 'again'
    | 'question'
    | 'closing'
    | 'after-closing';
  text: string;
  /** the temperament of the data line it came from; null for the scenario's own words */
  temperament: Temperament | null;
  /** the words of it that are the user's own, quoted back */
  quote?: string;
};

export type DialogueLine = {
  text: string;
  move:
    | 'opening'
    | 'begin'
    | 'go-ahead'
    | 'follow-up'
    | 'next'
    | 'answer'
    | 'counter'
    | 'again'
    | 'close'
    | 'after-close';
  /** the follow-up rule applied, if the line is a follow-up */
  rule: FollowUpKind | null;
  /** how the answer it replies to was read */
  answer: AnswerKind | 'ready' | null;
  /** the sample question the line asks, if any */
  question: number | null;
  parts: LinePart[];
};

const ofTemperament = (lines: Line[], t: Temperament) => lines.filter((l) => l.temperament === t);

const TEMPLATE_PATTERNS = new Map<string, RegExp>();
function templatePattern(template: string): RegExp {
  let re = TEMPLATE_PATTERNS.get(template);
  if (!re) {
    // each fixed part between the slots ({topic}, {Figure}, …) as whole words: "{Asked}? No.
    // {Counter}." is not any line with "noted" in it
    re = new RegExp(
      template
        .split(/\{\w+\}/)
        .map(normalise)
        .map((part) => (part ? `(?<![\\p{L}\\p{N}'])${escapeRegex(part)}(?![\\p{L}\\p{N}'])` : ''))
        .join('.+?'),
      'u',
    );
    TEMPLATE_PATTERNS.set(template, re);
  }
  return re;
}

/**
 * A line of the temperament, varied by the seed, preferring one not said yet in this call; once all
 * are said, the one said longest ago (never the line just said). `said`: the persona's lines so far.
 */
export function choose(
  lines: Line[],
  t: Temperament,
  seed: number,
  said: string[],
  filter?: (l: Line) => boolean,
): Line {
  let list = ofTemperament(lines, t);
  if (filter) list = list.filter(filter).length ? list.filter(filter) : list;
  // which of the lines each thing said was: of those whose words it holds, the one with the most
  // words fixed ("I'm not sure that answers my question." is in "Sorry, I'm not sure that answers
  // my question about {topic}.")
  const fixed = (l: Line) => normalise(l.text.replace(/\{\w+\}/g, ' ')).length;
  const owners = new Map<string, Line>();
  const owner = (s: string) => {
    let o = owners.get(s);
    if (!o) {
      o = list
        .filter((l) => templatePattern(l.text).test(s))
        .reduce((a, b) => (fixed(a) >= fixed(b) ? a : b));
      owners.set(s, o);
    }
    return o;
  };
  // each line's last place in what was said (-1: not said), in the seed's order
  const last = list.map((_, k) => {
    const line = list[(seed + k) % list.length];
    const pattern = templatePattern(line.text);
    return { line, at: said.findLastIndex((s) => pattern.test(s) && owner(s) === line) };
  });
  const unsaid = last.find((l) => l.at < 0);
  if (unsaid) return unsaid.line;
  // all said: the one said longest ago, not the line just said again
  return last.reduce((a, b) => (b.at < a.at ? b : a)).line;
}

export function introOf(p: DialoguePersona): string {
  const { name, role, company } = p.persona;
  const job =
    role.trim() && company.trim() ? `${role.trim()} at ${company.trim()}` : role.trim() || company.trim();
  return [name.trim(), job].filter(Boolean).join(', ') || 'your practice partner';
}

/** The first line of a call: the scenario's welcome, unless it is blank or out of character. */
export function openingFor(p: DialoguePersona): DialogueLine {
  const welcome = p.persona.welcomeMessage.trim();
  if (welcome && offRegister(welcome, p.temperament).length === 0) {
    return line('opening', null, null, null, [{ role: 'welcome', text: welcome, temperament: null }]);
  }
  const opening = choose(LINES.openings, p.temperament, stableHash(p.persona.name), []);
  return line('opening', null, null, null, [
    { role: 'opening', text: fill(opening.text, { intro: introOf(p) }), temperament: opening.temperament },
  ]);
}

function line(
  move: DialogueLine['move'],
  rule: FollowUpKind | null,
  answer: DialogueLine['answer'],
  question: number | null,
  parts: LinePart[],
): DialogueLine {
  const said = withoutEchoes(parts);
  return { text: said.map((x) => x.text).join(' '), move, rule, answer, question, parts: said };
}

/**
 * Parts with a sentence said twice in a row taken out of the first ("The plan. Right." then "Right.
 * I'll hold you to that." says "The plan. Right. I'll hold you to that."): the later part is the one
 * a reading of the conversation recognises (a closing, a follow-up), so it stays whole.
 */
function withoutEchoes(parts: LinePart[]): LinePart[] {
  return parts.map((part, i) => {
    const next = i + 1 < parts.length ? sentencesOf(parts[i + 1].text)[0]?.toLowerCase() : undefined;
    const sentences = sentencesOf(part.text);
    const last = sentences.at(-1)?.toLowerCase();
    return next && sentences.length > 1 && last === next
      ? { ...part, text: sentences.slice(0, -1).join(' ') }
      : part;
  });
}

/** how the persona names what the user said: which kind of acknowledgement, quoting what */
function acknowledgement(
  p: DialoguePersona,
  answer: string,
  reading: AnswerReading,
  question: string,
  movingOn: boolean,
  said: string[] = [],
): { kind: AckKind; quote: string | null } {
  if (reading.hostile) return { kind: 'hostile', quote: reading.hostile.say };
  // heard before: naming it back again would praise it twice
  if (reading.repeat) return { kind: 'plain', quote: null };
  const phrase = salientPhrase(answer, {
    names: p.names,
    echo: contentStems(question),
    prefer: reading.offTopic ? ANSWER_DATA.offTopic : undefined,
    spanAsked: asksForASpan(question),
    // "Three teams, I see." … "Three teams, understood.": what it named back before, named again
    quoted: said,
  });
  if (!phrase) return { kind: 'plain', quote: null };
  if (reading.oneWord) return { kind: movingOn ? 'plain' : 'word', quote: movingOn ? null : phrase.text };
  if (reading.offTopic) return { kind: 'offTopic', quote: phrase.text };
  // the follow-up names the other work itself
  if (reading.otherWork.length) return { kind: 'plain', quote: null };
  // "ratings dropped to 2 stars" of a project that failed is named back, not praised
  if (saysAny(question, ANSWER_DATA.setbackAsks).length) return { kind: 'thing', quote: phrase.text };
  if (phrase.kind === 'result') return { kind: 'result', quote: phrase.text };
  if (phrase.kind === 'number') return { kind: 'number', quote: phrase.text };
  return { kind: 'thing', quote: phrase.text };
}

function ackPart(
  p: DialoguePersona,
  ack: { kind: AckKind; quote: string | null },
  seed: number,
  said: string[],
): LinePart {
  // "Two engineers — that's quite something!": a count is no amount to marvel at
  const count = ack.kind === 'number' && !namesAmount(ack.quote ?? '');
  const chosen = choose(
    LINES.acknowledgements[ack.kind],
    p.temperament,
    seed,
    said,
    (l) => !count || saysAny(l.text, AMOUNT_ONLY).length === 0,
  );
  return {
    role: 'acknowledgement',
    text: fill(chosen.text, { quote: ack.quote ?? '' }),
    temperament: chosen.temperament,
    ...(ack.quote ? { quote: ack.quote } : {}),
  };
}

/** the figure a user who leads offers or proposes in `answer` ("Could we meet at 1,300?"), if any */
const offerIn = (p: DialoguePersona, answer: string) => (p.userLeads ? offeredFigure(answer, p.names) : null);

/**
 * the figure last offered in the call by a user who leads a persona with no figures of its own to
 * bargain with (negotiation.ts reads none in its brief), if any: what it takes back at its close
 */
function lastOfferWithoutTerms(p: DialoguePersona, history: Turn[]): string | null {
  if (p.terms.length > 0) return null;
  for (const turn of history.toReversed()) {
    const offered = turn.speaker === 'user' ? offerIn(p, turn.text) : null;
    if (offered) return offered;
  }
  return null;
}

/** whether a user who leads asks the persona to do something ("Could you flag it…?": answers.json requests) */
const requestIn = (p: DialoguePersona, answer: string) =>
  p.userLeads && saysAny(answer, ANSWER_DATA.requests).length > 0;

/** its agreement to what it was asked to do, in its temperament ("I suppose I can do that.") */
function agreement(p: DialoguePersona, seed: number, said: string[]): LinePart {
  const agreed = choose(LINES.requestsAgreed, p.temperament, seed, said);
  return { role: 'acknowledgement', text: agreed.text, temperament: agreed.temperament };
}

/** its answer to an offered figure, in its temperament ("1,300. That's still not where I need to be.") */
function offerPart(p: DialoguePersona, offered: string, seed: number, said: string[]): LinePart {
  const chosen = choose(LINES.offersHeard, p.temperament, seed, said);
  return {
    role: 'acknowledgement',
    text: fill(chosen.text, { quote: offered }),
    temperament: chosen.temperament,
    quote: offered,
  };
}

/** What the persona says to what it heard: its answer to an offered figure, else its acknowledgement. */
function heardPart(
  p: DialoguePersona,
  answer: string,
  ack: { kind: AckKind; quote: string | null },
  seed: number,
  said: string[],
): LinePart {
  const offered = offerIn(p, answer);
  return offered ? offerPart(p, offered, seed, said) : ackPart(p, ack, seed, said);
}

/**
 * the follow-up an answer calls for on this question, or null to move on; a thin answer to a
 * question asking why is asked what led to it rather than for an example, and one that only promises
 * something ('evaded': "We'll refund a month." to "Why did it take that long?") for the cause;
 * a thin answer to how the user feels ("I'm excited about it overall.") what in it they would change
 */
function followUpRule(
  reading: AnswerReading,
  used: (FollowUpKind | 'other')[],
  { cause, unanswered, feeling, part }: QuestionAsks,
): FollowUpKind | null {
  if (used.length >= MAX_FOLLOW_UPS) return null;
  const fresh = (k: FollowUpKind) => !used.includes(k);
  if (reading.hostile) return fresh('hostile') ? 'hostile' : null;
  if (reading.oneWord) return fresh('expand') ? 'expand' : null;
  if (reading.repeat) return fresh('repeat') ? 'repeat' : null;
  if (reading.offTopic) return fresh('offTopic') ? 'offTopic' : null;
  if (reading.otherWork.length) return fresh('otherWork') ? 'otherWork' : null;
  if (cause === 'evaded' && fresh('noCause')) return 'noCause';
  if (reading.vague && cause === 'asked' && fresh('cause')) return 'cause';
  if (reading.vague && feeling && fresh('feeling')) return 'feeling';
  if (unanswered && fresh('unanswered')) return 'unanswered';
  // "…and what did you learn?" left out once the user answers another part asked for: that part
  if (part !== null && used.includes('part')) return 'part';
  // what the user would change, asked after how they feel, is theirs to say in a word or two
  if (reading.vague && fresh('example') && !used.includes('feeling')) return 'example';
  if (reading.weOnly && fresh('self')) return 'self';
  // "What was your part in it and what did you learn?" answered with what happened: the part left out
  if (part !== null) return 'part';
  if (reading.noResult && fresh('result')) return 'result';
  return null;
}

/** what the question on the table asks of the answer, beyond its reading (see followUpRule) */
type QuestionAsks = {
  /** causeAsked */
  cause: 'none' | 'asked' | 'evaded';
  /** a worry the persona stated, not spoken to by its first answer */
  unanswered: boolean;
  /** how the user feels (answers.json feelingAsks) */
  feeling: boolean;
  /** the part of the question its answers have left out ("what did you learn", partLeftOut), not asked yet */
  part: string | null;
};

/**
 * whether a question asks why ("How did that happen?") and the answer names no cause (answers.json
 * causeAsks, causeSays): 'evaded' when it only promises or offers something ("We'll refund a
 * month.": commitments, nothing told of what was done), else 'asked'; 'none' for any other question
 * or an answer that gives a cause ("Because I messed up.")
 */
function causeAsked(question: string, answer: string, reading: AnswerReading): 'none' | 'asked' | 'evaded' {
  if (saysAny(question, ANSWER_DATA.causeAsks).length === 0) return 'none';
  if (saysAny(answer, ANSWER_DATA.causeSays).length > 0) return 'none';
  const promises = saysAny(answer, ANSWER_DATA.commitments).length > 0;
  return promises && !reading.narrates ? 'evaded' : 'asked';
}

/** what the persona's side says openly, figures included: its brief's facts, welcome and questions */
const scenarioText = (p: DialoguePersona) =>
  [...p.brief.facts.map((f) => f.text), p.persona.welcomeMessage, ...p.questions].join('\n');

/** the next question with the words that lead into it, or the closing line when none is left */
function questionParts(
  p: DialoguePersona,
  index: number | null,
  lead: 'begin' | 'lead' | 'transition',
  seed: number,
  said: string[],
  answer = '',
  offer: string | null = null,
): LinePart[] {
  if (index === null) {
    // a counterpart with no figures of its own, offered one, takes it back to decide rather than
    // agreeing or refusing on the call ("I can't agree to 85,000 today. I'll take it back.")
    if (offer) {
      const back = choose(LINES.offersTakenBack, p.temperament, seed, said);
      return [{ role: 'closing', text: fill(back.text, { figure: offer }), temperament: back.temperament }];
    }
    // a report or a prospect the user led has heard them out, rather than asked its questions
    const closing = choose(p.userLeads ? LINES.closingsHeard : LINES.closings, p.temperament, seed, said);
    return [{ role: 'closing', text: closing.text, temperament: closing.temperament }];
  }
  // "170." to "What number…, and how did you arrive at it?": only how is left to ask, right after the
  // answer that named the figure
  const how = howPartOf(p.questions[index]);
  if (how && givesFigureOnly(p.questions[index], answer, scenarioText(p))) {
    return [{ role: 'question', text: how, temperament: null }];
  }
  // a persona the user leads (a report hearing feedback, a prospect hearing a pitch) asks its next
  // question as it comes to mind, not as an interviewer moving on ("Let's move on.")
  if (p.userLeads) return [{ role: 'question', text: p.questions[index], temperament: null }];
  const lines = { begin: LINES.begin, lead: LINES.lead, transition: LINES.transitions }[lead];
  const chosen = choose(lines, p.temperament, seed, said);
  return [
    { role: lead, text: chosen.text, temperament: chosen.temperament },
    { role: 'question', text: p.questions[index], temperament: null },
  ];
}

/**
 * What the persona says to a question the user asked it (answeredFromBrief): the fact of its brief
 * after a lead, or its decline: kept back, not to hand, or one it does not hold, which it keeps for
 * the end (`closing`: it is closing the call now, and follows it up after instead).
 */
function questionReplyParts(
  p: DialoguePersona,
  found: NonNullable<ReturnType<typeof answeredFromBrief>>,
  seed: number,
  said: string[],
  closing = false,
): LinePart[] {
  if (typeof found !== 'string' && 'detail' in found) {
    return [{ role: 'brief', text: found.detail, temperament: null }];
  }
  if (typeof found !== 'string') {
    const lead = choose(found.again ? LINES.alreadySaid : LINES.answerLeads, p.temperament, seed, said);
    return [
      { role: 'answer-lead', text: lead.text, temperament: lead.temperament },
      { role: 'brief', text: found.fact.text, temperament: null },
    ];
  }
  const declined = choose(
    found === 'no fact'
      ? closing
        ? LINES.unknownsAfterClose
        : p.userLeads
          ? LINES.unknownsLed
          : LINES.unknowns
      : found === 'not to hand'
        ? LINES.notToHand
        : LINES.deflections,
    p.temperament,
    seed,
    said,
  );
  return [{ role: 'deflection', text: declined.text, temperament: declined.temperament }];
}

/** what the user stated before its last turn (its questions to the persona are no statements) */
const toldBefore = (history: Turn[]) =>
  history
    .slice(0, -1)
    .filter((t) => t.speaker === 'user' && !questionsToPersona(t.text))
    .map((t) => t.text);

/**
 * The reply to questions the user asked the persona: the fact of its brief that answers them (one
 * said before is said again as such), or a line that declines in its temperament for what the brief
 * keeps back or does not hold; then, while its own question on the table has had no answer, a pointer back to it
 * (not the question again, which would be asking it twice).
 */
function answerQuestions(
  p: DialoguePersona,
  s: ConversationState,
  found: NonNullable<ReturnType<typeof answeredFromBrief>>,
  seed: number,
): DialogueLine {
  const said = s.agentLines;
  const parts = questionReplyParts(p, found, seed, said);
  if (
    !s.closed &&
    s.current === null &&
    (found === 'no fact' || found === 'not to hand' || (typeof found === 'object' && 'detail' in found))
  ) {
    // declined before its first question: the persona goes on with that question
    const next = nextQuestion(p, s);
    return line(next === null ? 'close' : 'begin', null, null, next, [
      ...parts,
      ...questionParts(p, next, 'lead', seed, said),
    ]);
  }
  if (!s.closed && s.current !== null && s.answers[s.current].length === 0) {
    const topic = questionTopic(p.questions[s.current]);
    // the question's topic named once ("Which still leaves our checkout down."), then plainly
    const named = (l: Line) => l.text.includes('{topic}');
    const topicSaid = ofTemperament(LINES.stillAsking, p.temperament).some(
      (l) => named(l) && said.some((s) => s.includes(normalise(fill(l.text, { topic: topic ?? '' })))),
    );
    const back = choose(LINES.stillAsking, p.temperament, seed, said, (l) =>
      topic && !topicSaid ? named(l) : !named(l),
    );
    parts.push({
      role: 'still-asking',
      text: fill(back.text, { topic: topic ?? '' }),
      temperament: back.temperament,
    });
  }
  return line('answer', null, null, null, parts);
}

/** the fact of the persona's side that shares a topic word with the turn, for telling it again */
function toldAgain(p: DialoguePersona, turn: string) {
  const keys = keyStems(turn);
  return (
    p.brief.facts.find((f) => tellsItsSide(p, f) && !f.identity && [...f.keys].some((k) => keys.has(k))) ??
    null
  );
}

/**
 * The reply of a persona the user leads to a question about its side (asksForView): its view of what
 * happened is the next fact of its brief not said yet that tells its side, who it is last
 * (tellsItsSide: "Two weeks ago you presented a redesign to the leadership team…"); asked what would help, it says what it wants
 * settled: its own question still unanswered, or its next one. Its story told, the part of it the
 * question names is told again, as said before (toldAgain); with nothing of it to tell, or no
 * question left, its own words in its temperament ("It's not as simple as that.": ownStory;
 * "Honestly, I'm still taking it in.": ownView, asked what would help).
 * Not "Let's come back to that at the end": these are the questions a manager, a colleague or a
 * seller is there to ask. A persona that leads (a customer with a complaint) is asked its story
 * only, and tells it as it answers any question of its brief, pointing back to its own.
 */
function answerView(
  p: DialoguePersona,
  s: ConversationState,
  asked: 'story' | 'needs',
  seed: number,
  turn: string,
  statements: string[],
): DialogueLine {
  const said = s.agentLines;
  // the next fact that tells its side, who it is last (tellsItsSide)
  const toldKeys = keyStems(statements.join(' '));
  const untold = p.brief.facts
    .filter(
      (f) => tellsItsSide(p, f) && !said.some((l) => l.includes(f.normalised)) && !toldByUser(f, toldKeys),
    )
    .sort((a, b) => Number(a.identity) - Number(b.identity))[0];
  // all of its side told: the part of it the question names again ("What's your biggest worry about
  // phishing?" after the phishing incident), as said before
  const retold = untold ? null : toldAgain(p, turn);
  const told = untold ?? retold;
  if (asked === 'story' && told) {
    if (!p.userLeads || retold) return answerQuestions(p, s, { fact: told, again: retold !== null }, seed);
    return line('answer', null, null, null, [{ role: 'brief', text: told.text, temperament: null }]);
  }
  // a persona that leads, its story told, meets the question as any its brief cannot answer
  if (!p.userLeads) return answerQuestions(p, s, 'no fact', seed);
  // what it wants settled: its own question still unanswered, else its next one
  const pending = s.current !== null && s.answers[s.current].length === 0 ? s.current : null;
  if (asked === 'needs' && pending !== null) {
    return line('again', null, null, pending, questionParts(p, pending, 'transition', seed, said));
  }
  const next = asked === 'needs' ? nextQuestion(p, s) : null;
  if (next === null) {
    // nothing left to tell or to settle: its own view, and the floor stays with the user
    const view = choose(asked === 'story' ? ownStoryLines(turn) : LINES.ownView, p.temperament, seed, said);
    return line('answer', null, null, null, [
      { role: 'brief', text: view.text, temperament: view.temperament },
    ]);
  }
  return line(
    s.current === null ? 'begin' : 'next',
    null,
    null,
    next,
    questionParts(p, next, 'transition', seed, said),
  );
}

/** its side in its own words, for what the question asks: what held it back, how it feels, or what happened */
const ownStoryLines = (turn: string) =>
  saysAny(turn, ANSWER_DATA.viewAsks.causes).length
    ? LINES.ownCause
    : saysAny(turn, ANSWER_DATA.viewAsks.feelings).length
      ? LINES.ownFeeling
      : LINES.ownStory;

/**
 * The reply of a persona the user leads to a proposed next step (proposesNextStep): with a question
 * of its own still to settle, what it says to that and the question (the one on the table, when the
 * turn only proposed and it has had no answer; else its next); with none left, it agrees and closes;
 * once it has closed, it agrees.
 */
function replyToNextStep(
  p: DialoguePersona,
  s: ConversationState,
  only: boolean,
  seed: number,
): DialogueLine {
  const said = s.agentLines;
  if (s.closed) {
    // the call closed, and the user secures the next step: agreed
    const agreed = choose(LINES.nextStepsAgreed, p.temperament, seed, said);
    return line('after-close', null, null, null, [
      { role: 'next-step', text: agreed.text, temperament: agreed.temperament },
    ]);
  }
  const pending = only && s.current !== null && s.answers[s.current].length === 0 ? s.current : null;
  const next = pending ?? nextQuestion(p, s);
  const reply = choose(
    next === null ? LINES.nextStepsAgreed : LINES.nextStepsFirst,
    p.temperament,
    seed,
    said,
  );
  const part: LinePart = { role: 'next-step', text: reply.text, temperament: reply.temperament };
  const move = next === null ? 'close' : pending !== null ? 'again' : s.current === null ? 'begin' : 'next';
  return line(move, null, null, next, [part, ...questionParts(p, next, 'transition', seed, said)]);
}

/**
 * The persona's reply to a turn that answers its question and then asks it something
 * (answersAndAsks): what it says to the question (questionReplyParts: a fact, or kept for the end,
 * or, when it closes the call now, followed up after), then its reply to the point as to any answer.
 */
function answerThenReply(
  p: DialoguePersona,
  history: Turn[],
  mixed: { point: string; questions: string[] },
  seed: number,
  said: string[],
): DialogueLine {
  const reply = replyTo(p, [...history.slice(0, -1), { speaker: 'user', text: mixed.point }]);
  const found = answeredFromBrief(p, mixed.questions.join(' '), said, null, false);
  if (!found) return reply;
  const asked = questionReplyParts(p, found, seed, said, reply.move === 'close');
  return line(reply.move, reply.rule, reply.answer, reply.question, [...asked, ...reply.parts]);
}

/**
 * The persona's reply to a user who leaves before the call was closed ("Thanks for your time, bye.",
 * leavesTheCall): a persona that leads says it is fine to go (lines.json farewells), with its
 * questions left unasked; one the user leads says its closing, after agreeing to a next step the
 * turn proposes ("Great, I'll send the invite. Thanks, bye."). Its closing lines close the call.
 */
function replyToFarewell(p: DialoguePersona, s: ConversationState, answer: string, seed: number) {
  const said = s.agentLines;
  const parts: LinePart[] = [];
  if (proposesNextStep(p, answer, s.current)) {
    const agreed = choose(LINES.nextStepsAgreed, p.temperament, seed, said);
    parts.push({ role: 'next-step', text: agreed.text, temperament: agreed.temperament });
  }
  parts.push(farewellClosing(p, seed, said));
  return line('close', null, null, null, parts);
}

/** how the persona closes the call on a user who leaves: a persona the user leads says its closing */
function farewellClosing(p: DialoguePersona, seed: number, said: string[]): LinePart {
  const closing = choose(p.userLeads ? LINES.closingsHeard : LINES.farewells, p.temperament, seed, said);
  return { role: 'closing', text: closing.text, temperament: closing.temperament };
}

/** a term's figure as the persona names it, with the term's name when it bargains over several */
function termFigure(p: DialoguePersona, term: number, value: number): string {
  const t = p.terms[term];
  const figure = sayFigure(t, value);
  return p.terms.length > 1 && t.name ? `${figure} on the ${t.name}` : figure;
}

/** "the base salary at 165,000 and the signing bonus at 10,000", "the price at 430 per tonne, provided you sign a 12-month contract" */
function dealTerms(p: DialoguePersona, deal: NonNullable<Bargain['deal']>, levers: number[]): string {
  const each = [
    ...deal.map(({ term, value }) => {
      const t = p.terms[term];
      return t.name ? `the ${t.name} at ${sayFigure(t, value)}` : sayFigure(t, value);
    }),
    ...levers.map((l) => p.levers[l].say),
  ];
  const terms = each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : (each[0] ?? '');
  const provided = deal.find((d) => d.provided)?.provided;
  return provided ? `${terms}, provided you ${provided}` : terms;
}

/**
 * The reply of a persona whose brief gives it figures to bargain over, to a turn that asks for one
 * or takes its counter-offer (negotiation.ts): for each figure asked, taken, countered or held at its
 * limit, in its temperament; then what would take it further (a condition of its brief, another term
 * it can move on); once every term asked about is agreed, the deal said back, and the call closed.
 * A turn that also leaves the call ("…Thanks, bye.") closes it after the answer.
 */
function replyToBargain(
  p: DialoguePersona,
  s: ConversationState,
  bargain: Bargain,
  answer: string,
  seed: number,
): DialogueLine | null {
  const said = s.agentLines;
  const parts: LinePart[] = [];
  const say = (lines: Line[], slots: Record<string, string>, k = 0) => {
    const chosen = choose(lines, p.temperament, seed + k, said);
    parts.push({ role: 'bargain', text: fill(chosen.text, slots), temperament: chosen.temperament });
  };
  if (bargain.deal) {
    // every ask taken: the deal says them back
    say(LINES.deals, { terms: dealTerms(p, bargain.deal, bargain.levers) });
    say(LINES.dealClosings, {});
    return line('close', null, null, null, parts);
  }
  // what it takes first, then what it counters
  const moves = [...bargain.moves].sort((a, b) => Number(a.kind !== 'accept') - Number(b.kind !== 'accept'));
  moves.forEach((m, k) => {
    const asked = termFigure(p, m.term, m.asked);
    const value = sayFigure(p.terms[m.term], m.value);
    if (m.kind === 'accept') say(LINES.offersAccepted, { amount: asked }, k);
    else if (m.kind === 'stated') say(LINES.positionsStated, { counter: value }, k);
    else {
      const lines = {
        counter: LINES.offersCountered,
        limit: LINES.offersAtLimit,
        firm: LINES.offersHeldFirm,
      };
      say(lines[m.kind], { asked, counter: value }, k);
    }
  });
  for (const l of bargain.granted) say(LINES.leversGranted, { lever: p.levers[l].say });
  for (const { term, value } of bargain.standing) {
    const name = p.terms[term].name;
    if (name) say(LINES.offersStanding, { term: name, counter: sayFigure(p.terms[term], value) });
  }
  if (bargain.condition) say(LINES.conditionHints, { condition: bargain.condition });
  if (bargain.lever !== null) say(LINES.leversOffered, { lever: p.terms[bargain.lever].name ?? '' });
  // nothing to say of its terms (a term confirmed, the one still open unnamed): met as any turn
  if (!parts.length) return null;
  if (leavesTheCall(answer, p.names))
    return line('close', null, null, null, [...parts, farewellClosing(p, seed, said)]);
  return line('counter', null, null, null, parts);
}

/**
 * The question on the table said again, when the user asks to hear it ("Sorry, could you repeat
 * the question?"): the question on the table, or, when the persona's last line that asked something
 * was a follow-up, that follow-up's question sentences, after a lead in its temperament.
 */
function askAgain(
  p: DialoguePersona,
  s: ConversationState,
  history: Turn[],
  seed: number,
  leads: Line[] = LINES.again,
): DialogueLine {
  const onTable = p.questions[s.current ?? 0] ?? '';
  // the last line that asked something: a question, or the question on the table said as a request
  // ("Tell me about the largest organisation you have led.")
  const asking =
    history.findLast((t) => t.speaker === 'agent' && (t.text.includes('?') || t.text.includes(onTable)))
      ?.text ?? '';
  // the follow-up from its first question on, with what it asks for after it ("Such as? One real example.")
  const sentences = sentencesOf(asking);
  const from = sentences.findIndex((q) => q.trim().endsWith('?'));
  const followUp = from < 0 ? '' : sentences.slice(from).join(' ');
  // "Sure. Go ahead.", asked nothing: said again as it was
  const last = history.findLast((t) => t.speaker === 'agent')?.text ?? '';
  const goAhead = s.current === null && !last.includes('?') && last !== '';
  // "I can't quite get to 175,000, but I could do 160,000. How does that sound?": its counter-offer
  // said again whole, not only its last question
  const bargaining = makesAnOffer(last);
  // said again already: without the lead it had then ("Of course! Let me ask that again.")
  const offer = AGAIN_LEADS.reduce(
    (text, lead) => (text.startsWith(lead) ? text.slice(lead.length).trim() : text),
    last,
  );
  // the question on the table said last, as a question or not ("Design a feature that…."), is it
  const question = bargaining
    ? offer
    : goAhead
      ? last
      : last.includes(onTable) || asking.includes(onTable) || !followUp
        ? onTable
        : followUp;
  const lead = choose(leads, p.temperament, seed, s.agentLines);
  return line('again', null, null, s.current, [
    { role: 'again', text: lead.text, temperament: lead.temperament },
    { role: 'question', text: question, temperament: null },
  ]);
}

/** what leads a line said again */
const AGAIN_LEADS = [...LINES.again, ...LINES.breakingUp, ...LINES.reassurance, ...LINES.clarify].map(
  (l) => l.text,
);

/** the lines that make or state an offer, said again whole when the user asks to hear them again */
const BARGAIN_LINES = [
  ...LINES.offersCountered,
  ...LINES.offersAtLimit,
  ...LINES.offersHeldFirm,
  ...LINES.positionsStated,
  ...LINES.offersStanding,
];

const DEAL_CLOSINGS = LINES.dealClosings.map((l) => normalise(l.text));

/**
 * whether a turn after a deal confirms it ("So to confirm: 165,000 base and a 10,000 signing bonus.",
 * "Great, deal."): the call closed on a deal, and the turn names a figure or agrees, offering none
 * anew ("Could we meet at 420 next year?" is answered as an offer)
 */
const confirmsTheDeal = (s: ConversationState, turn: string) =>
  closedOnADeal(s) &&
  saysAny(turn, ANSWER_DATA.offers).length === 0 &&
  (figuresIn(turn).length > 0 || saysAny(turn, NEGOTIATION.agreements).length > 0 || says(turn, 'confirm'));

/** whether the persona closed the call on a deal (a dealClosings line) */
const closedOnADeal = (s: ConversationState) =>
  s.agentLines.some((l) => DEAL_CLOSINGS.some((c) => l.includes(c)));

/** whether a line of the persona's makes or states an offer ("…but I could do 160,000. How does that sound?") */
const makesAnOffer = (text: string) =>
  /\d/.test(text) && BARGAIN_LINES.some((l) => templatePattern(l.text).test(normalise(text)));

const NO_ANSWER_YET = LINES.noAnswerYet.map((l) => normalise(l.text));
const NO_ANSWER_WORDS = [...ANSWER_DATA.noAnswer, ...ANSWER_DATA.noAnswerFillers];
/** a turn that only says the user has no answer ("Honestly, I can't think of one.": answers.json noAnswer) */
const hasNoAnswer = (turn: string, names: Set<string>) =>
  saysAny(turn, ANSWER_DATA.noAnswer).length > 0 && wordsBesides(turn, NO_ANSWER_WORDS, names).length === 0;

/** how many times a persona the user leads asks whether there is anything else before it closes */
const MAX_ANYTHING_ELSE = 2;
/** "Anything else?" and "Sorry, you broke up…" as said lines are compared (normalised once) */
const ANYTHING_ELSE = LINES.anythingElse.map((l) => normalise(l.text));
const BREAKING_UP = LINES.breakingUp.map((l) => normalise(l.text));

/** what points back to the question on the table before it is said again ("Which still leaves my question.") */
const STILL_ASKING_PLAIN = LINES.stillAsking.filter((l) => !l.text.includes('{topic}'));

/** The persona's reply to a conversation that ends with the user's turn. */
export function nextLine(p: DialoguePersona, history: Turn[]): DialogueLine {
  const reply = withStandingFigures(p, history, replyTo(p, history));
  // "Hi Rachel, how are you?", "Have you got two minutes?" as the call opens: answered in kind,
  // before the rest of the reply
  const last = history.at(-1);
  const opening = !history.some((t, i) => t.speaker === 'user' && i < history.length - 1);
  const asked = opening && last?.speaker === 'user' ? smallTalkIn(last.text, p.names) : null;
  if (!asked) return reply;
  const kind = choose(
    asked === 'time' ? LINES.timeChecks : LINES.pleasantries,
    p.temperament,
    stableHash(last?.text ?? ''),
    [],
  );
  // it stands for the lead into the first question ("Not great. Good, let's not waste time.")
  const parts: LinePart[] = [
    { role: 'pleasantry', text: kind.text, temperament: kind.temperament },
    ...reply.parts.filter((part) => part.role !== 'begin'),
  ];
  return { ...reply, text: parts.map((x) => x.text).join(' '), parts };
}

/**
 * Its brief told again after it has moved on a figure ("What's the bonus target?" after a counter of
 * 155,000): the figure it has moved from said as it stands now ("a base salary of 155,000 dollars"),
 * not the opening it has left (the brief's 150,000, which read as taking the counter back).
 */
function withStandingFigures(p: DialoguePersona, history: Turn[], reply: DialogueLine): DialogueLine {
  if (!reply.parts.some((part) => part.role === 'brief')) return reply;
  const moved = movedTerms(p.terms, history, p.levers);
  if (!moved.length) return reply;
  const parts = reply.parts.map((part) =>
    part.role === 'brief' ? { ...part, text: restateFigures(p.terms, moved, part.text) } : part,
  );
  return { ...reply, text: parts.map((x) => x.text).join(' '), parts };
}

/**
 * What a turn asks of the persona by way of small talk: after it ("How are you doing today?": a
 * pleasantry with "how" or "you"), or whether it has time ("Have you got two minutes?").
 */
function smallTalkIn(turn: string, names: ReadonlySet<string>): 'pleasantry' | 'time' | null {
  const sentences = sentencesOf(turn);
  if (sentences.some((sentence) => isTimeCheck(sentence))) return 'time';
  return sentences.some((sentence) => isPleasantry(sentence, names) && /\b(how|you|your)\b/i.test(sentence))
    ? 'pleasantry'
    : null;
}

function replyTo(p: DialoguePersona, history: Turn[]): DialogueLine {
  const s = readConversation(p, history);
  const last = history.at(-1);
  const answer = last?.speaker === 'user' ? last.text : '';
  const seed = stableHash(answer) + history.length;
  const said = s.agentLines;
  // words the recogniser was unsure of: read as an answer, but none named back ("Oh, fifty four —")
  const unclear = last?.speaker === 'user' && last.unclear === true;
  const heard = (ack: { kind: AckKind; quote: string | null }) =>
    unclear ? { kind: 'plain' as const, quote: null } : ack;

  // a question the brief answers is answered, also once the call is closed (an interviewer who
  // invites the candidate's questions at the end)
  if (!s.closed && asksToRepeat(answer)) return askAgain(p, s, history, seed);
  // two answers in a row the recogniser was unsure of: the line is bad, and the persona says so as a
  // person on a call would, once, with its question again (the live call shows how to mend it)
  const before = history.slice(0, -1).findLast((t) => t.speaker === 'user');
  const brokeUp = said.some((l) => BREAKING_UP.some((b) => l.startsWith(b)));
  if (!s.closed && s.current !== null && unclear && before?.unclear && !brokeUp) {
    return askAgain(p, s, history, seed, LINES.breakingUp);
  }
  // "Sorry, I'm a bit nervous.": reassured, and the question again
  // (its question on the table, or its offer)
  const lastLine = history.findLast((t) => t.speaker === 'agent')?.text ?? '';
  if (!s.closed && (s.current !== null || makesAnOffer(lastLine)) && asksForAMoment(answer, p.names)) {
    return askAgain(p, s, history, seed, LINES.reassurance);
  }
  // "Honestly, I don't know.": encouraged, and the question again; the second time, left for the next
  if (!s.closed && s.current !== null && hasNoAnswer(answer, p.names)) {
    if (!NO_ANSWER_YET.some((l) => (said.at(-1) ?? '').startsWith(l))) {
      return askAgain(p, s, history, seed, LINES.noAnswerYet);
    }
    const next = nextQuestion(p, s);
    const left = choose(LINES.noAnswerMoveOn, p.temperament, seed, said);
    return line(next === null ? 'close' : 'next', null, 'oneWord', next, [
      { role: 'acknowledgement', text: left.text, temperament: left.temperament },
      ...questionParts(p, next, 'transition', seed, said),
    ]);
  }
  // "Can I use an example from my previous company?": granted; "What do you mean by resistance?":
  // the question again, in other words where it has them (its temperament's lead)
  const about = s.closed ? null : asksAboutTheQuestion(p, answer, s.current);
  if (about === 'meaning') return askAgain(p, s, history, seed, LINES.clarify);
  if (about === 'permission' || about === 'choice') {
    const granted = choose(about === 'choice' ? LINES.choices : LINES.permissions, p.temperament, seed, said);
    return line('answer', null, null, null, [
      { role: 'again', text: granted.text, temperament: granted.temperament },
    ]);
  }
  // "I was thinking 175,000.", "Could you do 420 per tonne?", "Okay, that works.": bargained over
  // when its brief gives it the figure (negotiation.ts)
  const bargain = s.closed ? null : readBargain(p.terms, history, p.levers);
  const bargained = bargain ? replyToBargain(p, s, bargain, answer, seed) : null;
  if (bargained) return bargained;
  // "Actually, could you do 165,000?" once the deal is made: it keeps to the deal
  const reopened = bargain ? null : reopensDeal(p.terms, history, p.levers);
  if (reopened) {
    const held = choose(LINES.dealsHeld, p.temperament, seed, said);
    const terms = dealTerms(p, reopened.deal, reopened.levers);
    return line('after-close', null, null, null, [
      { role: 'bargain', text: fill(held.text, { terms }), temperament: held.temperament },
    ]);
  }
  // "Is there any flexibility on the base?": some, and what the user has in mind
  if (!s.closed && asksForRoom(p.terms, answer)) {
    const room = choose(LINES.roomAsked, p.temperament, seed, said);
    return line('answer', null, null, null, [
      { role: 'bargain', text: room.text, temperament: room.temperament },
    ]);
  }
  // "Could I have two remote days a week?" of a persona that bargains, its brief silent on it: it
  // cannot agree to it on the call, and will check
  const request = s.closed ? null : requestedElse(p.terms, p.levers, answer);
  if (request) {
    const noted = choose(LINES.requestsNoted, p.temperament, seed, said);
    return line('answer', null, null, null, [
      { role: 'bargain', text: fill(noted.text, { request }), temperament: noted.temperament },
    ]);
  }
  // "Thanks for your time, bye.": the user leaves, and the persona closes the call ("Hi Dave, thanks
  // for your time." opens a call: a first turn does not leave)
  const earlierTurns = history.slice(0, -1).some((t) => t.speaker === 'user');
  if (!s.closed && earlierTurns && leavesTheCall(answer, p.names)) return replyToFarewell(p, s, answer, seed);
  // "I led the billing migration. How big is the team?": the question answered, then the point as an answer
  const mixed = !s.closed ? answersAndAsks(p, answer, s.current) : null;
  if (mixed) return answerThenReply(p, history, mixed, seed, said);
  // "Is there anything else you need from me?" to a persona that leads: its question on the table
  // again while it has no answer, else its next one ("How would I know? That's your job.")
  if (!s.closed && s.current !== null && asksWhatItNeeds(p, answer)) {
    if (s.answers[s.current].length === 0) return askAgain(p, s, history, seed, STILL_ASKING_PLAIN);
    const next = nextQuestion(p, s);
    return line(
      next === null ? 'close' : 'next',
      null,
      null,
      next,
      questionParts(p, next, 'transition', seed, said),
    );
  }
  // "Why the increase?" of a persona whose brief only says it wants the price up: its reason
  const why = s.closed ? null : asksWhyItMoves(p.terms, answer);
  if (why !== null) {
    const term = p.terms[why];
    const figure = sayFigure(term, term.status ?? term.opening);
    // a persona that is paid wants more (its costs), one that pays wants to pay less (its budget)
    const [first, again] =
      term.gives < 0
        ? [LINES.moveReasons, LINES.moveReasonsAgain]
        : [LINES.cutReasons, LINES.cutReasonsAgain];
    const given = first.some((r) => said.some((l) => l.includes(normalise(fill(r.text, { figure })))));
    const reason = choose(given ? again : first, p.temperament, seed, said);
    return line('answer', null, null, null, [
      { role: 'bargain', text: fill(reason.text, { figure }), temperament: reason.temperament },
    ]);
  }
  const statements = toldBefore(history);
  const found = answeredFromBrief(p, answer, said, s.current, s.closed, statements);
  // no fact asked for by its words, but its side ("How did that feel?"): what a fact or a decline
  // of what it keeps back answers, and a closed call, stay as they are
  const settled = s.closed || found === 'kept back' || (typeof found === 'object' && found !== null);
  const asked = settled ? null : asksForView(p, answer);
  if (asked) return answerView(p, s, asked, seed, answer, statements);
  if (found) return answerQuestions(p, s, found, seed);

  // "Could we book 30 minutes next Tuesday?": agreed, or what it wants settled first
  const proposal = proposesNextStep(p, answer, s.current);
  if (proposal) return replyToNextStep(p, s, proposal.only, seed);

  if (s.closed) {
    // a question it cannot answer, asked at the end ("saved for the end" included): followed up later
    // ("Is there anything else you need from me?" asks nothing it would follow up: it has heard enough)
    const asks =
      questionsToPersona(answer, p.names) && !asksForView(p, answer) && !asksWhatItNeeds(p, answer);
    const lines = leavesTheCall(answer, p.names)
      ? LINES.goodbyes
      : asks
        ? LINES.unknownsAfterClose
        : confirmsTheDeal(s, answer)
          ? LINES.dealsConfirmed
          : LINES.afterClosing;
    // "Could we meet at 1,300?" once it has closed: its answer to the offer first
    const offered = offerIn(p, answer);
    const offer = offered ? [offerPart(p, offered, seed, said)] : [];
    // a persona the user leads hears the user out after its own questions are done: it agrees to
    // what it is asked to do, and names what it is told rather than saying it has heard enough
    if (p.userLeads && lines === LINES.afterClosing && !offered) {
      const told = readAnswer(answer, { ...listeningContext(p, ''), unclear });
      if (requestIn(p, answer)) return line('after-close', null, null, null, [agreement(p, seed, said)]);
      if (!told.oneWord && !thanksOnly(answer, p.names) && !questionsToPersona(answer, p.names)) {
        const heardIt = choose(LINES.heardAfterClose, p.temperament, seed, said);
        return line('after-close', null, null, null, [
          ackPart(p, heard(acknowledgement(p, answer, told, '', true, said)), seed, said),
          { role: 'after-closing', text: heardIt.text, temperament: heardIt.temperament },
        ]);
      }
    }
    const after = choose(lines, p.temperament, s.afterClose + seed, said);
    return line('after-close', null, null, null, [
      ...offer,
      { role: 'after-closing', text: after.text, temperament: after.temperament },
    ]);
  }

  // a pitch or a point that ends on a question to the persona ("…How do you plan routes today?"):
  // what it heard, then the fact of its brief that answers; the floor stays with the user
  const handed = answeredAtTheEnd(p, answer, said);
  if (handed) {
    const point = answer.trim().slice(0, answer.trim().lastIndexOf(handed.questions[0])).trim();
    const question = p.questions[s.current ?? 0] ?? '';
    const reading = readAnswer(point, { ...listeningContext(p, question), unclear });
    const ack = ackPart(p, heard(acknowledgement(p, point, reading, question, true, said)), seed, said);
    const reply =
      'found' in handed
        ? answerQuestions(p, s, handed.found, seed)
        : answerView(p, s, handed.view, seed, handed.questions.join(' '), toldBefore(history));
    return line(reply.move, null, reading.kind, reply.question, [ack, ...reply.parts]);
  }
  if (s.current === null) {
    // the user's first reply, before any question
    const next = nextQuestion(p, s);
    // "Hi Rachel, this is Sam from RouteWise.": a greeting and a name say no more than "ready"
    if (isReadiness(answer, p.names) || !answer.trim() || courtesiesOnly(answer, p.names, !p.userLeads)) {
      // "Hi Alex, thanks for making time.": the user is to lead, and has not yet
      if (p.userLeads && history.filter((t) => t.speaker === 'user').length === 1) {
        const go = choose(LINES.goAhead, p.temperament, seed, said);
        return line('go-ahead', null, 'ready', null, [
          { role: 'go-ahead', text: go.text, temperament: go.temperament },
        ]);
      }
      const parts = questionParts(p, next, 'begin', seed, said);
      return line(next === null ? 'close' : 'begin', null, 'ready', next, parts);
    }
    const reading = readAnswer(answer, { ...listeningContext(p, p.questions[next ?? 0] ?? ''), unclear });
    const ack = heard(acknowledgement(p, answer, reading, p.questions[next ?? 0] ?? '', true, said));
    const parts = [
      heardPart(p, answer, ack, seed, said),
      ...questionParts(p, next, 'lead', seed, said, answer),
    ];
    return line(next === null ? 'close' : 'next', null, reading.kind, next, parts);
  }

  // "Thanks, I appreciate that." to a question or a follow-up: what it asked again, pointed back
  // to, not "Appreciate — okay! Tell me a bit more" (readConversation counts such a turn as no answer)
  if (thanksOnly(answer, p.names)) {
    return askAgain(p, s, history, seed, STILL_ASKING_PLAIN);
  }
  const question = p.questions[s.current];
  const lastFollowUp = said.at(-1) ?? '';
  // the user's answers before this one
  const earlier = history.slice(0, -1).flatMap((t) => (t.speaker === 'user' ? [t.text] : []));
  const context = listeningContext(p, question, lastFollowUp);
  const reading = readAnswer(answer, { ...context, earlier, unclear });
  // "Anything else?" was asked: what the user says to it is no answer to follow up
  const askedForMore = ANYTHING_ELSE.some((l) => lastFollowUp.includes(l));
  // "I wanted to talk about the leadership review.": the matter raised, to a persona the user leads,
  // which reacts to it with its next question rather than asking for an example of it
  const raisesMatter =
    p.userLeads && courtesiesOnly(answer, p.names, true) && !courtesiesOnly(answer, p.names, false);
  // "We help support teams see why tickets come in." to a prospect's worry about the integration: a
  // persona the user leads, a concern it stated on the table (answers.json concerns) and not spoken
  // to by this first answer to it (the conversation read holds this turn already), says so
  // "We're crediting a month's fees." to "What are you going to do about the lack of status
  // updates?": any persona asking what the user will do about a matter it names, says so too
  // "My biggest weakness is…" to "How would you figure out why?": the answer to another question,
  // said so once to a persona that leads
  const matterPassedBy =
    ((p.userLeads && saysAny(question, ANSWER_DATA.concerns).length > 0) ||
      saysAny(question, ANSWER_DATA.matterAsks).length > 0) &&
    questionTopic(question) !== null &&
    !touches(question, answer, p.identity);
  const unanswered =
    s.answers[s.current].length <= 1 &&
    (matterPassedBy || (!p.userLeads && answersAnotherQuestion(question, answer) !== null));
  // the part of the question left out, once: asked again, the user has chosen not to say it (not
  // read from words the recogniser was unsure of)
  const leftOut = unclear ? null : partLeftOut(question, s.answers[s.current]);
  const askedAlone = (l: string) =>
    leftOut !== null && l.includes(normalise(leftOut)) && !l.includes(normalise(question));
  const left = said.some(askedAlone) ? null : leftOut;
  // "No, I don't have other offers." to "Do you have any other offers?", "I'd feel sidelined." to
  // "How would you feel if it were the other way around?": answered, nothing to probe
  const yesOrNo = !reading.hostile && answersYesOrNo(question, answer);
  const feelingNamed =
    saysAny(question, ANSWER_DATA.emotionAsks).length > 0 && saysAny(answer, ANSWER_DATA.emotions).length > 0;
  const rule =
    askedForMore || raisesMatter || yesOrNo || feelingNamed
      ? null
      : followUpRule(reading, s.followUps, {
          cause: causeAsked(question, answer, reading),
          unanswered,
          feeling: saysAny(question, ANSWER_DATA.feelingAsks).length > 0,
          part: left,
        });
  const ack = heard(acknowledgement(p, answer, reading, question, rule === null, said));
  if (rule) {
    const topic =
      rule === 'offTopic' ||
      rule === 'otherWork' ||
      rule === 'hostile' ||
      rule === 'repeat' ||
      rule === 'unanswered'
        ? questionTopic(question)
        : null;
    // "What actually happened?" only after a question about something the user did
    const past = rule !== 'example' || context.experience === true;
    // "One word doesn't cut it." only after a word or two, not after greetings and an apology
    const short = reading.words <= 2;
    const probe = choose(
      LINES.followUps[rule],
      p.temperament,
      seed,
      said,
      (l) =>
        (topic ? l.text.includes('{topic}') : !l.text.includes('{topic}')) &&
        (past || saysAny(l.text, PAST_ONLY).length === 0) &&
        (short || saysAny(l.text, ONE_WORD_ONLY).length === 0),
    );
    // a repeat's follow-up is its own acknowledgement ("You mentioned that one already!")
    const acknowledged = rule === 'repeat' ? [] : [heardPart(p, answer, ack, seed, said)];
    return line('follow-up', rule, reading.kind, null, [
      ...acknowledged,
      {
        role: 'follow-up',
        text: fill(probe.text, {
          topic: topic ?? '',
          quote: reading.otherWork[0] ?? '',
          part: left ?? '',
        }),
        temperament: probe.temperament,
      },
    ]);
  }
  const next = nextQuestion(p, s);
  // only questions left that react to what the user has not raised: whether there is more (twice
  // at most, and not once the user says there is nothing more)
  const askedBefore = said.filter((l) => ANYTHING_ELSE.some((a) => l.includes(a))).length;
  const nothingMore =
    askedForMore && (reading.oneWord || saysAny(answer, ANSWER_DATA.nothingMore).length > 0);
  // what it was asked to do agreed to ("Would you be open to pairing with Priya?"), else what it heard
  const heardIt = requestIn(p, answer) ? agreement(p, seed, said) : heardPart(p, answer, ack, seed, said);
  if (next === null && askedBefore < MAX_ANYTHING_ELSE && !nothingMore && waitingQuestions(p, s).length) {
    const more = choose(LINES.anythingElse, p.temperament, seed, said);
    return line('go-ahead', null, reading.kind, null, [
      heardIt,
      { role: 'go-ahead', text: more.text, temperament: more.temperament },
    ]);
  }
  const parts = [
    heardIt,
    ...questionParts(p, next, 'transition', seed, said, answer, lastOfferWithoutTerms(p, history)),
  ];
  return line(next === null ? 'close' : 'next', null, reading.kind, next, parts);
}
