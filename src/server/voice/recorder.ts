// Records a call while it runs: the user's microphone and the agent's speech are placed on one
// timeline (milliseconds since the session started), mixed to mono and MP3-encoded in small
// steps straight into the blob store. Only the last second or so, plus agent speech queued for
// the future, is held as PCM; everything older is already encoded and written, so memory does
// not grow with the length of the call and a crash loses at most that last stretch.

import { DedicatedWorker, workerModule } from '../workers/dedicated-worker.js';
import type { Mp3WorkerApi } from './mp3-encoder.worker.js';

export const RECORDING_CONTENT_TYPE = 'audio/mpeg';

/**
 * LAME (WASM) runs on a worker thread so that encoding never blocks the event loop: one thread
 * for every recording of the process, each recording's encoder kept there under an id (see
 * DedicatedWorker for why this is not a pool).
 */
export const recordingWorker = new DedicatedWorker<Mp3WorkerApi>(
  workerModule('./mp3-encoder.worker', import.meta.url),
  'mp3-encoder',
);
let nextEncoderId = 1;
/** an encoder whose recorder was dropped without close (a call that failed to start) is freed */
const abandoned = new FinalizationRegistry<{ id: number; letGo: () => void }>(({ id, letGo }) => {
  letGo();
  if (recordingWorker.running) recordingWorker.call('dispose', { id }).catch(() => {});
});

export type RecordingSink = {
  write: (chunk: Buffer) => void;
  end: () => Promise<void>;
};

/** One side of the call: samples from `base` (the first sample not yet encoded) onwards. */
class Track {
  data = new Int16Array(16_000);
  length = 0;

  place(pcm: Int16Array, start: number): void {
    const skip = start < 0 ? -start : 0;
    if (skip >= pcm.length) return;
    const from = start + skip;
    const end = from + pcm.length - skip;
    this.ensure(end);
    if (from > this.length) this.data.fill(0, this.length, from);
    this.data.set(skip ? pcm.subarray(skip) : pcm, from);
    this.length = Math.max(this.length, end);
  }

  cut(at: number): void {
    if (at < this.length) this.length = Math.max(0, at);
  }

  /** removes the first n samples (encoded) */
  shift(n: number): void {
    if (n >= this.length) {
      this.length = 0;
      return;
    }
    this.data.copyWithin(0, n, this.length);
    this.length -= n;
  }

  at(i: number): number {
    return i < this.length ? this.data[i] : 0;
  }

  private ensure(n: number): void {
    if (n <= this.data.length) return;
    const next = new Int16Array(Math.max(n, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}

export class CallRecorder {
  private readonly user = new Track();
  private readonly agent = new Track();
  /** samples already encoded (sent to the encoder) */
  private base = 0;
  private closed = false;
  private bytes = 0;
  /** the encoded chunks written so far, in order; settles once the last one is in the sink */
  private written: Promise<void> = Promise.resolve();
  /** the first error of the encoder; nothing is encoded after it */
  private failure: { error: unknown } | null = null;

  private constructor(
    private readonly sink: RecordingSink,
    private readonly encoderId: number,
    private readonly sampleRate: number,
    /** lets the worker be stopped for idleness again: its encoder is no longer needed */
    private readonly letGo: () => void,
  ) {
    abandoned.register(this, { id: encoderId, letGo }, this);
  }

  static async create(sink: RecordingSink, sampleRate = 16_000): Promise<CallRecorder> {
    const id = nextEncoderId++;
    // the encoder lives in the worker between requests: the worker must not stop while it does
    const letGo = recordingWorker.hold();
    try {
      await recordingWorker.call('open', { id, sampleRate });
    } catch (err) {
      letGo();
      throw err;
    }
    return new CallRecorder(sink, id, sampleRate, letGo);
  }

  addUser(pcm: Int16Array, atMs: number): void {
    if (!this.closed) this.user.place(pcm, this.sampleAt(atMs) - this.base);
  }

  addAgent(pcm: Int16Array, atMs: number): void {
    if (!this.closed) this.agent.place(pcm, this.sampleAt(atMs) - this.base);
  }

  /** Drops agent speech from `atMs` on: the caller interrupted it, so it was never heard. */
  cutAgent(atMs: number): void {
    this.agent.cut(this.sampleAt(atMs) - this.base);
  }

  /** Sends everything before `uptoMs` to the encoder; its MP3 is written when it comes back. */
  flush(uptoMs: number): void {
    if (this.closed) return;
    this.encodeUpTo(this.sampleAt(uptoMs));
  }

  /**
   * Encodes the rest (up to `endMs`; agent speech queued past it was never heard) and closes the
   * blob once every chunk is written. If the encoder failed (or its worker died), the blob keeps
   * what was written before the failure (MP3 frames stand alone) and this rejects with the error.
   */
  async close(endMs: number): Promise<void> {
    if (this.closed) return;
    this.encodeUpTo(Math.max(this.sampleAt(endMs), this.base + this.user.length));
    this.closed = true;
    abandoned.unregister(this);
    if (!this.failure) this.enqueue(recordingWorker.call('finish', { id: this.encoderId }));
    // the finish request is outstanding, which itself keeps the worker up until it is answered
    this.letGo();
    await this.written;
    await this.sink.end();
    if (this.failure) {
      if (recordingWorker.running) recordingWorker.call('dispose', { id: this.encoderId }).catch(() => {});
      throw this.failure.error;
    }
  }

  /** resolves once every chunk sent to the encoder so far is in the sink */
  whenWritten(): Promise<void> {
    return this.written;
  }

  /** PCM samples held in memory (for the memory bound's test and the bench) */
  get heldSamples(): number {
    return this.user.data.length + this.agent.data.length;
  }

  /** MP3 bytes written to the sink so far */
  get encodedBytes(): number {
    return this.bytes;
  }

  private sampleAt(ms: number): number {
    return Math.round((ms * this.sampleRate) / 1000);
  }

  private encodeUpTo(sample: number): void {
    const n = sample - this.base;
    if (n <= 0) return;
    if (!this.failure) {
      const mixed = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        mixed[i] = Math.min(1, Math.max(-1, (this.user.at(i) + this.agent.at(i)) / 32768));
      }
      this.enqueue(recordingWorker.call('encode', { id: this.encoderId, pcm: mixed }, [mixed.buffer]));
    }
    this.user.shift(n);
    this.agent.shift(n);
    this.base = sample;
  }

  /**
   * Requests go out at once (the worker answers them in order); their chunks are written in the
   * same order, each after the one before. After a failure nothing more is written.
   */
  private enqueue(chunk: Promise<ArrayBuffer>): void {
    chunk.catch(() => {}); // handled below, in order
    this.written = this.written
      .then(() => chunk)
      .then(
        (bytes) => {
          if (!this.failure) this.write(bytes);
        },
        (error: unknown) => {
          this.failure ??= { error };
        },
      );
  }

  private write(bytes: ArrayBuffer): void {
    if (bytes.byteLength === 0) return;
    this.bytes += bytes.byteLength;
    this.sink.write(Buffer.from(bytes));
  }
}

/**
 * Marks one user (an app) of the recordings' worker; the last release stops the thread, and
 * `idleMs` stops it after that long with no recording open (the next recording starts it again).
 */
export function retainRecordingWorker(options: { idleMs?: number } = {}): () => Promise<void> {
  return recordingWorker.retain(options);
}

/**
 * Starts the recordings' worker and compiles its encoder before a call opens its recording (the
 * call's first phrase waits for that); it stops again after the idle time if no recording follows.
 */
export async function warmRecordingWorker(): Promise<void> {
  await recordingWorker.call('warmUp', undefined);
}
