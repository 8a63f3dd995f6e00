// Barge-in happens on detected speech only: noise on the caller's microphone while the agent
// talks does not interrupt it; speech does.
import { describe, expect, it } from 'vitest';
import { CallSession } from './call-session.js';
import { createScriptedBrain } from './engines/scripted-brain.js';
import { parseClientMessage } from './protocol.js';
import {
  FakeSocket,
  fakeSynthesizer,
  ManualScheduler,
  micFrames,
  speechLike,
  tone,
  whiteNoise,
} from './testing.js';

function setup() {
  const scheduler = new ManualScheduler();
  const socket = new FakeSocket();
  const session = new CallSession({
    conversationId: 'conv_barge_in',
    socket,
    scheduler,
    brain: createScriptedBrain({
      name: 'Sarah Chen',
      role: 'Group Product Manager',
      company: 'Brightline',
      systemPrompt: '',
      welcomeMessage: 'Hi, I am Sarah. Thanks for making the time today. Ready to start?',
      sampleQuestions: ['Tell me about a product you launched.'],
    }),
    // 400 ms a word: the welcome plays for about five seconds
    tts: fakeSynthesizer(400),
    stt: null,
    voice: 'sarah',
    remainingMs: 1_800_000,
    saveUtterance: async () => true,
  });
  const microphone = async (pcm: Int16Array) => {
    for (const frame of micFrames(pcm)) {
      const message = parseClientMessage(JSON.stringify(frame));
      if (message) session.handleMessage(message);
      await scheduler.advance(100);
    }
  };
  return { session, socket, scheduler, microphone };
}

describe('barge-in', () => {
  it('is not set off by steady noise or hum on the microphone, only by speech', async () => {
    const { session, socket, scheduler, microphone } = setup();
    session.start();
    await scheduler.advance(100);
    expect(session.phase).toBe('speaking');
    // a fan switched on at -30 dBFS (the energy detector took it for speech), then mains hum
    await microphone(whiteNoise(2, 0.03));
    await microphone(tone(1, 0.05, 50));
    expect(socket.ofType('interruption')).toEqual([]);
    expect(session.phase).toBe('speaking');
    await microphone(speechLike(0.4));
    expect(socket.ofType('interruption')).toHaveLength(1);
    expect(session.phase).toBe('user_speaking');
  });
});
