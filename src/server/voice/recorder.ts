// Records a call while it runs: the user's microphone and the agent's speech are placed on one
// timeline (milliseconds since the session started), mixed to mono and MP3-encoded in small
// steps straight into the blob store. Only the last second or so, plus agent speech queued for
// the future, is held as PCM; everything older is already encoded and written, so memory does
// not grow with the length of the call and a crash loses at most that last stretch.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createEncoder, type WasmMediaEncoder } from 'wasm-media-encoders';

export const RECORDING_CONTENT_TYPE = 'audio/mpeg';
const KBPS = 32;

type Mp3Encoder = WasmMediaEncoder<'audio/mpeg'>;
/** LAME compiled to WASM: compiled once per process, one encoder instance per call. */
let compiled: Promise<WebAssembly.Module> | null = null;

async function newMp3Encoder(sampleRate: number): Promise<Mp3Encoder> {
  compiled ??= fs.promises
    .readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'))
    .then((bytes) => WebAssembly.compile(bytes));
  const encoder = await createEncoder('audio/mpeg', await compiled);
  encoder.configure({ sampleRate, channels: 1, bitrate: KBPS });
  return encoder;
}

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
  /** samples already encoded */
  private base = 0;
  private closed = false;
  private bytes = 0;

  private constructor(
    private readonly sink: RecordingSink,
    private readonly encoder: Mp3Encoder,
    private readonly sampleRate: number,
  ) {}

  static async create(sink: RecordingSink, sampleRate = 16_000): Promise<CallRecorder> {
    return new CallRecorder(sink, await newMp3Encoder(sampleRate), sampleRate);
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

  /** Encodes and writes everything before `uptoMs`. */
  flush(uptoMs: number): void {
    if (this.closed) return;
    this.encodeUpTo(this.sampleAt(uptoMs));
  }

  /** Encodes the rest (up to `endMs`; agent speech queued past it was never heard) and closes the blob. */
  async close(endMs: number): Promise<void> {
    if (this.closed) return;
    this.encodeUpTo(Math.max(this.sampleAt(endMs), this.base + this.user.length));
    this.closed = true;
    this.write(this.encoder.finalize());
    await this.sink.end();
  }

  /** PCM samples held in memory (for the memory bound's test and the bench) */
  get heldSamples(): number {
    return this.user.data.length + this.agent.data.length;
  }

  get encodedBytes(): number {
    return this.bytes;
  }

  private sampleAt(ms: number): number {
    return Math.round((ms * this.sampleRate) / 1000);
  }

  private encodeUpTo(sample: number): void {
    const n = sample - this.base;
    if (n <= 0) return;
    const mixed = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      mixed[i] = Math.min(1, Math.max(-1, (this.user.at(i) + this.agent.at(i)) / 32768));
    }
    this.write(this.encoder.encode([mixed]));
    this.user.shift(n);
    this.agent.shift(n);
    this.base = sample;
  }

  /** the encoder owns `chunk`'s memory, so it is copied before it is queued */
  private write(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.bytes += chunk.length;
    this.sink.write(Buffer.from(chunk));
  }
}
