// Conversations the dialogue tests play, the same against the built-in persona and against the
// model path (with a fake model that answers from the prompt), and the helpers that play them.

import type { Brain, Persona, Turn } from '../brain.js';
import type { AuditTurn } from './audit.js';
import { type DialoguePersona, preparePersona } from './conversation.js';
import { nextLine, openingFor } from './engine.js';

/** a calm interviewer (no temperament stated or shown) */
export const PM_INTERVIEWER: Persona = {
  name: 'Sam Okafor',
  role: 'Head of Product',
  company: 'Brightline',
  systemPrompt: 'You are Sam Okafor, interviewing a candidate for a product manager role.',
  welcomeMessage: "Hi, I'm Sam. Thanks for making the time today. Ready to start?",
  sampleQuestions: [
    'Tell me about a product you launched that you are proud of. What was your role?',
    'Our merchants abandon onboarding at the identity check. How would you figure out why?',
    'How would you measure the success of a new onboarding flow?',
  ],
};

/** the custom scenario of issue 21: angry from "hello", its generated welcome out of character */
export const ANGRY_CTO: Persona = {
  name: 'Morgan Hale',
  role: 'CTO',
  company: 'Northwind Freight',
  systemPrompt:
    'You are Morgan Hale, a furious CTO the morning after our migration took the production database down for six hours.\nTemperament: angry',
  welcomeMessage: "Hi, I'm Morgan. Thanks for making the time today.",
  sampleQuestions: [
    'What exactly happened to the production database?',
    'Why did it take six hours to get us back online?',
    'What are you doing so this never happens again?',
  ],
};

/** answers of every kind, as a user would type them */
export const ANSWERS = {
  ready: 'Yes, ready.',
  concrete:
    'I built a routing service for our couriers that cut late deliveries from 9 % to 3 % in one quarter, and I ran the pilot myself.',
  vague: 'We had a disagreement with finance about the budget, but it worked out.',
  offTopicPasta: 'Honestly I would rather talk about cooking pasta. You salt the water like the sea.',
  offTopicFootball: 'Did you see the match last night? My football club finally won the derby.',
  weOnly: 'We rebuilt the onboarding flow over the summer and we shipped it to every merchant in September.',
  noResult: 'I led the redesign of the checkout page and I rewrote the payment form myself.',
  oneWord: 'Yes.',
  hostile: 'This is a stupid question.',
};

export type Dialogue = { name: string; persona: Persona; answers: string[] };

/** whole conversations, played turn by turn */
export const DIALOGUES: Dialogue[] = [
  {
    name: 'concrete answers throughout',
    persona: PM_INTERVIEWER,
    answers: [
      ANSWERS.ready,
      ANSWERS.concrete,
      'I would pull the funnel for the identity step by device, then call ten merchants who dropped out last week.',
      'Completion rate of the flow, time to first payment, and support contacts in the first week, with a target of 80 percent completion.',
      'Thanks, bye!',
    ],
  },
  {
    name: 'every kind of answer',
    persona: PM_INTERVIEWER,
    answers: [
      ANSWERS.ready,
      ANSWERS.vague,
      ANSWERS.weOnly,
      ANSWERS.concrete,
      ANSWERS.offTopicPasta,
      ANSWERS.hostile,
      'I would compare drop-off by document type and read the last 200 support tickets about the identity check.',
      ANSWERS.oneWord,
      'I would track completion rate and time to first payment, with a target of 80 percent completion.',
      'Is that all?',
    ],
  },
  {
    name: 'a first answer that answers the first question',
    persona: PM_INTERVIEWER,
    answers: [
      "The product I'm proudest of is the checkout redesign at Ledgerly. I led it, and I rewrote the payment form myself.",
      'Conversion on the checkout went up 12 percent in a month.',
      ANSWERS.offTopicFootball,
      'I would look at the funnel data by document type first, then call five merchants who dropped out last week.',
      'Completion rate and time to first payment, with a target of 80 percent completion in the first month.',
    ],
  },
  {
    name: 'the angry CTO',
    persona: ANGRY_CTO,
    answers: [
      'Hello Morgan, I am so sorry about this morning.',
      'The migration script locked the orders table and the database went down at 6:40.',
      'We restored from the backup.',
      ANSWERS.oneWord,
      'It took until 12:45 because the backup was 900 gigabytes and nobody had ever timed a full restore.',
      ANSWERS.hostile,
      'I am adding a rehearsal of every migration on a full-size copy and a 15-minute rollback limit, starting Monday.',
      'Okay.',
    ],
  },
];

/** the built-in persona's lines for a dialogue, with the engine's account of each */
export function playScripted(persona: Persona | DialoguePersona, answers: string[]) {
  const p = 'persona' in persona ? persona : preparePersona(persona);
  const opening = openingFor(p);
  const history: Turn[] = [{ speaker: 'agent', text: opening.text }];
  const audited: AuditTurn[] = [{ speaker: 'agent', text: opening.text, line: opening }];
  const lines = [];
  for (const answer of answers) {
    history.push({ speaker: 'user', text: answer });
    audited.push({ speaker: 'user', text: answer });
    const line = nextLine(p, history);
    history.push({ speaker: 'agent', text: line.text });
    audited.push({ speaker: 'agent', text: line.text, line });
    lines.push(line);
  }
  return { p, opening, history, audited, lines };
}

/** any brain through a dialogue, as a call drives it: the whole reply streamed per turn */
export async function playBrain(brain: Brain, answers: string[]) {
  const opening = brain.opening();
  const history: Turn[] = [{ speaker: 'agent', text: opening }];
  for (const answer of answers) {
    history.push({ speaker: 'user', text: answer });
    let text = '';
    for await (const piece of brain.reply([...history], new AbortController().signal)) text += piece;
    history.push({ speaker: 'agent', text: text.trim() });
  }
  return history;
}

/** a persona whose brief keeps only its first sentence (who it is): no figures to bargain over */
export const withoutTerms = (persona: Persona): Persona => ({
  ...persona,
  systemPrompt: persona.systemPrompt.split(/(?<=\.)\s/)[0],
});

/** the persona a scenario generator made (its fields as the generator names them) */
export const generatedPersona = (g: {
  personaName: string | null;
  role: string;
  company: string | null;
  systemPrompt: string;
  welcomeMessage: string;
  sampleQuestions: string[];
}): Persona => ({
  name: g.personaName ?? '',
  role: g.role,
  company: g.company ?? '',
  systemPrompt: g.systemPrompt,
  welcomeMessage: g.welcomeMessage,
  sampleQuestions: g.sampleQuestions,
});
