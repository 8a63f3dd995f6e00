// The persona played by an OpenAI-compatible chat model: the interviewer's system prompt, the
// conversation so far, streamed tokens out. The welcome message is still the persona's own, so
// the first words of a call need no model round trip.

import type OpenAI from 'openai';
import type { Brain, BrainFactory, Persona, Turn } from './brain.js';
import { openingLine } from './scripted-brain.js';

const SPOKEN_STYLE =
  'You are speaking on a live voice call: answer in one to three short spoken sentences, with no lists, markdown, emoji or stage directions.';

export function personaSystemPrompt(persona: Persona): string {
  const questions = persona.sampleQuestions.filter((q) => q.trim());
  return [
    persona.systemPrompt.trim() ||
      `You are ${persona.name}, ${persona.role} at ${persona.company}, holding a practice conversation.`,
    questions.length
      ? `Questions you may ask, in this order:\n${questions.map((q) => `- ${q}`).join('\n')}`
      : '',
    SPOKEN_STYLE,
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function chatMessages(persona: Persona, history: Turn[]): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: personaSystemPrompt(persona) },
    ...history.map((t) =>
      t.speaker === 'agent'
        ? ({ role: 'assistant', content: t.text } as const)
        : ({ role: 'user', content: t.text } as const),
    ),
  ];
}

export function createLlmBrainFactory(client: OpenAI, model: string): BrainFactory {
  return (persona: Persona): Brain => ({
    opening: () => openingLine(persona),
    async *reply(history, signal) {
      const stream = await client.chat.completions.create(
        { model, stream: true, messages: chatMessages(persona, history), max_tokens: 300, temperature: 0.7 },
        { signal },
      );
      for await (const part of stream) {
        const token = part.choices[0]?.delta?.content;
        if (token) yield token;
      }
    },
  });
}
