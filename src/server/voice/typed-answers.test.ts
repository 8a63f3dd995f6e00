// Issue 20: typed answers in a call whose microphone is open are ordered by when they were sent,
// after the line they answer, and carry no speech timings (so pace is "not measured").
import { computeSpeechAnalytics } from '@shared/domain/speech-analytics';
import { buildTranscript } from '@shared/domain/transcript';
import { describe, expect, it } from 'vitest';
import { CallSession, type StoredUtterance } from './call-session.js';
import type { Persona } from './engines/brain.js';
import { createScriptedBrain } from './engines/scripted-brain.js';
import { parseClientMessage } from './protocol.js';
import { FakeSocket, fakeSynthesizer, ManualScheduler, micFrames, speechLike } from './testing.js';

const persona: Persona = {
  name: 'Sarah Chen',
  role: 'Group Product Manager',
  company: 'Brightline',
  systemPrompt: '',
  welcomeMessage: 'Hi, I am Sarah. Ready to start?',
  sampleQuestions: ['Tell me about a product you launched.', 'How would you measure success?'],
};

/** a call with the scripted persona under fake time, started, keeping what it stores */
function startedSession(conversationId: string) {
  const scheduler = new ManualScheduler();
  const saved: StoredUtterance[] = [];
  const session = new CallSession({
    conversationId,
    socket: new FakeSocket(),
    scheduler,
    brain: createScriptedBrain(persona),
    tts: fakeSynthesizer(),
    stt: null,
    voice: 'sarah',
    remainingMs: 1_800_000,
    saveUtterance: async (u) => {
      saved.push(u);
      return true;
    },
  });
  session.start();
  return { scheduler, saved, session };
}

describe('typed answers while the microphone is open', () => {
  it('are stored when sent, with no duration, after the question they answer', async () => {
    const { scheduler, saved, session } = startedSession('conv_typed');
    // the caller says something on the open microphone while the welcome plays (a turn opens)
    for (const f of micFrames(speechLike(0.8))) {
      const m = parseClientMessage(JSON.stringify(f));
      if (m) session.handleMessage(m);
      await scheduler.advance(100);
    }
    await scheduler.advance(3000);
    session.handleMessage({ type: 'user_message', text: 'Yes, I am ready.' });
    await scheduler.advance(5000);
    session.handleMessage({
      type: 'user_message',
      text: 'I launched a billing product that cut errors by a third.',
    });
    await scheduler.advance(5000);
    await session.end('ended_by_user');

    const users = saved.filter((u) => u.speaker === 'user');
    expect(users).toHaveLength(2);
    for (const u of users) expect(u.endMs).toBe(u.startMs);
    const ordered = [...saved].sort((a, b) => a.startMs - b.startMs);
    const lines = buildTranscript(ordered, { agent: 'Sarah', user: 'You' }).split('\n');
    expect(lines[0]).toMatch(/^Sarah: Hi, I am Sarah/);
    expect(lines[1]).toBe('You: Yes, I am ready.');
    expect(lines[2]).toMatch(/^Sarah: .*Tell me about a product you launched/);
    expect(lines[3]).toBe('You: I launched a billing product that cut errors by a third.');
    // no measured speech: pace and speaking time are not measured
    const analytics = computeSpeechAnalytics({ transcript: lines.join('\n'), utterances: saved });
    expect(analytics.wordsPerMinute).toBeNull();
    expect(analytics.speakingSeconds).toBeNull();
  });
});

describe('a typed answer holding what no database stores', () => {
  it('is stored without its NUL byte and with half a surrogate pair replaced, as the persona heard it', async () => {
    const { scheduler, saved, session } = startedSession('conv_nul');
    await scheduler.advance(3000);
    session.handleMessage({ type: 'user_message', text: 'hello\u0000 world \ud800 and\u0007 more' });
    await scheduler.advance(5000);
    await session.end('ended_by_user');
    expect(saved.filter((u) => u.speaker === 'user').map((u) => u.text)).toEqual([
      'hello world \ufffd and more',
    ]);
  });
});
