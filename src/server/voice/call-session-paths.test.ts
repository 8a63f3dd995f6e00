// CallSession paths the main suite does not reach: the "didn't catch that" lines (no
// transcription, an empty transcription, a failed one) and their cooldown, and the cut of a
// spoken turn that runs past tuning.maxTurnMs. Driven under fake time: the microphone streams in
// real time (100 ms frames, the scheduler advanced by as much per frame).
import { describe, expect, it, vi } from 'vitest';
import { HEARING_TOOL } from '../../shared/domain/not-heard.js';
import type { Transcriber } from '../providers/stt/types.js';
import {
  CallSession,
  type CallSessionOptions,
  NOT_HEARD_REPEAT_LINE,
  NOT_HEARD_TYPE_LINE,
  type StoredUtterance,
} from './call-session.js';
import type { Persona, Turn } from './engines/brain.js';
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

const NOT_HEARD_COOLDOWN_MS = 20_000;

function setup(overrides: Partial<CallSessionOptions> = {}) {
  const scheduler = new ManualScheduler();
  const socket = new FakeSocket();
  const saved: StoredUtterance[] = [];
  const session = new CallSession({
    conversationId: 'conv_paths',
    socket,
    scheduler,
    brain: createScriptedBrain(persona),
    tts: fakeSynthesizer(),
    stt: null,
    voice: 'sarah',
    remainingMs: 1_800_000,
    saveUtterance: async (u) => {
      saved.push(u);
    },
    ...overrides,
  });
  const sendFrame = (frame: { user_audio_chunk: string }) => {
    const msg = parseClientMessage(JSON.stringify(frame));
    if (!msg) throw new Error('the microphone frame did not parse');
    session.handleMessage(msg);
  };
  /** the microphone streaming `pcm` in real time, 100 ms per message */
  const speak = async (pcm: Int16Array) => {
    for (const frame of micFrames(pcm)) {
      sendFrame(frame);
      await scheduler.advance(100);
    }
  };
  const agentLines = () => socket.ofType('agent_response').map((m) => m.agent_response_event.agent_response);
  const count = (line: string) => agentLines().filter((l) => l === line).length;
  /** starts the call and lets the welcome message play out */
  const startAndListen = async () => {
    session.start();
    await scheduler.advance(5000);
    expect(session.phase).toBe('listening');
  };
  /** one spoken turn: a second of speech, then a second of silence (the turn ends in it) */
  const spokenTurn = async () => {
    await speak(speechLike(1));
    await speak(silence(1));
  };
  return {
    scheduler,
    socket,
    saved,
    session,
    sendFrame,
    speak,
    agentLines,
    count,
    startAndListen,
    spokenTurn,
  };
}

describe('call session: how sure the recogniser was', () => {
  it("stores the built-in recogniser's confidence with a spoken line, and none for a cloud service's", async () => {
    const recognize = vi.fn(async () => ({ text: 'I launched a routing service', confidence: 0.62 }));
    const builtin = setup({ stt: { kind: 'builtin', transcribe: async () => 'unused', recognize } });
    await builtin.startAndListen();
    await builtin.spokenTurn();
    expect(recognize).toHaveBeenCalledTimes(1);
    expect(builtin.saved.filter((u) => u.speaker === 'user')).toEqual([
      expect.objectContaining({ text: 'I launched a routing service', confidence: 0.62 }),
    ]);

    const cloud = setup({ stt: { kind: 'openai', transcribe: async () => 'I launched a routing service' } });
    await cloud.startAndListen();
    await cloud.spokenTurn();
    const [line] = cloud.saved.filter((u) => u.speaker === 'user');
    expect(line?.text).toBe('I launched a routing service');
    expect(line?.confidence ?? null).toBeNull();
  });
});

describe('call session: telling the browser when answers come through unclearly', () => {
  it('after two unclear spoken turns in a row, once, again clear at the next clear turn; a typed answer starts afresh', async () => {
    const confidences = [0.3, 0.45, 0.2, 0.8, 0.3, 0.9, 0.4, 0.4, 0.35];
    const recognize = vi.fn(async () => ({
      text: 'I launched a routing service',
      confidence: confidences.shift()!,
    }));
    // what the persona is given of each answer: the unclear ones marked as such
    const scripted = createScriptedBrain(persona);
    const heard: (boolean | undefined)[] = [];
    const brain = {
      opening: scripted.opening,
      reply: (history: Turn[], signal: AbortSignal) => {
        heard.push(history.at(-1)?.unclear);
        return scripted.reply(history, signal);
      },
    };
    const s = setup({ brain, stt: { kind: 'builtin', transcribe: async () => 'unused', recognize } });
    await s.startAndListen();
    const told = () =>
      s.socket.ofType('client_tool_call').map((m) => {
        expect(m.client_tool_call.tool_name).toBe(HEARING_TOOL);
        return m.client_tool_call.parameters.heard;
      });
    const turn = async () => {
      await s.spokenTurn();
      await s.scheduler.advance(4000);
    };
    await turn();
    expect(told()).toEqual([]);
    await turn();
    expect(told()).toEqual(['poorly']);
    await turn(); // still unclear: told once
    expect(told()).toEqual(['poorly']);
    await turn(); // 0.8
    expect(told()).toEqual(['poorly', 'clearly']);
    await turn(); // 0.3, then 0.9: one unclear turn is no pattern
    await turn();
    expect(told()).toEqual(['poorly', 'clearly']);
    await turn(); // 0.4
    s.session.handleMessage({ type: 'user_message', text: 'I launched it in March.' });
    await s.scheduler.advance(4000);
    await turn(); // 0.4: the first after a typed answer
    expect(told()).toEqual(['poorly', 'clearly']);
    await turn(); // 0.35
    expect(told()).toEqual(['poorly', 'clearly', 'poorly']);
    expect(heard).toEqual([true, true, true, undefined, true, undefined, true, undefined, true, true]);
    // each a tool call of its own, its id unique
    const ids = s.socket.ofType('client_tool_call').map((m) => m.client_tool_call.tool_call_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says nothing for a recogniser that gives no confidence', async () => {
    const s = setup({ stt: { kind: 'openai', transcribe: async () => 'I launched a routing service' } });
    await s.startAndListen();
    for (let i = 0; i < 3; i++) {
      await s.spokenTurn();
      await s.scheduler.advance(4000);
    }
    expect(s.socket.ofType('client_tool_call')).toEqual([]);
  });
});

describe('call session: the "didn\'t catch that" lines', () => {
  it('without transcription, asks for a typed answer when the browser sends no text within the grace period; not again within 20 s, again after', async () => {
    const s = setup({ tuning: { browserTranscriptGraceMs: 2500 } });
    await s.startAndListen();

    await s.spokenTurn();
    // the turn ended in the silence (700 ms hangover); the grace period has not run out yet
    expect(s.count(NOT_HEARD_TYPE_LINE)).toBe(0);
    await s.scheduler.advance(2500);
    expect(s.count(NOT_HEARD_TYPE_LINE)).toBe(1);
    expect(s.agentLines().at(-1)).toBe(NOT_HEARD_TYPE_LINE);
    const firstLineAt = s.scheduler.now();
    // it is spoken, not only shown
    const lineEvent = s.socket.ofType('agent_response').at(-1)?.agent_response_event.event_id;
    expect(s.socket.ofType('audio').some((a) => a.audio_event.event_id === lineEvent)).toBe(true);
    await s.scheduler.advance(3000);
    expect(s.session.phase).toBe('listening');

    // a second unheard turn within the cooldown: the agent says nothing at all
    const sentBefore = s.socket.sent.filter((m) => m.type !== 'ping').length;
    await s.spokenTurn();
    await s.scheduler.advance(3000);
    expect(s.scheduler.now() - firstLineAt).toBeLessThan(NOT_HEARD_COOLDOWN_MS);
    expect(s.socket.sent.filter((m) => m.type !== 'ping').length).toBe(sentBefore);
    expect(s.session.phase).toBe('listening');

    // once 20 s have passed since the line, it is said again
    await s.scheduler.advance(NOT_HEARD_COOLDOWN_MS - (s.scheduler.now() - firstLineAt));
    await s.spokenTurn();
    await s.scheduler.advance(2500);
    expect(s.count(NOT_HEARD_TYPE_LINE)).toBe(2);
    // the typed-answer line is stored like any agent turn once played
    await s.scheduler.advance(3000);
    expect(s.saved.filter((u) => u.speaker === 'agent' && u.text === NOT_HEARD_TYPE_LINE)).toHaveLength(2);
    expect(s.saved.filter((u) => u.speaker === 'user')).toEqual([]);
  });

  it('asks the caller to say it again when transcription answers empty text', async () => {
    const transcribe = vi.fn<Transcriber['transcribe']>(async () => '   ');
    const s = setup({ stt: { kind: 'openai', transcribe } });
    await s.startAndListen();

    await s.spokenTurn();
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(s.agentLines().at(-1)).toBe(NOT_HEARD_REPEAT_LINE);
    // nothing was heard: no transcript to the browser, no user line stored, no question asked
    expect(s.socket.ofType('user_transcript')).toEqual([]);
    expect(s.agentLines()).toEqual([persona.welcomeMessage, NOT_HEARD_REPEAT_LINE]);
    await s.scheduler.advance(3000);
    expect(s.saved.map((u) => [u.speaker, u.text])).toEqual([
      ['agent', persona.welcomeMessage],
      ['agent', NOT_HEARD_REPEAT_LINE],
    ]);
  });

  it('asks for a typed answer when transcription fails, reports the error, and shares the cooldown with the empty-text line', async () => {
    const onError = vi.fn();
    const transcribe = vi
      .fn<Transcriber['transcribe']>()
      .mockRejectedValueOnce(new Error('speech service down'))
      .mockResolvedValueOnce('')
      .mockResolvedValueOnce('');
    const s = setup({ stt: { kind: 'openai', transcribe }, onError });
    await s.startAndListen();

    await s.spokenTurn();
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(s.agentLines().at(-1)).toBe(NOT_HEARD_TYPE_LINE);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'speech service down' }),
      'transcription',
    );
    const firstLineAt = s.scheduler.now();
    await s.scheduler.advance(3000);

    // within 20 s, an empty transcription says nothing
    await s.spokenTurn();
    expect(transcribe).toHaveBeenCalledTimes(2);
    await s.scheduler.advance(1000);
    expect(s.agentLines()).toEqual([persona.welcomeMessage, NOT_HEARD_TYPE_LINE]);

    // after 20 s it is answered again
    await s.scheduler.advance(NOT_HEARD_COOLDOWN_MS - (s.scheduler.now() - firstLineAt));
    await s.spokenTurn();
    expect(transcribe).toHaveBeenCalledTimes(3);
    expect(s.agentLines()).toEqual([persona.welcomeMessage, NOT_HEARD_TYPE_LINE, NOT_HEARD_REPEAT_LINE]);
  });
});

describe('call session: an over-long spoken turn', () => {
  it('cuts continuous speech at tuning.maxTurnMs, transcribes it and answers without waiting for silence', async () => {
    const answer = 'I launched a payments app that grew revenue by 20 percent in six months.';
    const transcribe = vi.fn<Transcriber['transcribe']>(async () => answer);
    const maxTurnMs = 3000;
    const s = setup({ stt: { kind: 'openai', transcribe }, tuning: { maxTurnMs } });
    await s.startAndListen();

    // ten seconds of uninterrupted speech, streamed until the session acts on it
    const frames = micFrames(speechLike(10));
    let sent = 0;
    for (const frame of frames) {
      s.sendFrame(frame);
      sent += 1;
      await s.scheduler.advance(100);
      if (transcribe.mock.calls.length > 0) break;
    }
    // the turn was cut while the caller was still talking, not at the end of the speech
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(sent).toBeLessThan(frames.length);
    const wav = transcribe.mock.calls[0][0];
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    // at least maxTurnMs of 16 kHz PCM16 went up
    expect(wav.length - 44).toBeGreaterThan((maxTurnMs / 1000) * 32_000);

    // answered: the transcript goes to the browser; the answer already tells of a product launched,
    // so the interviewer names it and goes on to its second question
    expect(s.socket.ofType('user_transcript').map((m) => m.user_transcription_event.user_transcript)).toEqual(
      [answer],
    );
    expect(s.agentLines().at(-1)).toMatch(/20 percent.*How would you measure success\?/);
    expect(s.session.phase).toBe('speaking');
    const user = s.saved.find((u) => u.speaker === 'user');
    expect(user).toMatchObject({ text: answer });
    expect(user && user.endMs - user.startMs).toBeGreaterThanOrEqual(maxTurnMs - 200);
  });
});
