import { describe, expect, it } from 'vitest';
import type { Persona, Turn } from './brain.js';
import {
  AFTER_CLOSING_LINE,
  CLOSING_LINE,
  isWeakAnswer,
  nextScriptedLine,
  PROBES,
} from './scripted-brain.js';

const persona: Persona = {
  name: 'Michael',
  role: 'Engineering Manager',
  company: 'Acme',
  systemPrompt: '',
  welcomeMessage: 'Hi, I am Michael. Ready?',
  sampleQuestions: ['Q1: Tell me about yourself.', 'Q2: Describe a hard bug.'],
};
const STRONG =
  'I led the migration of our billing service to a new database over three months, which reduced outages by 40 percent and saved the team two days a month.';

/** plays the scripted interviewer against a list of answers */
function play(answers: string[]): string[] {
  const history: Turn[] = [{ speaker: 'agent', text: persona.welcomeMessage }];
  const lines: string[] = [];
  for (const a of answers) {
    history.push({ speaker: 'user', text: a });
    const line = nextScriptedLine(persona, history);
    history.push({ speaker: 'agent', text: line });
    lines.push(line);
  }
  return lines;
}

describe('scripted interviewer', () => {
  it('asks the sample questions in order and closes after the last one', () => {
    const lines = play(['Yes.', STRONG, STRONG, 'Thanks!']);
    expect(lines[0]).toBe("Great, let's begin. Q1: Tell me about yourself.");
    expect(lines[1]).toMatch(/Q2: Describe a hard bug\.$/);
    expect(lines[2]).toBe(CLOSING_LINE);
    expect(lines[3]).toBe(AFTER_CLOSING_LINE);
  });

  it('probes once when an answer is short, then moves on', () => {
    const lines = play(['Ready.', 'I am an engineer.', 'I like building things.']);
    expect(lines[1]).toBe(PROBES[0]);
    expect(lines[2]).toMatch(/Q2/);
  });

  it('probes an answer of some length that has no specifics', () => {
    const vague =
      'I think I am generally a good fit and I like to work hard and be a nice colleague to the people around me in general';
    expect(isWeakAnswer(vague)).toBe(true);
    expect(isWeakAnswer(STRONG)).toBe(false);
    const lines = play(['Ready.', vague]);
    expect(PROBES).toContain(lines[1]);
  });

  it('falls back to general questions when the persona has none', () => {
    const bare = { ...persona, sampleQuestions: [] };
    const line = nextScriptedLine(bare, [
      { speaker: 'agent', text: 'Hello' },
      { speaker: 'user', text: 'Hi' },
    ]);
    expect(line).toMatch(/^Great, let's begin\. Tell me a little about yourself/);
  });
});
