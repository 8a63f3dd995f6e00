// Barge-in happens on detected speech only: noise on the caller's microphone while the agent
// talks does not interrupt it; speech does. And there must be something to barge in on: speech
// before the opening line has started playing (the voice still starting) does not cancel it.
import { describe, expect, it } from 'vitest';
import type { SpeechSynthesizer } from '../providers/tts/types.js';
import { CallSession } from './call-session.js';
import { createScriptedBrain } from './engines/scripted-brain.js';
import { parseClientMessage } from './protocol.js';
import {
  FakeSocket,
  fakeSynthesizer,
  ManualScheduler,
  micFrames,
  silence,
  speechLike,
  tone,
  whiteNoise,
} from './testing.js';

/**
 * A voice still starting (a cold offline voice on a busy machine, a slow speech service): it says
 * nothing until `ready()` is called, then speaks like `fakeSynthesizer`.
 */
function startingVoice(msPerWord: number) {
  let ready = () => {};
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const voice = fakeSynthesizer(msPerWord);
  const tts: SpeechSynthesizer = {
    kind: 'builtin',
    async *synthesize(text, id, signal) {
      await started;
      yield* voice.synthesize(text, id, signal);
    },
  };
  return { tts, ready: () => ready() };
}

function setup(tts: SpeechSynthesizer = fakeSynthesizer(400)) {
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
    tts,
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

  it('does not let speech before the opening line plays cancel it: the caller hears it whole', async () => {
    const voice = startingVoice(400);
    const { session, socket, scheduler, microphone } = setup(voice.tts);
    session.start();
    // the caller says something while the voice is still starting, and stops
    await microphone(speechLike(1));
    await microphone(silence(1));
    expect(socket.ofType('interruption')).toEqual([]);
    expect(socket.ofType('audio')).toEqual([]);
    expect(session.phase).toBe('thinking');
    voice.ready();
    await scheduler.advance(100);
    expect(session.phase).toBe('speaking');
    const [welcome] = socket.ofType('audio');
    expect(welcome).toBeDefined();
    await scheduler.advance(6000);
    // played to its end, uncut; the sound before it opened no turn
    expect(socket.ofType('interruption')).toEqual([]);
    expect(socket.ofType('agent_response').map((m) => m.agent_response_event)).toEqual([
      {
        agent_response: 'Hi, I am Sarah. Thanks for making the time today. Ready to start?',
        event_id: welcome.audio_event.event_id,
      },
    ]);
    expect(socket.ofType('user_transcript')).toEqual([]);
    expect(session.phase).toBe('listening');
  });

  it('cuts the opening line when speech still going on as it starts goes on into it', async () => {
    const voice = startingVoice(400);
    const { session, socket, scheduler, microphone } = setup(voice.tts);
    session.start();
    await microphone(speechLike(1));
    voice.ready();
    await scheduler.advance(0);
    const [welcome] = socket.ofType('audio');
    expect(welcome).toBeDefined();
    // 100 ms into the opening: not yet a turn's start
    await microphone(speechLike(0.1));
    expect(socket.ofType('interruption')).toEqual([]);
    expect(session.phase).toBe('speaking');
    await microphone(speechLike(0.4));
    const [cut] = socket.ofType('interruption');
    expect(cut.interruption_event.event_id).toBeGreaterThan(welcome.audio_event.event_id);
    expect(session.phase).toBe('user_speaking');
  });
});
