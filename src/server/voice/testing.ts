// Fakes for driving the gateway in tests and the bench: manual time, a recording socket, a
// synthetic voice, and PCM that sounds like speech or silence to the turn detector.

import type { SpeechSynthesizer } from '../providers/tts/types.js';
import type { Scheduler, VoiceSocket } from './call-session.js';
import { pcmToBase64 } from './pcm.js';
import type { ServerMessage } from './protocol.js';
import { SAMPLE_RATE } from './protocol.js';

type Timer = { at: number; fn: () => void; id: number };

/** Time that moves only when the test says so. */
export class ManualScheduler implements Scheduler {
  private time = 0;
  private seq = 0;
  private timers: Timer[] = [];

  now = () => this.time;

  setTimeout = (fn: () => void, ms: number) => {
    const timer = { at: this.time + Math.max(0, ms), fn, id: ++this.seq };
    this.timers.push(timer);
    return timer.id;
  };

  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };

  /** Moves time forward, running due timers in order and letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = end;
    await settle();
  }
}

/** Lets queued promise callbacks run. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

export class FakeSocket implements VoiceSocket {
  sent: ServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;

  send = (message: ServerMessage) => {
    this.sent.push(message);
  };

  close = (code: number, reason: string) => {
    this.closed = { code, reason };
  };

  ofType<T extends ServerMessage['type']>(type: T): Extract<ServerMessage, { type: T }>[] {
    return this.sent.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  }
}

/** A "voice" that answers 60 ms of tone per word, instantly. */
export function fakeSynthesizer(msPerWord = 60): SpeechSynthesizer & { spoken: string[] } {
  const spoken: string[] = [];
  return {
    kind: 'builtin',
    spoken,
    async *synthesize(text) {
      spoken.push(text);
      const words = text.split(/\s+/).filter(Boolean).length;
      yield tone((words * msPerWord) / 1000, 0.3);
    },
  };
}

/** A sine tone at `level` of full scale: loud enough to be speech for the turn detector. */
export function tone(seconds: number, level = 0.3, hz = 220): Int16Array {
  const n = Math.round(seconds * SAMPLE_RATE);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++)
    out[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE) * level * 32767);
  return out;
}

export function silence(seconds: number): Int16Array {
  return new Int16Array(Math.round(seconds * SAMPLE_RATE));
}

/** Splits PCM into the SDK's microphone messages (`{ user_audio_chunk }`), 100 ms each by default. */
export function micFrames(pcm: Int16Array, frameMs = 100): { user_audio_chunk: string }[] {
  const size = (SAMPLE_RATE * frameMs) / 1000;
  const out: { user_audio_chunk: string }[] = [];
  for (let i = 0; i < pcm.length; i += size)
    out.push({ user_audio_chunk: pcmToBase64(pcm.subarray(i, i + size)) });
  return out;
}
