// Fakes for driving the gateway in tests and the bench: manual time, a recording socket, a
// synthetic voice, and PCM that sounds like speech, noise or silence to the turn detector.

import { pcmToBase64 } from '../audio/pcm.js';
import type { SpeechSynthesizer } from '../providers/tts/types.js';
import type { Scheduler, VoiceSocket } from './call-session.js';
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

/** A sine tone at `level` of full scale (agent audio, recordings; the turn detector wants `speechLike`). */
export function tone(seconds: number, level = 0.3, hz = 220): Int16Array {
  const n = Math.round(seconds * SAMPLE_RATE);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++)
    out[i] = Math.round(Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE) * level * 32767);
  return out;
}

/**
 * A vowel-like voice: glottal pulses at `f0` with a slow intonation, through the formants of an
 * /a/, with a syllable-rate swell. The turn detector (WebRTC VAD) hears it as speech from 0.03 of
 * full scale up; whether a pure sine (`tone()`) is depends on its pitch and level.
 */
export function speechLike(seconds: number, level = 0.1, f0 = 120): Int16Array {
  const n = Math.round(seconds * SAMPLE_RATE);
  const x = new Float64Array(n);
  let phase = 0;
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const t = i / SAMPLE_RATE;
    phase += (f0 * (1 + 0.08 * Math.sin(2 * Math.PI * 3 * t))) / SAMPLE_RATE;
    phase -= Math.floor(phase);
    // Rosenberg pulse (opening 40 % of the period, closing 10 %), differentiated for the lips
    const pulse =
      phase < 0.4
        ? 0.5 * (1 - Math.cos((Math.PI * phase) / 0.4))
        : phase < 0.5
          ? Math.cos((Math.PI * (phase - 0.4)) / 0.2)
          : 0;
    x[i] = pulse - previous;
    previous = pulse;
  }
  for (const [hz, bandwidth] of [
    [700, 110],
    [1220, 120],
    [2600, 160],
  ]) {
    const r = Math.exp((-Math.PI * bandwidth) / SAMPLE_RATE);
    const a1 = 2 * r * Math.cos((2 * Math.PI * hz) / SAMPLE_RATE);
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < n; i++) {
      const y = (1 - r) * x[i] + a1 * y1 - r * r * y2;
      y2 = y1;
      y1 = y;
      x[i] = y;
    }
  }
  let energy = 0;
  for (let i = 0; i < n; i++) {
    x[i] *= 0.65 + 0.35 * Math.sin((2 * Math.PI * 4 * i) / SAMPLE_RATE);
    energy += x[i] * x[i];
  }
  const gain = n === 0 || energy === 0 ? 0 : (level * 32767) / Math.sqrt(energy / n);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(x[i] * gain)));
  return out;
}

/** Gaussian white noise at `level` (RMS, share of full scale), the same for the same seed. */
export function whiteNoise(seconds: number, level = 0.03, seed = 1): Int16Array {
  const n = Math.round(seconds * SAMPLE_RATE);
  const out = new Int16Array(n);
  let state = seed >>> 0 || 1;
  const uniform = () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 1) / 4294967297;
  };
  for (let i = 0; i < n; i++) {
    const g = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    out[i] = Math.max(-32768, Math.min(32767, Math.round(g * level * 32767)));
  }
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
