// Issue 18 §2, §4, §6 at the protocol level, under fake time: what one call's socket can make the
// server hold and store. Received audio never runs ahead of real time by more than the slack (the
// excess is dropped, a client that keeps at it is closed with 1008), the recording is never longer
// than the call, typed answers are throttled, a call's stored text is capped, and an utterance
// whose write fails is retried until it lands.
import { describe, expect, it } from 'vitest';
import { CallSession, type CallSessionOptions, type StoredUtterance } from './call-session.js';
import type { Persona } from './engines/brain.js';
import { createScriptedBrain } from './engines/scripted-brain.js';
import { parseClientMessage, SAMPLE_RATE } from './protocol.js';
import type { CallRecorder } from './recorder.js';
import { FakeSocket, fakeSynthesizer, ManualScheduler, micFrames, silence, speechLike } from './testing.js';

const persona: Persona = {
  name: 'Sarah Chen',
  role: 'Group Product Manager',
  company: 'Brightline',
  systemPrompt: '',
  welcomeMessage: 'Hi, I am Sarah. Ready to start?',
  sampleQuestions: ['Tell me about a product you launched.', 'How would you measure success?'],
};

/** A recorder that keeps where each piece of user audio was placed on the call's timeline. */
function fakeRecorder() {
  const user: { atMs: number; ms: number }[] = [];
  const recorder = {
    addUser: (pcm: Int16Array, atMs: number) => user.push({ atMs, ms: (pcm.length * 1000) / SAMPLE_RATE }),
    addAgent: () => {},
    cutAgent: () => {},
    flush: () => {},
    close: async () => {},
  } as unknown as CallRecorder;
  const endMs = () => Math.max(0, ...user.map((u) => u.atMs + u.ms));
  const totalMs = () => user.reduce((n, u) => n + u.ms, 0);
  return { recorder, endMs, totalMs };
}

function setup(overrides: Partial<CallSessionOptions> = {}) {
  const scheduler = new ManualScheduler();
  const socket = new FakeSocket();
  const saved: StoredUtterance[] = [];
  const rec = fakeRecorder();
  const session = new CallSession({
    conversationId: 'conv_limits',
    socket,
    scheduler,
    brain: createScriptedBrain(persona),
    tts: fakeSynthesizer(),
    stt: null,
    voice: 'sarah',
    remainingMs: 1_800_000,
    recorder: rec.recorder,
    saveUtterance: async (u) => {
      saved.push(u);
      return true;
    },
    ...overrides,
  });
  const frame = (pcm: Int16Array) => {
    for (const f of micFrames(pcm, (pcm.length * 1000) / SAMPLE_RATE)) {
      const msg = parseClientMessage(JSON.stringify(f));
      if (msg) session.handleMessage(msg);
    }
  };
  const type = (text: string) => session.handleMessage({ type: 'user_message', text });
  return { scheduler, socket, saved, session, rec, frame, type };
}

describe('received audio is held to real time', () => {
  it('drops a burst of oversized frames beyond the slack and closes a client that keeps flooding (1008)', async () => {
    const { session, scheduler, socket, rec, frame } = setup();
    session.start();
    await scheduler.advance(1000);
    // the attack of the review: 780 KB of PCM per message (24 s of audio), as fast as possible
    const big = silence(24.4);
    for (let i = 0; i < 150 && session.phase !== 'ended'; i++) frame(big);
    await scheduler.advance(0);
    await session.whenEnded;
    expect(socket.closed).toEqual({ code: 1008, reason: 'Audio arrives faster than real time' });
    // nothing beyond the slack was taken in: the recording is no longer than the call (+2 s)
    expect(rec.endMs()).toBeLessThanOrEqual(1000 + 2000);
    expect(rec.totalMs()).toBeLessThanOrEqual(1000 + 2000);
  });

  it('takes a small burst within the slack, drops the excess, and keeps the call going', async () => {
    const { session, scheduler, socket, rec, frame } = setup();
    session.start();
    await scheduler.advance(5000);
    for (let i = 0; i < 80; i++) frame(silence(0.1)); // 8 s of audio at once, 5 s into the call
    await scheduler.advance(0);
    expect(session.phase).not.toBe('ended');
    expect(socket.closed).toBeNull();
    // placed from where real time is (4.9 s) up to the slack (7 s): 2.1 s taken, 5.9 s dropped
    expect(rec.endMs()).toBeLessThanOrEqual(5000 + 2000);
    expect(rec.totalMs()).toBeCloseTo(2100, -2);
    expect(session.droppedAudio).toBeCloseTo(5900, -2);
  });

  it('never drops a microphone streaming in real time, over a long call', async () => {
    const { session, scheduler, rec, frame } = setup();
    session.start();
    for (let s = 0; s < 120; s++) {
      for (let i = 0; i < 10; i++) {
        frame(s % 10 < 3 ? speechLike(0.1) : silence(0.1));
        await scheduler.advance(100);
      }
    }
    expect(session.droppedAudio).toBe(0);
    expect(rec.totalMs()).toBeCloseTo(120_000, -2);
    expect(rec.endMs()).toBeLessThanOrEqual(120_000 + 100);
  });
});

describe('typed answers and the call’s stored text', () => {
  it('throttles a flood of typed answers: a burst of 5, then one a second', async () => {
    const { session, scheduler, saved, type } = setup();
    session.start();
    await scheduler.advance(0);
    for (let i = 0; i < 3000; i++) type(`answer ${i}`);
    await scheduler.advance(0);
    const users = () => saved.filter((u) => u.speaker === 'user');
    expect(users().map((u) => u.text)).toEqual(['answer 0', 'answer 1', 'answer 2', 'answer 3', 'answer 4']);
    // 3 s later, a flood again: 3 more pass
    await scheduler.advance(3000);
    for (let i = 0; i < 1000; i++) type(`later ${i}`);
    await scheduler.advance(0);
    expect(users().filter((u) => u.text.startsWith('later'))).toHaveLength(3);
  });

  it('caps the utterances and characters a call stores, so its transcript stays under the PATCH limit', async () => {
    const { session, scheduler, saved, type } = setup({ tuning: { textBurst: 1_000_000 } });
    session.start();
    const long = 'x'.repeat(3999);
    for (let i = 0; i < 3000; i++) {
      type(`${i} ${long}`);
      if (i % 50 === 0) await scheduler.advance(10);
    }
    await scheduler.advance(60_000);
    const chars = saved.reduce((n, u) => n + u.text.length, 0);
    expect(saved.length).toBeLessThanOrEqual(600);
    expect(chars).toBeLessThanOrEqual(300_000);
    // speaker labels add at most ~40 characters a line: well under MAX_TRANSCRIPT_LENGTH (500,000)
    expect(chars + saved.length * 40).toBeLessThan(500_000);
  });

  it('counts a reconnected call’s earlier turns against its budget', async () => {
    const history = Array.from({ length: 10 }, (_, i) => ({
      speaker: (i % 2 ? 'user' : 'agent') as 'user' | 'agent',
      text: `line ${i}`,
    }));
    const { session, scheduler, saved, type } = setup({ history, tuning: { maxUtterances: 11 } });
    session.start();
    await scheduler.advance(0);
    type('one more');
    await scheduler.advance(2000);
    type('and another');
    await scheduler.advance(2000);
    expect(saved.map((u) => u.text)).toEqual(['one more']);
  });
});

describe('an utterance write that fails', () => {
  it('is retried until it lands, and the persona’s answer to it is stored too', async () => {
    let failures = 3;
    const saved: StoredUtterance[] = [];
    const { session, scheduler, type } = setup({
      saveUtterance: async (u) => {
        if (u.speaker === 'user' && failures > 0) {
          failures -= 1;
          throw new Error('connection terminated');
        }
        saved.push(u);
        return true;
      },
    });
    session.start();
    await scheduler.advance(3000);
    type('I am ready to begin.');
    await scheduler.advance(10_000);
    expect(failures).toBe(0);
    expect(saved.map((u) => [u.speaker, u.text])).toContainEqual(['user', 'I am ready to begin.']);
    await session.end('ended_by_user');
    expect(saved.filter((u) => u.speaker === 'agent').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps trying after the session ends, for a while, and the end waits for it', async () => {
    let down = true;
    const saved: StoredUtterance[] = [];
    const { session, scheduler, type } = setup({
      saveUtterance: async (u) => {
        if (down) throw new Error('connection terminated');
        saved.push(u);
        return true;
      },
    });
    session.start();
    await scheduler.advance(3000);
    type('Spoken while the database was away.');
    await scheduler.advance(100);
    let ended = false;
    void session.end('ended_by_user').then(() => {
      ended = true;
    });
    await scheduler.advance(3000);
    expect(ended).toBe(false);
    down = false;
    await scheduler.advance(5000);
    expect(ended).toBe(true);
    expect(saved.map((u) => u.text)).toContain('Spoken while the database was away.');
  });

  it('is not retried when the store answers that the call has ended', async () => {
    let attempts = 0;
    const { session, scheduler, type } = setup({
      saveUtterance: async () => {
        attempts += 1;
        return false;
      },
    });
    session.start();
    await scheduler.advance(3000);
    const before = attempts;
    type('Too late.');
    await scheduler.advance(10_000);
    expect(attempts - before).toBeLessThanOrEqual(2); // the answer and the persona's reply, once each
  });
});
