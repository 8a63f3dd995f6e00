// The built-in offline synthesiser: eSpeak NG (WASM, espeak-engine.ts) on a worker thread of its
// own, so a phrase's 50–250 ms of synthesis never blocks the event loop. The thread holds the one
// warm instance of the process and speaks one phrase at a time; recent phrases are answered from
// a cache here without asking it. If the thread dies, the phrase being spoken fails (the session's
// speech error path) and the next phrase starts a fresh thread.

import { DedicatedWorker, workerModule } from '../../workers/dedicated-worker.js';
import type { EspeakWorkerApi } from './espeak.worker.js';
import { DEFAULT_WORDS_PER_MINUTE, ESPEAK_PERSONA_VOICES, espeakInstalled } from './espeak-engine.js';
import type { SpeechSynthesizer, VoiceId } from './types.js';

const MAX_TEXT_CHARS = 1000;
const VOICES: Record<string, string> = ESPEAK_PERSONA_VOICES;

export const espeakWorker = new DedicatedWorker<EspeakWorkerApi>(
  workerModule('./espeak.worker', import.meta.url),
  'espeak',
);

export class EspeakUnavailableError extends Error {}

/** The process's offline voice, as seen from the main thread. */
export class EspeakSpeech {
  private reusable = false;
  private starting: Promise<void> | null = null;

  /** whether phrases reuse one warm instance (the fast path) */
  get warm(): boolean {
    return this.reusable && espeakWorker.running;
  }

  /**
   * Starts the voice (in its thread) if it has not started. Callers meanwhile share the one start
   * (a burst of calls about to begin asks the thread once); a warm voice is not asked at all.
   */
  ready(): Promise<void> {
    if (this.warm) return Promise.resolve();
    this.starting ??= espeakWorker
      .call('warmUp', undefined)
      .then(({ reusable }) => {
        this.reusable = reusable;
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  /** the phrase as 16 kHz PCM16 */
  async speak(text: string, voice: string, wordsPerMinute = DEFAULT_WORDS_PER_MINUTE): Promise<Int16Array> {
    try {
      const { pcm, reusable } = await espeakWorker.call('speak', { text, voice, wordsPerMinute });
      this.reusable = reusable;
      return pcm;
    } catch (err) {
      this.reusable = false;
      throw err;
    }
  }
}

let shared: EspeakSpeech | null = null;

/** One process-wide voice (the WASM module is large; starting it per call is slow). */
export async function sharedEspeak(): Promise<EspeakSpeech> {
  if (!espeakInstalled()) throw new EspeakUnavailableError('the optional espeak-ng package is not installed');
  shared ??= new EspeakSpeech();
  return shared;
}

/**
 * Marks one user (an app) of the voice's worker; the last release stops the thread, and `idleMs`
 * stops it after that long without a phrase to speak (the next phrase starts it again).
 */
export function retainEspeakWorker(options: { idleMs?: number } = {}): () => Promise<void> {
  return espeakWorker.retain(options);
}

/** Speakable text: one line, no leading dash (it would read as an option), bounded length. */
export function cleanForSpeech(text: string): string {
  return text
    .replace(/[*_#`>|[\]{}<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT_CHARS);
}

/**
 * Recently spoken phrases by voice. The scripted interviewer says the same lines (welcomes,
 * questions, probes) to every caller of a persona, so most of its speech is a lookup.
 */
export class PhraseCache {
  private readonly entries = new Map<string, Int16Array>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Int16Array | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, pcm: Int16Array): void {
    if (pcm.byteLength > this.maxBytes / 4 || this.entries.has(key)) return;
    this.entries.set(key, pcm);
    this.bytes += pcm.byteLength;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.byteLength;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

const PHRASE_CACHE_BYTES = 16 * 1024 * 1024;
const phrases = new PhraseCache(PHRASE_CACHE_BYTES);
// The phrases go with the voice: a server idle for WORKER_IDLE_MS keeps neither (up to 16 MB of
// samples on the main thread; a heap snapshot of an idle server after 30 calls found 17.5 MB of
// buffers, nearly all of them these). The next call warms the voice and speaks them anew.
espeakWorker.onStopped(() => phrases.clear());

/** how many phrases are cached (tests) */
export function cachedPhraseCount(): number {
  return phrases.size;
}

/** `wordsPerMinute`: the voice's pace (config.ts VOICE_WORDS_PER_MINUTE) */
export function createEspeakSynthesizer({
  wordsPerMinute = DEFAULT_WORDS_PER_MINUTE,
}: {
  wordsPerMinute?: number;
} = {}): SpeechSynthesizer {
  return {
    kind: 'builtin',
    async warmUp() {
      await (await sharedEspeak()).ready();
    },
    async *synthesize(text: string, voice: VoiceId, signal: AbortSignal) {
      const clean = cleanForSpeech(text);
      if (!clean || signal.aborted) return;
      const espeakVoice = VOICES[voice] ?? VOICES.michael;
      const key = `${espeakVoice}\n${wordsPerMinute}\n${clean}`;
      const cached = phrases.get(key);
      if (cached) {
        // a copy: the session slices and sends it, the cache keeps its own
        yield cached.slice();
        return;
      }
      const engine = await sharedEspeak();
      if (signal.aborted) return;
      const pcm = await engine.speak(clean, espeakVoice, wordsPerMinute);
      phrases.set(key, pcm.slice());
      yield pcm;
    },
  };
}
