import http from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmClientOf } from '../../providers/llm/openai-client.js';
import type { Persona, Turn } from './brain.js';
import { auditConversation } from './dialogue/audit.js';
import { MODEL_PROMPT } from './dialogue/data.js';
import { preparePersona, salientPhrase } from './dialogue/index.js';
import { DIALOGUES, PM_INTERVIEWER, playBrain } from './dialogue/testing.js';
import { chatMessages, createLlmBrainFactory, UNCLEAR_MARK } from './llm-brain.js';

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
    const brain = createLlmBrainFactory(
      llmClientOf(new OpenAI({ baseURL: url, apiKey: 'test' })),
      'test-model',
    )(persona);
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
    expect(sent.messages[0].content).toContain('Temperament: calm');
    expect(sent.messages[0].content).toContain(MODEL_PROMPT.headings.remaining);
    expect(sent.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Hi, I am Sarah.' },
      { role: 'user', content: 'I shipped a checkout redesign.' },
    ]);
  });
});

// ---- the same dialogues against a fake model that answers from the prompt ----

const H = MODEL_PROMPT.headings;

/** the "- " lines under a heading of the system prompt, or null when the prompt has no such heading */
function listUnder(prompt: string, heading: string): string[] | null {
  const at = prompt.indexOf(heading);
  if (at < 0) return null;
  const lines: string[] = [];
  for (const line of prompt
    .slice(at + heading.length)
    .split('\n')
    .slice(1)) {
    if (!line.startsWith('- ')) break;
    lines.push(line.slice(2));
  }
  return lines;
}

/**
 * A model that does only what its prompt tells it, and otherwise what a careless model does: with
 * no temperament it is chatty and cheerful; with no rule against reopening it says "let's begin"
 * every time; with no list of questions still to ask it asks the first question it can see; with
 * no rule to acknowledge it names nothing of the answer.
 */
function fakeModelReply(messages: { role: string; content: string }[]): string {
  const prompt = messages[0].content;
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const temperament = /^Temperament: (\w+)/m.exec(prompt)?.[1] ?? null;
  const has = (rule: string) => prompt.includes(rule);
  const [acknowledge, , , , noReopen, close] = MODEL_PROMPT.rules;
  if (prompt.includes(H.closed)) {
    return temperament === 'angry'
      ? "We're done. End the call."
      : 'That is all from me. You can end the call.';
  }
  const parts: string[] = [];
  if (!has(noReopen)) parts.push("Great, let's begin.");
  if (!temperament) parts.push('Thanks so much, that is wonderful!');
  if (has(acknowledge)) {
    const quote = salientPhrase(lastUser, { flip: true })?.text;
    if (quote) parts.push(temperament === 'angry' ? `${quote}. Fine.` : `${quote}, thank you.`);
  }
  const remaining = listUnder(prompt, H.remaining);
  const current = /Follow-ups already asked on it: (\d+) of (\d+)\./.exec(prompt);
  const words = lastUser.trim().split(/\s+/).length;
  if (current && Number(current[1]) < Number(current[2]) && words < 4) {
    parts.push(temperament === 'angry' ? 'Explain.' : 'Could you say more?');
  } else if (remaining === null) {
    const any = listUnder(prompt, 'Questions you may ask, in this order:');
    parts.push(any?.[0] ?? 'Tell me about yourself.');
  } else if (remaining[0] && !remaining[0].startsWith('none')) {
    parts.push(remaining[0]);
  } else if (has(close)) {
    parts.push(
      temperament === 'angry'
        ? "That's all. You can end the call."
        : 'That is all my questions. You can end the call.',
    );
  }
  return parts.join(' ');
}

/** an OpenAI client whose chat completions stream the fake model's reply, word by word */
function fakeClient(rewritePrompt: (prompt: string) => string = (p) => p) {
  const create = async (body: { messages: { role: string; content: string }[] }) => {
    const [system, ...rest] = body.messages;
    const text = fakeModelReply([{ ...system, content: rewritePrompt(system.content) }, ...rest]);
    return (async function* () {
      for (const word of text.split(/(?<= )/)) yield { choices: [{ delta: { content: word } }] };
    })();
  };
  return llmClientOf({ chat: { completions: { create } } } as unknown as OpenAI, 'http://fake.invalid/v1');
}

function audit(persona: Persona, history: Turn[]) {
  return auditConversation(
    preparePersona(persona),
    history.map((t) => ({ speaker: t.speaker, text: t.text })),
  );
}

describe('model-backed persona, with a fake model that answers from the prompt', () => {
  it('plays the dialogues with no repeated question, no reopening, in temperament, naming the answers', async () => {
    for (const d of DIALOGUES) {
      const brain = createLlmBrainFactory(fakeClient(), 'fake')(d.persona);
      const history = await playBrain(brain, d.answers);
      const a = audit(d.persona, history);
      expect(a.repeatedQuestions, d.name).toEqual([]);
      expect(a.midCallOpenings, d.name).toEqual([]);
      expect(a.outOfTemperament, d.name).toEqual([]);
      expect(a.repliesUsingAnswer / a.replies, d.name).toBeGreaterThanOrEqual(0.7);
      // every question gets asked, or was answered, and the call closes
      expect(
        history.some((t) => t.speaker === 'agent' && /end the call/i.test(t.text)),
        d.name,
      ).toBe(true);
    }
  });

  it('tells the model the questions asked, what was answered and what is left, read from the conversation', () => {
    const history: Turn[] = [
      { speaker: 'agent', text: PM_INTERVIEWER.welcomeMessage },
      { speaker: 'user', text: 'Yes.' },
      { speaker: 'agent', text: `Okay. ${PM_INTERVIEWER.sampleQuestions[0]}` },
      {
        speaker: 'user',
        text: 'I launched a new onboarding flow and measured its success by completion rate, from 60 to 85 percent.',
      },
    ];
    const prompt = chatMessages(PM_INTERVIEWER, history)[0].content as string;
    expect(listUnder(prompt, H.asked)).toEqual([
      PM_INTERVIEWER.sampleQuestions[0],
      `${PM_INTERVIEWER.sampleQuestions[2]} (answered before it was asked)`,
    ]);
    expect(listUnder(prompt, H.answered)?.[0]).toContain('from 60 to 85 percent');
    expect(listUnder(prompt, H.remaining)).toEqual([PM_INTERVIEWER.sampleQuestions[1]]);
    expect(prompt).toContain('Follow-ups already asked on it: 0 of 2.');
    for (const rule of MODEL_PROMPT.rules) expect(prompt).toContain(rule);
  });

  it("tells the model a report's reactions apart until the user raises what they react to", () => {
    const report: Persona = {
      name: 'Tom',
      role: 'Senior Analyst',
      company: '',
      systemPrompt: "You are Tom, a senior analyst on the user's team.",
      welcomeMessage: "It's Tom. You wanted to see me?",
      sampleQuestions: [
        'What exactly is the problem with the quarterly report? Can you give me an example?',
        "I don't think it's fair to bring up my behaviour in team meetings. Why do you see it that way?",
      ],
    };
    const history: Turn[] = [
      { speaker: 'agent', text: report.welcomeMessage },
      { speaker: 'user', text: 'I wanted to talk about the quarterly report.' },
      { speaker: 'agent', text: report.sampleQuestions[0] },
      { speaker: 'user', text: 'It was three days late and the churn numbers did not match.' },
    ];
    const prompt = (h: Turn[]) => chatMessages(report, h)[0].content as string;
    expect(listUnder(prompt(history), H.remaining)).toEqual([H.noneLeftWaiting.slice(2)]);
    expect(listUnder(prompt(history), H.waiting)).toEqual([report.sampleQuestions[1]]);
    const raised: Turn[] = [
      ...history,
      { speaker: 'agent', text: 'Fine. Anything else?' },
      { speaker: 'user', text: 'Yes: in team meetings you often interrupt colleagues.' },
    ];
    expect(listUnder(prompt(raised), H.remaining)).toEqual([report.sampleQuestions[1]]);
    expect(listUnder(prompt(raised), H.waiting)).toBeNull();
  });

  it('marks a line the recogniser was unsure of, so the model takes its words as a guess', () => {
    const history: Turn[] = [
      { speaker: 'agent', text: PM_INTERVIEWER.welcomeMessage },
      { speaker: 'user', text: 'Yes, I am ready.' },
      { speaker: 'agent', text: PM_INTERVIEWER.sampleQuestions[0] },
      { speaker: 'user', text: 'mr john nash would have been lead you to consider', unclear: true },
    ];
    const messages = chatMessages(PM_INTERVIEWER, history);
    expect(messages[2]).toEqual({ role: 'user', content: 'Yes, I am ready.' });
    expect(messages[4]).toEqual({
      role: 'user',
      content: `mr john nash would have been lead you to consider ${UNCLEAR_MARK}`,
    });
    // and its rules say what the mark means
    expect(MODEL_PROMPT.rules.some((r) => r.includes(UNCLEAR_MARK))).toBe(true);
    expect(messages[0].content).toContain(UNCLEAR_MARK);
  });

  it('catches a prompt that loses the state or the rules: the same fake model then repeats and reopens', async () => {
    const d = DIALOGUES[0];
    const stateless = (prompt: string) =>
      prompt
        .split('\n\n')
        .filter((section) => !section.startsWith(H.remaining) && !section.startsWith(H.rules))
        .join('\n\n')
        .concat(
          `\n\nQuestions you may ask, in this order:\n${d.persona.sampleQuestions.map((q) => `- ${q}`).join('\n')}`,
        );
    const brain = createLlmBrainFactory(fakeClient(stateless), 'fake')(d.persona);
    const a = audit(d.persona, await playBrain(brain, d.answers));
    expect(a.repeatedQuestions.length).toBeGreaterThan(0);
    expect(a.midCallOpenings.length).toBeGreaterThan(0);
    expect(a.repliesUsingAnswer).toBe(0);
  });

  it('opens in character, like the built-in persona: the angry CTO is curt from hello', () => {
    const cto = DIALOGUES.find((x) => x.name === 'the angry CTO')!.persona;
    const opening = createLlmBrainFactory(fakeClient(), 'fake')(cto).opening();
    expect(opening).not.toMatch(/thanks for making the time/i);
    expect(opening).toContain('Morgan Hale');
  });
});
