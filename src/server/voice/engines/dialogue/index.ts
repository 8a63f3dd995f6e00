// The dialogue engine behind the built-in persona (and the state the model path is prompted with).
export {
  type ConversationState,
  type DialoguePersona,
  followUpKindsIn,
  nextQuestion,
  preparePersona,
  questionsIn,
  readConversation,
} from './conversation.js';
export { type FollowUpKind, LINES, PAST_ONLY, REOPENING } from './data.js';
export { type DialogueLine, type LinePart, nextLine, openingFor } from './engine.js';
export { type AnswerKind, isReadiness, readAnswer, salientPhrase } from './listen.js';
export { readDeal } from './negotiation.js';
export { inferTemperament, offRegister, temperamentOf } from './temperament.js';
export { warmDialogue } from './warm.js';
