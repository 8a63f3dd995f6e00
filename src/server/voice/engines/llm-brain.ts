// The persona played by an OpenAI-compatible chat model: the interviewer's system prompt, the
// conversation so far, streamed tokens out. On every turn the system prompt also carries the
// persona's temperament, the rules of a conversation that listens (acknowledge what was said, ask
// the follow-up the answer calls for, never repeat a question, never reopen the call) and where
// the conversation stands, read from the conversation itself: the questions already asked, what
// the user said, the question on the table and the questions still to ask (./dialogue). The
// opening is the same in-character line as the built-in persona's, so the first words of a call
// need no model round trip.

import type OpenAI from 'openai';
import type { LlmClient } from '../../providers/llm/openai-client.js';
import type { Brain, BrainFactory, Persona, Turn } from './brain.js';
import { type DialoguePersona, openingFor, preparePersona } from './dialogue/index.js';
import { conversationRules, conversationState } from './dialogue/model-prompt.js';

const SPOKEN_STYLE =
  'You are speaking on a live voice call: answer in one to three short spoken sentences, with no lists, markdown, emoji or stage directions.';

export function personaSystemPrompt(
  persona: Persona,
  history: Turn[] = [],
  prepared?: DialoguePersona,
): string {
  const p = prepared ?? preparePersona(persona);
  return [
    persona.systemPrompt.trim() ||
      `You are ${persona.name}, ${persona.role} at ${persona.company}, holding a practice conversation.`,
    conversationRules(p),
    conversationState(p, history),
    SPOKEN_STYLE,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** after a user line the recogniser was unsure of: a model reads it as a guess, not as said */
export const UNCLEAR_MARK = '[heard unclearly: the words may be wrong]';

export function chatMessages(
  persona: Persona,
  history: Turn[],
  prepared?: DialoguePersona,
): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: personaSystemPrompt(persona, history, prepared) },
    ...history.map((t) =>
      t.speaker === 'agent'
        ? ({ role: 'assistant', content: t.text } as const)
        : ({ role: 'user', content: t.unclear ? `${t.text} ${UNCLEAR_MARK}` : t.text } as const),
    ),
  ];
}

export function createLlmBrainFactory(llm: LlmClient, model: string): BrainFactory {
  return (persona: Persona): Brain => {
    const prepared = preparePersona(persona);
    return {
      opening: () => openingFor(prepared).text,
      async *reply(history, signal) {
        const client = await llm.openai();
        const stream = await client.chat.completions.create(
          {
            model,
            stream: true,
            messages: chatMessages(persona, history, prepared),
            max_tokens: 300,
            temperature: 0.7,
          },
          { signal },
        );
        for await (const part of stream) {
          const token = part.choices[0]?.delta?.content;
          if (token) yield token;
        }
      },
    };
  };
}
