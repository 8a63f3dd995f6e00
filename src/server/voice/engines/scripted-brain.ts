// The built-in interviewer that needs no model: the persona's welcome message, then its sample
// questions in order, one follow-up probe when an answer is short or lacks specifics, and a
// closing line. Its state is read from the conversation itself, so a call that reconnects with
// its stored utterances carries on where it was.

import type { Brain, Persona, Turn } from './brain.js';

export const PROBES = [
  'Could you give me a specific example of that, what you did yourself and how it turned out?',
  'Can you go a little deeper on that? Walk me through the details.',
  'What was the result, and how did you measure it?',
  'Tell me more about your own role in that. What exactly did you do?',
];
const ACKNOWLEDGEMENTS = ['Thanks.', 'Got it, thank you.', 'Okay, that makes sense.', "That's helpful."];
export const CLOSING_LINE =
  "Thank you, that's all the questions I have for today. I enjoyed our conversation. You can end the call whenever you're ready.";
export const AFTER_CLOSING_LINE =
  "We've covered everything I wanted to ask. Feel free to end the call when you're ready.";
const FALLBACK_QUESTIONS = [
  'Tell me a little about yourself and what brings you here today.',
  'Describe a challenge you faced recently and how you handled it.',
  'What would you do differently if you faced it again?',
];

/** An answer under this many words is too short to move on from. */
const SHORT_ANSWER_WORDS = 15;
/** Under this many words, an answer also needs a number or a concrete marker to count as specific. */
const DETAILED_ANSWER_WORDS = 40;
const SPECIFIC_MARKERS =
  /\b(for example|for instance|specifically|because|result(ed)?|measured|increased|reduced|improved|launched|built|led|shipped|customers?|users?|revenue|percent|weeks?|months?|years?)\b/i;

export function isWeakAnswer(answer: string): boolean {
  const words = answer.trim().split(/\s+/).filter(Boolean).length;
  if (words < SHORT_ANSWER_WORDS) return true;
  if (words >= DETAILED_ANSWER_WORDS) return false;
  return !/\d/.test(answer) && !SPECIFIC_MARKERS.test(answer);
}

export function openingLine(persona: Persona): string {
  const welcome = persona.welcomeMessage.trim();
  if (welcome) return welcome;
  return `Hi, I'm ${persona.name}, ${persona.role} at ${persona.company}. Thanks for making the time today. Shall we get started?`;
}

/** The scripted interviewer's next line for a conversation that ends with the user's turn. */
export function nextScriptedLine(persona: Persona, history: Turn[]): string {
  const questions = persona.sampleQuestions.filter((q) => q.trim()).length
    ? persona.sampleQuestions.filter((q) => q.trim())
    : FALLBACK_QUESTIONS;
  const agentLines = history.filter((t) => t.speaker === 'agent').map((t) => t.text);
  const lastAgent = agentLines.at(-1) ?? '';
  if (agentLines.some((l) => l.includes(CLOSING_LINE) || l.includes(AFTER_CLOSING_LINE))) {
    return AFTER_CLOSING_LINE;
  }
  let current = -1;
  for (const line of agentLines) {
    questions.forEach((q, i) => {
      if (line.includes(q) && i > current) current = i;
    });
  }
  const lastUser = [...history].reverse().find((t) => t.speaker === 'user')?.text ?? '';
  const lastWasProbe = PROBES.some((p) => lastAgent.includes(p));
  if (current >= 0 && !lastWasProbe && isWeakAnswer(lastUser)) {
    return PROBES[current % PROBES.length];
  }
  const next = current + 1;
  if (next < questions.length) {
    const lead = current === -1 ? "Great, let's begin." : ACKNOWLEDGEMENTS[current % ACKNOWLEDGEMENTS.length];
    return `${lead} ${questions[next]}`;
  }
  return CLOSING_LINE;
}

export function createScriptedBrain(persona: Persona): Brain {
  return {
    opening: () => openingLine(persona),
    async *reply(history) {
      yield nextScriptedLine(persona, history);
    },
  };
}
