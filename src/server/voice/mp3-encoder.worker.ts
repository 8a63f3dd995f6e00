// Worker thread of the call recordings (started by recorder.ts through DedicatedWorker): owns one
// LAME encoder (WASM) per recording, keyed by the id the main thread chose, and encodes the mixed
// PCM it is sent. Requests are answered one at a time in the order sent, so each recording's
// chunks come back in order. The encoder output lives in WASM memory and is reused by the next
// call, so it is copied into a buffer of its own, which is then moved (not copied) to the main thread.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createEncoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { Transfer } from '../workers/protocol.js';
import { serveRequests } from '../workers/serve.js';

const KBPS = 32;

type Mp3Encoder = WasmMediaEncoder<'audio/mpeg'>;
/** LAME compiled once per thread; one encoder instance per recording */
let compiled: Promise<WebAssembly.Module> | null = null;
const encoders = new Map<number, Mp3Encoder>();

function encoderOf(id: number): Mp3Encoder {
  const encoder = encoders.get(id);
  if (!encoder) throw new Error(`recording encoder ${id} is gone (its worker was restarted)`);
  return encoder;
}

function owned(chunk: Uint8Array): Transfer<ArrayBuffer> {
  const copy = chunk.slice().buffer;
  return new Transfer(copy, [copy]);
}

function lame(): Promise<WebAssembly.Module> {
  compiled ??= fs.promises
    .readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'))
    .then((bytes) => WebAssembly.compile(bytes));
  compiled.catch(() => {
    compiled = null;
  });
  return compiled;
}

const api = {
  /** compiles LAME before the first recording needs it (a call about to start) */
  async warmUp(): Promise<void> {
    await lame();
  },
  async open({ id, sampleRate }: { id: number; sampleRate: number }): Promise<void> {
    const encoder = await createEncoder('audio/mpeg', await lame());
    encoder.configure({ sampleRate, channels: 1, bitrate: KBPS });
    encoders.set(id, encoder);
  },
  encode({ id, pcm }: { id: number; pcm: Float32Array }): Transfer<ArrayBuffer> {
    return owned(encoderOf(id).encode([pcm]));
  },
  /** the encoder's last frames; the encoder is dropped either way */
  finish({ id }: { id: number }): Transfer<ArrayBuffer> {
    try {
      return owned(encoderOf(id).finalize());
    } finally {
      encoders.delete(id);
    }
  },
  /** drops an encoder whose recording was abandoned */
  dispose({ id }: { id: number }): void {
    encoders.delete(id);
  },
};

export type Mp3WorkerApi = typeof api;
serveRequests(api);
