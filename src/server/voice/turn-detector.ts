// Voice activity detection with a silence hangover: decides from the microphone's PCM stream
// when the user starts talking (for barge-in) and when their turn is over (the answer goes to
// transcription). Each 30 ms frame is classified by the WebRTC voice activity detector (libfvad,
// `@echogarden/fvad-wasm`), which weighs its spectrum against models of speech and of the
// background rather than going by loudness: steady noise up to about -26 dBFS, hum and a loud
// pure tone do not open a turn (figures in docs/decisions/004-voice-activity-detection.md). A turn
// starts after `startMs` of consecutive voiced frames and ends after `hangoverMs` of unvoiced ones
// (libfvad itself keeps calling 60–90 ms after speech voiced).
//
// The WASM module is instantiated once, when this file is first imported (top-level await, a few
// milliseconds); detectors are then created and fed synchronously. Each detector holds a small
// libfvad state in the module's memory, freed when the detector is garbage-collected.

import createFvad from '@echogarden/fvad-wasm';

export type TurnDetectorOptions = {
  /** 8000, 16000, 32000 or 48000 (the protocol's is 16000) */
  sampleRate: number;
  /** libfvad's aggressiveness, 0–3: higher calls fewer frames speech (3 is right for calls; 0–1 merge answers) */
  mode?: 0 | 1 | 2 | 3;
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

const FRAME_MS = 30;
const SAMPLE_RATES = [8000, 16_000, 32_000, 48_000];
const MAX_FRAME = (48_000 * FRAME_MS) / 1000;

const fvad = await createFvad();
/** one frame's worth of heap, shared: detectors copy a frame in and classify it synchronously */
const frameBuffer = fvad._malloc(MAX_FRAME * 2);
if (!frameBuffer) throw new Error('fvad: could not allocate the frame buffer');
const released = new FinalizationRegistry<number>((inst) => fvad._fvad_free(inst));

export class TurnDetector {
  private readonly frame: number;
  private readonly startFrames: number;
  private readonly hangoverFrames: number;
  private readonly vad: number;
  /** the start of a frame that has not been completed by the chunks pushed so far */
  private readonly pending: Int16Array;
  private filled = 0;
  private voicedRun = 0;
  private silentRun = 0;
  private inSpeech = false;

  constructor(opts: TurnDetectorOptions) {
    if (!SAMPLE_RATES.includes(opts.sampleRate)) {
      throw new RangeError(
        `TurnDetector: sample rate ${opts.sampleRate} (needs one of ${SAMPLE_RATES.join(', ')})`,
      );
    }
    const mode = opts.mode ?? 3;
    if (![0, 1, 2, 3].includes(mode)) throw new RangeError(`TurnDetector: mode ${mode} (needs 0–3)`);
    this.frame = (opts.sampleRate * FRAME_MS) / 1000;
    this.pending = new Int16Array(this.frame);
    this.startFrames = Math.max(1, Math.ceil((opts.startMs ?? 150) / FRAME_MS));
    this.hangoverFrames = Math.max(1, Math.ceil((opts.hangoverMs ?? 700) / FRAME_MS));
    const vad = fvad._fvad_new();
    if (!vad) throw new Error('fvad: out of memory');
    if (fvad._fvad_set_mode(vad, mode) !== 0 || fvad._fvad_set_sample_rate(vad, opts.sampleRate) !== 0) {
      fvad._fvad_free(vad);
      throw new Error('fvad: could not configure the detector');
    }
    this.vad = vad;
    released.register(this, vad);
  }

  get speaking(): boolean {
    return this.inSpeech;
  }

  /** Feeds one chunk; answers what happened inside it, in order. */
  push(chunk: Int16Array): TurnEvent[] {
    const events: TurnEvent[] = [];
    let i = 0;
    while (i < chunk.length) {
      const take = Math.min(this.frame - this.filled, chunk.length - i);
      this.pending.set(chunk.subarray(i, i + take), this.filled);
      this.filled += take;
      i += take;
      if (this.filled < this.frame) break;
      this.filled = 0;
      // `i` is where this frame ended, as an index into `chunk`
      if (this.classify()) {
        this.voicedRun += 1;
        this.silentRun = 0;
        if (!this.inSpeech && this.voicedRun >= this.startFrames) {
          this.inSpeech = true;
          events.push({ kind: 'speech_start', offset: i - this.voicedRun * this.frame });
        }
      } else {
        this.voicedRun = 0;
        if (this.inSpeech) {
          this.silentRun += 1;
          if (this.silentRun >= this.hangoverFrames) {
            this.inSpeech = false;
            this.silentRun = 0;
            events.push({ kind: 'turn_end', offset: i - this.hangoverFrames * this.frame });
          }
        }
      }
    }
    return events;
  }

  /**
   * Forgets a turn in progress (after a typed answer replaced it, or a long turn was cut). What
   * libfvad has learnt of the background noise is kept, and so is a partial frame, so offsets stay
   * aligned with the stream.
   */
  reset(): void {
    this.inSpeech = false;
    this.voicedRun = 0;
    this.silentRun = 0;
  }

  private classify(): boolean {
    // HEAP16 is read afresh each time: it is replaced when the module's memory grows
    fvad.HEAP16.set(this.pending, frameBuffer >> 1);
    const voiced = fvad._fvad_process(this.vad, frameBuffer, this.frame);
    if (voiced < 0) throw new Error('fvad: frame rejected');
    return voiced === 1;
  }
}
