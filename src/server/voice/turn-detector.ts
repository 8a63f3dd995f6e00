// Energy-based voice activity detection with a silence hangover: decides from the microphone's
// PCM stream when the user starts talking (for barge-in) and when their turn is over (the
// answer goes to transcription). Works on 20 ms frames; the threshold follows the background
// noise so a noisy room does not count as speech, with a floor for near-digital silence.

import { rms } from './pcm.js';

export type TurnDetectorOptions = {
  sampleRate: number;
  /** frames louder than this share of full scale may be speech (the noise-relative test also applies) */
  minLevel?: number;
  /** speech must be this much louder than the noise floor */
  noiseRatio?: number;
  /** voiced audio needed before a turn starts (short clicks and coughs are ignored) */
  startMs?: number;
  /** silence after speech that ends the turn */
  hangoverMs?: number;
};

export type TurnEvent =
  /** `offset`: sample index within the pushed chunk where the speech began (may be negative: it began in an earlier chunk) */
  | { kind: 'speech_start'; offset: number }
  /** `offset`: sample index within the pushed chunk where the last voiced frame ended (may be negative) */
  | { kind: 'turn_end'; offset: number };

const FRAME_MS = 20;

export class TurnDetector {
  private readonly frame: number;
  private readonly minLevel: number;
  private readonly noiseRatio: number;
  private readonly startFrames: number;
  private readonly hangoverFrames: number;
  private carry = new Int16Array(0);
  private noise = 0.003;
  private voicedRun = 0;
  private silentRun = 0;
  private inSpeech = false;

  constructor(opts: TurnDetectorOptions) {
    this.frame = Math.round((opts.sampleRate * FRAME_MS) / 1000);
    this.minLevel = opts.minLevel ?? 0.02;
    this.noiseRatio = opts.noiseRatio ?? 3;
    this.startFrames = Math.max(1, Math.round((opts.startMs ?? 120) / FRAME_MS));
    this.hangoverFrames = Math.max(1, Math.round((opts.hangoverMs ?? 700) / FRAME_MS));
  }

  get speaking(): boolean {
    return this.inSpeech;
  }

  /** Feeds one chunk; answers what happened inside it, in order. */
  push(chunk: Int16Array): TurnEvent[] {
    const events: TurnEvent[] = [];
    const carried = this.carry.length;
    const data = carried === 0 ? chunk : concat(this.carry, chunk);
    let i = 0;
    for (; i + this.frame <= data.length; i += this.frame) {
      const level = rms(data, i, i + this.frame);
      const voiced = level >= this.minLevel && level >= this.noise * this.noiseRatio;
      const frameEnd = i + this.frame - carried;
      if (voiced) {
        this.voicedRun += 1;
        this.silentRun = 0;
        if (!this.inSpeech && this.voicedRun >= this.startFrames) {
          this.inSpeech = true;
          events.push({ kind: 'speech_start', offset: frameEnd - this.voicedRun * this.frame });
        }
      } else {
        this.voicedRun = 0;
        // the noise floor learns only from frames that are not speech
        if (!this.inSpeech) this.noise = this.noise * 0.95 + level * 0.05;
        if (this.inSpeech) {
          this.silentRun += 1;
          if (this.silentRun >= this.hangoverFrames) {
            this.inSpeech = false;
            this.silentRun = 0;
            events.push({ kind: 'turn_end', offset: frameEnd - this.hangoverFrames * this.frame });
          }
        }
      }
    }
    this.carry = data.slice(i);
    return events;
  }

  /** Forgets a turn in progress (after a typed answer replaced it). */
  reset(): void {
    this.inSpeech = false;
    this.voicedRun = 0;
    this.silentRun = 0;
  }
}

function concat(a: Int16Array, b: Int16Array): Int16Array {
  const out = new Int16Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
