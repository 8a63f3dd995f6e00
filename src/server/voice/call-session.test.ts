import { describe, expect, it, vi } from 'vitest';
import type { Transcriber } from '../providers/stt/types.js';
import {
  CallSession,
  type CallSessionOptions,
  NOT_HEARD_TYPE_LINE,
  type StoredUtterance,
} from './call-session.js';
import type { Persona } from './engines/brain.js';
import { createScriptedBrain } from './engines/scripted-brain.js';
import { parseClientMessage } from './protocol.js';
import { FakeSocket, fakeSynthesizer, ManualScheduler, micFrames, silence, speechLike } from './testing.js';

const persona: Persona = {
  name: 'Sarah Chen',
  role: 'Group Product Manager',
  company: 'Brightline',
  systemPrompt: '',
  welcomeMessage: 'Hi, I am Sarah. Thanks for making the time today. Ready to start?',
  sampleQuestions: ['Tell me about a product you launched.', 'How would you measure success?'],
};

function setup(overrides: Partial<CallSessionOptions> = {}) {
  const scheduler = new ManualScheduler();
  const socket = new FakeSocket();
  const tts = fakeSynthesizer();
  const saved: StoredUtterance[] = [];
  const latencies: number[] = [];
  const session = new CallSession({
    conversationId: 'conv_test',
    socket,
    scheduler,
    brain: createScriptedBrain(persona),
    tts,
    stt: null,
    voice: 'sarah',
    remainingMs: 1_800_000,
    saveUtterance: async (u) => {
      saved.push(u);
    },
    onTurnLatency: (ms) => latencies.push(ms),
    ...overrides,
  });
  /** the microphone streaming `pcm` in real time, 100 ms per message */
  const speak = async (pcm: Int16Array) => {
    for (const frame of micFrames(pcm)) {
      const msg = parseClientMessage(JSON.stringify(frame));
      if (msg) session.handleMessage(msg);
      await scheduler.advance(100);
    }
  };
  const type = (text: string) => session.handleMessage({ type: 'user_message', text });
  return { scheduler, socket, tts, saved, latencies, session, speak, type };
}

describe('call session', () => {
  it('sends the initiation metadata first, then speaks the welcome message', async () => {
    const { session, socket, scheduler, saved } = setup();
    session.start();
    await scheduler.advance(0);
    expect(socket.sent[0]).toEqual({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: 'conv_test',
        agent_output_audio_format: 'pcm_16000',
        user_input_audio_format: 'pcm_16000',
      },
    });
    expect(socket.ofType('audio').length).toBeGreaterThan(0);
    expect(socket.ofType('agent_response')[0].agent_response_event.agent_response).toBe(
      persona.welcomeMessage,
    );
    expect(session.phase).toBe('speaking');
    // stored once the browser has played it
    expect(saved).toEqual([]);
    await scheduler.advance(5000);
    expect(saved).toEqual([
      expect.objectContaining({ speaker: 'agent', text: persona.welcomeMessage, startMs: 0 }),
    ]);
    expect(saved[0].endMs).toBeGreaterThan(500);
    expect(session.phase).toBe('listening');
  });

  it('answers a typed message with the first sample question, as text and audio, and stores both turns', async () => {
    const { session, socket, scheduler, saved, latencies } = setup();
    session.start();
    await scheduler.advance(5000);
    socket.sent = [];
    session.handleMessage({ type: 'user_message', text: 'Yes, ready.' });
    await scheduler.advance(0);
    expect(socket.ofType('user_transcript')[0].user_transcription_event.user_transcript).toBe('Yes, ready.');
    const reply = socket.ofType('agent_response')[0].agent_response_event;
    expect(reply.agent_response).toBe("Great, let's begin. Tell me about a product you launched.");
    const audio = socket.ofType('audio');
    expect(audio.length).toBeGreaterThan(0);
    expect(audio.every((a) => a.audio_event.event_id === reply.event_id)).toBe(true);
    expect(latencies).toHaveLength(1);
    await scheduler.advance(5000);
    expect(saved.map((u) => [u.speaker, u.text])).toEqual([
      ['agent', persona.welcomeMessage],
      ['user', 'Yes, ready.'],
      ['agent', "Great, let's begin. Tell me about a product you launched."],
    ]);
  });

  it('stores a reply cut off before its audio began after the answer it replied to, not at the last audio', async () => {
    // a voice slower than the user: the reply to the first answer has no audio yet when the next comes
    const slow = fakeSynthesizer();
    const tts = {
      ...slow,
      async *synthesize(text: string, voice: string, signal?: AbortSignal) {
        if (text !== persona.welcomeMessage) {
          await new Promise((resolve) => signal?.addEventListener('abort', resolve));
          return;
        }
        yield* slow.synthesize(text, voice, signal ?? new AbortController().signal);
      },
    };
    const { session, scheduler, saved, type } = setup({ tts });
    session.start();
    await scheduler.advance(5000);
    type('Yes, ready.');
    await scheduler.advance(1000);
    type('I launched a payments app for small cafés.');
    await scheduler.advance(5000);
    // the transcript's order: by start, then by row; the rows may land in any order (concurrent
    // saves), so the later one is taken first here
    const order = saved
      .map((u, i) => ({ u, i }))
      .sort((a, b) => a.u.startMs - b.u.startMs || b.i - a.i)
      .map(({ u }) => `${u.speaker}: ${u.text.split(' ').slice(0, 3).join(' ')}`);
    expect(order).toEqual([
      'agent: Hi, I am',
      'user: Yes, ready.',
      "agent: Great, let's begin.",
      'user: I launched a',
    ]);
  });

  it('stores a reply after the line it answers, even when its audio starts in the same millisecond', async () => {
    // the voice answers at once (this fake takes no time), so the reply's first audio shares the
    // typed answer's millisecond; its row may also land first (concurrent saves)
    const { session, scheduler, saved, type } = setup();
    session.start();
    await scheduler.advance(5000);
    type('Yes, ready.');
    await scheduler.advance(5000);
    const [answer, reply] = saved.slice(1);
    expect([answer.speaker, reply.speaker]).toEqual(['user', 'agent']);
    expect(reply.startMs).toBeGreaterThan(answer.startMs);
    expect(reply.endMs).toBeGreaterThanOrEqual(reply.startMs);
  });

  it('waits for the silence hangover before transcribing a spoken answer', async () => {
    const transcribe = vi.fn<Transcriber['transcribe']>(
      async () => 'I launched a payments app that grew revenue by 20 percent in six months.',
    );
    const stt: Transcriber = { kind: 'openai', transcribe };
    const { session, socket, scheduler, speak } = setup({ stt });
    session.start();
    await scheduler.advance(5000);
    await speak(speechLike(1.2));
    await speak(silence(0.4));
    expect(transcribe).not.toHaveBeenCalled();
    expect(session.phase).toBe('user_speaking');
    await speak(silence(0.6));
    expect(transcribe).toHaveBeenCalledTimes(1);
    const wav = transcribe.mock.calls[0][0];
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    // the whole utterance (about 1.2 s of 16 kHz PCM16) went up
    expect(wav.length).toBeGreaterThan(1.2 * 32_000);
    expect(socket.ofType('user_transcript')[0].user_transcription_event.user_transcript).toMatch(
      /payments app/,
    );
    // the answer already tells of a product launched: the interviewer names it and asks the next question
    expect(socket.ofType('agent_response').at(-1)?.agent_response_event.agent_response).toMatch(
      /20 percent.*How would you measure success\?/,
    );
  });

  it('stops speaking with an interruption when the user talks over the agent', async () => {
    const { session, socket, scheduler, saved, speak } = setup();
    session.start();
    await scheduler.advance(300);
    const agentEvent = socket.ofType('audio')[0].audio_event.event_id;
    expect(session.phase).toBe('speaking');
    await speak(speechLike(0.3));
    const [interrupt] = socket.ofType('interruption');
    expect(interrupt).toBeDefined();
    // the SDK drops audio whose event id is below the interruption's
    expect(interrupt.interruption_event.event_id).toBeGreaterThan(agentEvent);
    expect(session.phase).toBe('user_speaking');
    const agentAudio = socket.sent.filter((m) => m.type === 'audio').length;
    await scheduler.advance(3000);
    expect(socket.sent.filter((m) => m.type === 'audio').length).toBe(agentAudio);
    // what was said before the interruption is stored, ending when the user cut in
    expect(saved[0]).toMatchObject({ speaker: 'agent', text: persona.welcomeMessage });
    expect(saved[0].endMs).toBeLessThan(800);
  });

  it('asks for a typed answer when a spoken turn cannot be transcribed, but not when the browser sent its text', async () => {
    const { session, socket, scheduler, speak, type } = setup();
    session.start();
    await scheduler.advance(5000);
    await speak(speechLike(1));
    type('Yes, I am ready to start.');
    await speak(silence(1));
    await scheduler.advance(3000);
    const lines = socket.ofType('agent_response').map((m) => m.agent_response_event.agent_response);
    expect(lines).not.toContain(NOT_HEARD_TYPE_LINE);
    expect(lines.at(-1)).toMatch(/Tell me about a product you launched/);

    await scheduler.advance(5000);
    await speak(speechLike(1));
    await speak(silence(1));
    await scheduler.advance(3000);
    const after = socket.ofType('agent_response').map((m) => m.agent_response_event.agent_response);
    expect(after.at(-1)).toBe(NOT_HEARD_TYPE_LINE);
  });

  it('pings soon after connecting, then at the interval, and measures the round trip from the pong', async () => {
    const { session, socket, scheduler } = setup({ tuning: { pingIntervalMs: 5000 } });
    session.start();
    await scheduler.advance(1000);
    const [p] = socket.ofType('ping');
    expect(p.ping_event.event_id).toBeGreaterThan(0);
    await scheduler.advance(40);
    session.handleMessage({ type: 'pong', event_id: p.ping_event.event_id });
    expect(session.pingRttMs).toBe(40);
    await scheduler.advance(3900);
    expect(socket.ofType('ping')).toHaveLength(1);
    await scheduler.advance(100);
    const pings = socket.ofType('ping');
    expect(pings).toHaveLength(2);
    // the next ping reports the measured latency
    expect(pings[1].ping_event.ping_ms).toBe(40);
  });

  it('ends itself at the call time limit and closes the socket normally', async () => {
    const onEnded = vi.fn();
    const { session, socket, scheduler } = setup({ remainingMs: 60_000, onEnded });
    session.start();
    await scheduler.advance(59_000);
    expect(socket.closed).toBeNull();
    await scheduler.advance(1000);
    expect(socket.closed).toEqual({ code: 1000, reason: 'Call time limit reached' });
    expect(onEnded).toHaveBeenCalledWith('time_limit');
    expect(session.phase).toBe('ended');
  });

  it('keeps the text of an agent turn cut off by the end of the call', async () => {
    const { session, scheduler, saved } = setup();
    session.start();
    await scheduler.advance(200);
    await session.end('ended_by_user');
    expect(saved).toEqual([
      expect.objectContaining({ speaker: 'agent', text: persona.welcomeMessage, endMs: 200 }),
    ]);
  });
});
