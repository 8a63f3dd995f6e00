// 16-bit little-endian mono PCM helpers: base64 frames of the protocol, WAV files, resampling.

/**
 * The rate of the server's speech: the voice protocol's pcm_16000 frames, what the recogniser
 * hears and the voice previews play. Here, below the providers, the modules and the voice runtime,
 * so each can read it without importing the others.
 */
export const SAMPLE_RATE = 16_000;

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function pcmFromBase64(b64: string): Int16Array {
  return samplesOf(Buffer.from(b64, 'base64'));
}

/** Little-endian PCM16 bytes as samples (copied, so the result owns aligned memory). */
function samplesOf(bytes: Uint8Array): Int16Array {
  const n = bytes.length >> 1;
  if (littleEndian) {
    const copy = new Uint8Array(n * 2);
    copy.set(bytes.subarray(0, n * 2));
    return new Int16Array(copy.buffer);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Int16Array(n);
  for (let i = 0; i < n; i++) samples[i] = view.getInt16(i * 2, true);
  return samples;
}

export function pcmToBase64(samples: Int16Array): string {
  return pcmToBuffer(samples).toString('base64');
}

export function pcmToBuffer(samples: Int16Array): Buffer {
  if (littleEndian) return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const buf = Buffer.allocUnsafe(samples.length * 2);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i], i * 2);
  return buf;
}

export const durationMs = (samples: number, sampleRate: number) => (samples * 1000) / sampleRate;

/** Root mean square level of a frame, 0…1 of full scale. */
export function rms(samples: Int16Array, start = 0, end = samples.length): number {
  if (end <= start) return 0;
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / (end - start)) / 32768;
}

/** A mono 16-bit WAV file around the samples (for transcription uploads and tests). */
export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const data = pcmToBuffer(samples);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Reads a PCM16 mono WAV (as espeak-ng writes it); throws on anything else. */
export function parseWav(file: Uint8Array): { samples: Int16Array; sampleRate: number } {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    let size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (
        buf.readUInt16LE(body) !== 1 ||
        buf.readUInt16LE(body + 2) !== 1 ||
        buf.readUInt16LE(body + 14) !== 16
      ) {
        throw new Error('only PCM16 mono WAV is supported');
      }
      sampleRate = buf.readUInt32LE(body + 4);
    } else if (id === 'data') {
      // espeak-ng streaming output may leave the size field unset
      if (size === 0 || size === 0xffffffff || body + size > buf.length) size = buf.length - body;
      if (!sampleRate) throw new Error('WAV data before its format');
      return { samples: samplesOf(buf.subarray(body, body + (size & ~1))), sampleRate };
    }
    offset = body + size + (size & 1);
  }
  throw new Error('WAV file has no data');
}

/**
 * Linear-interpolating resampler that keeps its phase between chunks, so a stream resampled
 * chunk by chunk has no clicks at the seams. Good enough for speech heard over a call.
 */
export class Resampler {
  private readonly step: number;
  private pos = 0;
  private last: number | null = null;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    this.step = fromRate / toRate;
  }

  push(input: Int16Array): Int16Array {
    if (this.fromRate === this.toRate) return input;
    const last = this.last ?? input[0] ?? 0;
    const count = this.pos > input.length - 1 ? 0 : Math.floor((input.length - 1 - this.pos) / this.step) + 1;
    const out = new Int16Array(count);
    let pos = this.pos;
    for (let k = 0; k < count; k++) {
      const i = Math.floor(pos);
      const frac = pos - i;
      // the sample before this chunk sits at index -1
      const a = i < 0 ? last : input[i];
      const b = i + 1 < input.length ? input[i + 1] : a;
      out[k] = Math.round(a + (b - a) * frac);
      pos += this.step;
    }
    this.pos = pos - input.length;
    if (input.length > 0) this.last = input[input.length - 1];
    return out;
  }
}

export function resample(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  return new Resampler(fromRate, toRate).push(samples);
}
