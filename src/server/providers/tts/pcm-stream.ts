// Reads a streamed HTTP body of raw PCM16 little-endian audio as 16 kHz sample chunks.
import { Resampler } from '../../audio/pcm.js';

export async function* pcmChunksFromBody(
  body: ReadableStream<Uint8Array> | null,
  sourceRate: number,
  outputRate: number,
): AsyncIterable<Int16Array> {
  if (!body) return;
  const resampler = new Resampler(sourceRate, outputRate);
  let odd: number | null = null;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    if (odd !== null) bytes = Buffer.concat([Buffer.from([odd]), bytes]);
    odd = bytes.length % 2 === 1 ? bytes[bytes.length - 1] : null;
    const samples = new Int16Array(bytes.length >> 1);
    for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
    if (samples.length) yield resampler.push(samples);
  }
}

/** A body already read in full, as one chunk (not streaming: the phrase goes on in one piece). */
export function wholeBody(bytes: ArrayBuffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}
