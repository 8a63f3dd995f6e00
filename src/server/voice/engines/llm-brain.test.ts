import http from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from './brain.js';
import { createLlmBrainFactory } from './llm-brain.js';

const persona: Persona = {
  name: 'Sarah Chen',
  role: 'Group Product Manager',
  company: 'Brightline',
  systemPrompt: 'You are Sarah Chen, interviewing a product manager.',
  welcomeMessage: 'Hi, I am Sarah.',
  sampleQuestions: ['Tell me about a product you launched.'],
};

/** An OpenAI-compatible server that streams one reply as server-sent events, token by token. */
let server: http.Server;
let url: string;
const requests: Record<string, unknown>[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      requests.push(JSON.parse(raw));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const token of ['That sounds', ' great.', ' What was', ' the result?']) {
        const chunk = {
          id: 'c',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'm',
          choices: [{ index: 0, delta: { content: token }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('model-backed interviewer', () => {
  it("streams the model's tokens, prompted with the persona and the conversation so far", async () => {
    const brain = createLlmBrainFactory(new OpenAI({ baseURL: url, apiKey: 'test' }), 'test-model')(persona);
    expect(brain.opening()).toBe('Hi, I am Sarah.');
    const tokens: string[] = [];
    for await (const t of brain.reply(
      [
        { speaker: 'agent', text: 'Hi, I am Sarah.' },
        { speaker: 'user', text: 'I shipped a checkout redesign.' },
      ],
      new AbortController().signal,
    )) {
      tokens.push(t);
    }
    expect(tokens.join('')).toBe('That sounds great. What was the result?');
    expect(tokens.length).toBe(4);
    const sent = requests[0] as {
      model: string;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(sent.model).toBe('test-model');
    expect(sent.stream).toBe(true);
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('You are Sarah Chen');
    expect(sent.messages[0].content).toContain('Tell me about a product you launched.');
    expect(sent.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Hi, I am Sarah.' },
      { role: 'user', content: 'I shipped a checkout redesign.' },
    ]);
  });
});
