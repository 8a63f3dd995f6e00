// The dialogue's own checks, over a whole conversation: questions asked twice (or asked after the
// user had answered them), the call re-opened after a real answer, lines out of the persona's
// temperament (by the data's markers), and replies that name nothing of the answer they follow.
// The dialogue bench and the dialogue tests (scripted and model path) read the same figures.

import { type DialoguePersona, questionsIn } from './conversation.js';
import { MODEL_PROMPT, REOPENING } from './data.js';
import type { DialogueLine } from './engine.js';
import { isReadiness } from './listen.js';
import { offRegister } from './temperament.js';
import { contentStems, normalise, overlap, says } from './text.js';

export type AuditTurn = {
  speaker: 'agent' | 'user';
  text: string;
  /** the engine's account of an agent line (the scripted engine gives one; a model does not) */
  line?: DialogueLine;
  /** a user turn the conversation marks as ready-only (else read with isReadiness) */
  ready?: boolean;
  /** indices of later questions this user turn already answers */
  covers?: number[];
};

export type Audit = {
  repeatedQuestions: string[];
  midCallOpenings: string[];
  outOfTemperament: string[];
  /** replies to a real answer, and those that use a word of it */
  replies: number;
  repliesUsingAnswer: number;
  followUps: number;
  followUpsUsingAnswer: number;
  notUsingAnswer: string[];
};

function stripQuestions(p: DialoguePersona, text: string): string {
  let rest = text;
  for (const q of p.questions) rest = rest.split(q).join(' ');
  return rest;
}

/** whether a reply uses a word of the answer it follows (not one the previous line already said) */
export function usesAnswer(p: DialoguePersona, reply: string, answer: string, previous: string): boolean {
  const said = contentStems(previous);
  const own = new Set([...contentStems(answer)].filter((s) => !said.has(s)));
  return overlap(contentStems(stripQuestions(p, reply)), own) > 0;
}

export function auditConversation(p: DialoguePersona, turns: AuditTurn[]): Audit {
  const audit: Audit = {
    repeatedQuestions: [],
    midCallOpenings: [],
    outOfTemperament: [],
    replies: 0,
    repliesUsingAnswer: 0,
    followUps: 0,
    followUpsUsingAnswer: 0,
    notUsingAnswer: [],
  };
  const askedAt = new Map<number, number>();
  const answered = new Set<number>();
  let followUpQuestions = new Set<string>();
  let started = false;
  /** once the persona has closed the call, its replies name nothing on purpose */
  let closed = false;
  for (const [i, turn] of turns.entries()) {
    if (turn.speaker === 'user') {
      const ready = turn.ready ?? isReadiness(turn.text, p.names);
      if (!ready) started = true;
      for (const c of turn.covers ?? []) answered.add(c);
      continue;
    }
    const text = turn.text;
    // questions asked twice, or asked once the user had answered them (not one said again because
    // the user asked to hear it)
    const asked = turn.line?.move === 'again' ? [] : questionsIn(p, text);
    for (const q of asked) {
      if (askedAt.has(q)) audit.repeatedQuestions.push(`asked again: "${p.questions[q]}"`);
      else if (answered.has(q))
        audit.repeatedQuestions.push(`asked after it was answered: "${p.questions[q]}"`);
      askedAt.set(q, i);
    }
    if (asked.length) followUpQuestions = new Set();
    else if (turn.line?.move !== 'again') {
      for (const s of text.split(/(?<=[?.!])\s+/).filter((x) => x.trim().endsWith('?'))) {
        const n = normalise(s);
        if (n.split(' ').length >= 3 && followUpQuestions.has(n)) {
          audit.repeatedQuestions.push(`follow-up asked twice: "${s.trim()}"`);
        }
        followUpQuestions.add(n);
      }
    }
    // the call re-opened after a real answer
    if (started && REOPENING.some((m) => says(text, m))) audit.midCallOpenings.push(text);
    // out of temperament: a data line of another temperament, or a word the temperament never says
    const previousUser = turns[i - 1]?.speaker === 'user' ? turns[i - 1].text : '';
    if (turn.line) {
      for (const part of turn.line.parts) {
        if (part.temperament && part.temperament !== p.temperament) {
          audit.outOfTemperament.push(
            `${part.temperament} line for a ${p.temperament} persona: ${part.text}`,
          );
        }
        // the scenario's own words: its questions, and the facts of its brief
        if (part.role === 'question' || part.role === 'brief') continue;
        const own = part.quote ? part.text.split(part.quote).join(' ') : part.text;
        const words = offRegister(own, p.temperament);
        if (words.length) audit.outOfTemperament.push(`says "${words.join('", "')}": ${part.text}`);
      }
    } else {
      const words = offRegister(stripQuestions(p, text), p.temperament).filter((w) => !says(previousUser, w));
      if (words.length) audit.outOfTemperament.push(`says "${words.join('", "')}": ${text}`);
    }
    // does the reply use a word of the answer it follows?
    const wasClosed = closed;
    closed ||=
      turn.line?.move === 'close' ||
      turn.line?.move === 'after-close' ||
      (!turn.line && MODEL_PROMPT.closedWhen.some((m) => says(text, m)));
    if (!previousUser || wasClosed) continue;
    const ready = turns[i - 1].ready ?? isReadiness(previousUser, p.names);
    if (ready || turn.line?.move === 'after-close') continue;
    const previousAgent = [...turns.slice(0, i - 1)].reverse().find((t) => t.speaker === 'agent')?.text ?? '';
    const uses = usesAnswer(p, text, previousUser, previousAgent);
    const isFollowUp = turn.line ? turn.line.move === 'follow-up' : asked.length === 0;
    audit.replies++;
    if (uses) audit.repliesUsingAnswer++;
    if (isFollowUp) {
      audit.followUps++;
      if (uses) audit.followUpsUsingAnswer++;
    }
    if (!uses) audit.notUsingAnswer.push(`"${previousUser}" → "${text}"`);
  }
  return audit;
}
