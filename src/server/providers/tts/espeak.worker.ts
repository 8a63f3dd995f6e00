// Worker thread of the offline voice (started by espeak.ts through DedicatedWorker): holds the
// one warm espeak-ng instance of the process and synthesises one phrase at a time, in the order
// asked. The 16 kHz samples are moved (not copied) to the main thread.

import { Transfer } from '../../workers/protocol.js';
import { serveRequests } from '../../workers/serve.js';
import { createEspeakEngine, type EspeakEngine } from './espeak-engine.js';

let engine: Promise<EspeakEngine> | null = null;

function loaded(): Promise<EspeakEngine> {
  engine ??= createEspeakEngine();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

const api = {
  /** starts the instance; answers whether phrases will reuse it */
  async warmUp(): Promise<{ reusable: boolean }> {
    const e = await loaded();
    await e.ready();
    return { reusable: e.reusable };
  },
  async speak({ text, voice, wordsPerMinute }: { text: string; voice: string; wordsPerMinute: number }) {
    const e = await loaded();
    const spoken = await e.speak(text, voice, wordsPerMinute);
    // a buffer of its own to move (a view into a larger one would move, and lose, the rest)
    const pcm = spoken.byteLength === spoken.buffer.byteLength ? spoken : spoken.slice();
    return new Transfer({ pcm, reusable: e.reusable }, [pcm.buffer as ArrayBuffer]);
  },
};

export type EspeakWorkerApi = typeof api;
serveRequests(api);
