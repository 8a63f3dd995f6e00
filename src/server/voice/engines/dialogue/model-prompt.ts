// What the model path is told on every turn besides the persona's own prompt: its temperament, the
// rules of a conversation that listens, and where this conversation stands, read from the
// conversation itself: the questions already asked, what the user said, the question on the
// table with its follow-ups, and the questions still to ask. The wording is in model-prompt.json.

import type { Turn } from '../brain.js';
import {
  answeredUnasked,
  type DialoguePersona,
  MAX_FOLLOW_UPS,
  nextQuestion,
  readConversation,
  waitingQuestions,
} from './conversation.js';
import { MODEL_PROMPT, TEMPERAMENT_DATA } from './data.js';
import { isReadiness, salientPhrase } from './listen.js';
import { fill } from './text.js';

const H = MODEL_PROMPT.headings;
const MAX_SAID_PER_QUESTION = 3;
const SAID_FALLBACK_WORDS = 10;

/** the user's words, short: the phrase the persona would name, else the answer's first words */
function gist(p: DialoguePersona, answer: string): string {
  const phrase = salientPhrase(answer, { names: p.names, flip: false });
  const words = answer.trim().split(/\s+/);
  const text =
    phrase?.text ??
    `${words.slice(0, SAID_FALLBACK_WORDS).join(' ')}${words.length > SAID_FALLBACK_WORDS ? '…' : ''}`;
  return `"${text.replace(/"/g, "'")}"`;
}

/** the temperament line and the rules: the same on every turn */
export function conversationRules(p: DialoguePersona): string {
  return [
    fill(MODEL_PROMPT.temperament, {
      temperament: p.temperament,
      description: TEMPERAMENT_DATA.model[p.temperament],
    }),
    [H.rules, ...MODEL_PROMPT.rules.map((r) => `- ${r}`)].join('\n'),
  ].join('\n\n');
}

/** where the conversation stands, as the model is told it */
export function conversationState(p: DialoguePersona, history: Turn[]): string {
  const s = readConversation(p, history, { fuzzy: true });
  const unprompted = answeredUnasked(p, s);
  const asked = p.questions.flatMap((q, i) =>
    s.asked[i] ? [`- ${q}`] : unprompted.includes(i) ? [`- ${q} (answered before it was asked)`] : [],
  );
  const said: string[] = [];
  const before = s.preAnswers.filter((a) => !isReadiness(a, p.names));
  if (before.length) said.push(`- Before any question: ${before.map((a) => gist(p, a)).join('; ')}`);
  p.questions.forEach((q, i) => {
    const answers = s.answers[i].filter((a) => !isReadiness(a, p.names));
    if (answers.length) {
      said.push(
        `- To "${q}": ${answers
          .slice(-MAX_SAID_PER_QUESTION)
          .map((a) => gist(p, a))
          .join('; ')}`,
      );
    }
  });
  const remaining: string[] = [];
  const shadow = { ...s, asked: [...s.asked] };
  for (let next = nextQuestion(p, shadow); next !== null; next = nextQuestion(p, shadow)) {
    remaining.push(`- ${p.questions[next]}`);
    shadow.asked[next] = true;
  }
  const sections = [
    [H.asked, ...(asked.length ? asked : [H.none])].join('\n'),
    [H.answered, ...(said.length ? said : [H.none])].join('\n'),
  ];
  if (s.current !== null) {
    sections.push(
      [
        H.current,
        `- ${p.questions[s.current]}`,
        fill(H.followUps, { count: String(s.followUps.length), max: String(MAX_FOLLOW_UPS) }),
      ].join('\n'),
    );
  }
  // a report's reactions to what the manager has not raised yet: told apart, never to bring up
  const waiting = waitingQuestions(p, s).map((i) => `- ${p.questions[i]}`);
  const noneLeft = waiting.length ? H.noneLeftWaiting : H.noneLeft;
  sections.push([H.remaining, ...(remaining.length ? remaining : [noneLeft])].join('\n'));
  if (waiting.length) sections.push([H.waiting, ...waiting].join('\n'));
  if (s.current === null && !s.closed) sections.push(H.notStarted);
  if (s.closed) sections.push(H.closed);
  return sections.join('\n\n');
}
