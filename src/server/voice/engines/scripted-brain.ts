// The built-in persona that needs no model. It listens: each reply names something from the
// answer in the persona's own voice, then asks the follow-up the answer calls for (the result, the
// user's own part, a concrete example, back to the question, say more) or the next sample question
// nobody has asked or answered yet, and closes when none is left, in the persona's temperament from
// the first line to the last. Its state is read from the conversation itself, so a call that
// reconnects with its stored utterances carries on where it was. The dialogue itself (lines,
// probes, word lists) is data: see ./dialogue.

import type { Brain, Persona, Turn } from './brain.js';
import { LINES, nextLine, openingFor, preparePersona, readAnswer } from './dialogue/index.js';

const calm = (lines: { temperament: string; text: string }[]) =>
  lines.find((l) => l.temperament === 'calm')!.text;

/** what a calm persona says when it has no questions left */
export const CLOSING_LINE = calm(LINES.closings);
/** what a calm persona says when the user speaks after it closed the call */
export const AFTER_CLOSING_LINE = calm(LINES.afterClosing);

/** whether an answer is too thin to move on from (one word, or vague) */
export function isWeakAnswer(answer: string): boolean {
  const reading = readAnswer(answer, { question: '', scenario: new Set(), names: new Set() });
  return reading.oneWord || reading.vague;
}

export function openingLine(persona: Persona): string {
  return openingFor(preparePersona(persona)).text;
}

/** The scripted persona's next line for a conversation that ends with the user's turn. */
export function nextScriptedLine(persona: Persona, history: Turn[]): string {
  return nextLine(preparePersona(persona), history).text;
}

export function createScriptedBrain(persona: Persona): Brain {
  const prepared = preparePersona(persona);
  return {
    opening: () => openingFor(prepared).text,
    async *reply(history) {
      yield nextLine(prepared, history).text;
    },
  };
}
