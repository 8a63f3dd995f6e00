import { describe, expect, it } from 'vitest';
import { WorkerCrashedError } from '../../workers/dedicated-worker.js';
import {
  cachedPhraseCount,
  cleanForSpeech,
  createEspeakSynthesizer,
  espeakWorker,
  PhraseCache,
  retainEspeakWorker,
  sharedEspeak,
} from './espeak.js';
import { createEspeakEngine } from './espeak-engine.js';

async function speak(text: string, voice = 'michael') {
  const tts = createEspeakSynthesizer();
  const chunks: Int16Array[] = [];
  for await (const c of tts.synthesize(text, voice, new AbortController().signal)) chunks.push(c);
  return chunks.reduce((n, c) => n + c.length, 0) / 16_000;
}

describe('built-in espeak-ng synthesiser', () => {
  it('speaks successive phrases on one warm instance at 16 kHz, longer text taking longer', async () => {
    const short = await speak('Thanks.');
    const long = await speak(
      'Tell me about a product you launched that you are proud of, and what your role was.',
    );
    const again = await speak('Thanks.', 'sarah');
    expect(short).toBeGreaterThan(0.2);
    expect(short).toBeLessThan(2);
    expect(long).toBeGreaterThan(short * 3);
    expect(again).toBeGreaterThan(0.2);
    expect((await sharedEspeak()).warm).toBe(true);
  });

  it('reads text that starts with a dash as words, not as an option', async () => {
    expect(cleanForSpeech('**Great** question!\n  Next')).toBe('Great question! Next');
    expect(await speak('-v is not a voice')).toBeGreaterThan(0.5);
  });

  it('keeps recently spoken phrases within its byte budget, dropping the least recently used', () => {
    const cache = new PhraseCache(4000);
    cache.set('a', new Int16Array(500));
    cache.set('b', new Int16Array(500));
    cache.set('c', new Int16Array(500));
    expect(cache.get('a')).toBeDefined();
    cache.set('d', new Int16Array(500));
    // 4 × 1000 bytes fit; a fifth pushes out the least recently used (b, since a was just read)
    cache.set('e', new Int16Array(500));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(4);
    // a phrase bigger than a quarter of the budget is not kept
    cache.set('long', new Int16Array(2000));
    expect(cache.get('long')).toBeUndefined();
  });

  // The same phrase is not always the same samples: espeak-ng adds a little noise to some voices
  // from a generator seeded by the clock (two fresh instances a second apart differ in most
  // samples, by up to ~4% of full scale). So "the same speech" is the same number of samples and a
  // waveform that correlates almost perfectly; a truncated, shifted or mangled buffer fails both.
  const expectSameSpeech = (got: Int16Array, expected: Int16Array) => {
    expect(got.length).toBe(expected.length);
    let dot = 0;
    let energyGot = 0;
    let energyExpected = 0;
    for (let i = 0; i < got.length; i++) {
      dot += got[i] * expected[i];
      energyGot += got[i] * got[i];
      energyExpected += expected[i] * expected[i];
    }
    expect(dot / Math.sqrt(energyGot * energyExpected)).toBeGreaterThan(0.99);
  };

  it('speaks on its worker thread what espeak-ng gives in this thread', async () => {
    await espeakWorker.close();
    const inThread = await createEspeakEngine();
    const voice = await sharedEspeak();
    for (const [text, v] of [
      ['Tell me about yourself.', 'en-us+m3'],
      ['What would you do differently next time?', 'en-us+f2'],
      ['Tell me about yourself.', 'en-us+m3'],
    ]) {
      const expected = await inThread.speak(text, v);
      const got = await voice.speak(text, v);
      expect(got.length).toBeGreaterThan(8000);
      expectSameSpeech(got, expected);
    }
  });

  it('speaks at the pace it is given, a faster pace in less time, and caches each pace apart', async () => {
    const text = 'Tell me about a time you changed your mind after hearing feedback.';
    const seconds = async (wordsPerMinute?: number) => {
      const chunks: Int16Array[] = [];
      const tts = createEspeakSynthesizer({ wordsPerMinute });
      for await (const c of tts.synthesize(text, 'sarah', new AbortController().signal)) chunks.push(c);
      return chunks.reduce((n, c) => n + c.length, 0) / 16_000;
    };
    const unhurried = await seconds();
    const fast = await seconds(450);
    expect(fast).toBeLessThan(unhurried * 0.6);
    expect(await seconds(165)).toBe(unhurried);
    expect(await seconds(450)).toBe(fast);
  });

  it('answers phrases asked together one after the other, in the order asked', async () => {
    await espeakWorker.close();
    const inThread = await createEspeakEngine();
    const voice = await sharedEspeak();
    const texts = ['One.', 'This second phrase is a good deal longer than the first one.', 'Three.'];
    const order: number[] = [];
    const together = await Promise.all(
      texts.map((t, i) =>
        voice.speak(t, 'en-us+m3').then((pcm) => {
          order.push(i);
          return pcm;
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2]);
    for (const [i, t] of texts.entries()) {
      expectSameSpeech(together[i], await inThread.speak(t, 'en-us+m3'));
    }
  });

  it('fails the phrase being spoken when its thread dies, and speaks the next on a fresh one', async () => {
    const voice = await sharedEspeak();
    await voice.ready();
    const generation = espeakWorker.generation;
    // long enough (some 30 s of speech) that its thread is still speaking when it is stopped, even
    // when this thread is kept waiting on a busy machine between the request and the stop
    const phrase = voice.speak(
      'A phrase that is cut off by the crash of its thread. '.repeat(30),
      'en-us+m3',
    );
    const failed = expect(phrase).rejects.toBeInstanceOf(WorkerCrashedError);
    await espeakWorker.thread?.terminate();
    await failed;
    expect(voice.warm).toBe(false);
    expect(await speak('Still here.')).toBeGreaterThan(0.3);
    expect(espeakWorker.generation).toBe(generation + 1);
    expect(voice.warm).toBe(true);
  });

  it('starts one voice for a burst of warm-ups, which stops after the idle time like any use', async () => {
    await espeakWorker.close();
    const release = retainEspeakWorker({ idleMs: 100 });
    try {
      const voice = await sharedEspeak();
      const generation = espeakWorker.generation;
      const tts = createEspeakSynthesizer();
      await Promise.all(Array.from({ length: 10 }, () => tts.warmUp?.()));
      expect(voice.warm).toBe(true);
      expect(espeakWorker.generation).toBe(generation + 1);
      // a phrase spoken is kept for the next caller while the voice is warm
      await speak('Welcome back, shall we begin?');
      expect(cachedPhraseCount()).toBeGreaterThan(0);
      const deadline = Date.now() + 5000;
      while (espeakWorker.running && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(espeakWorker.running).toBe(false);
      expect(voice.warm).toBe(false);
      // and goes with it: an idle server keeps no samples
      expect(cachedPhraseCount()).toBe(0);
    } finally {
      await release();
      // the tests after this one run without an idle stop again
      await retainEspeakWorker({ idleMs: 0 })();
    }
  });

  it("stops the voice's thread when its last user (the app) releases it", async () => {
    const release = retainEspeakWorker();
    expect(await speak('Goodbye for now.')).toBeGreaterThan(0.3);
    const thread = espeakWorker.thread;
    expect(thread).not.toBeNull();
    const exited = new Promise((r) => thread?.once('exit', r));
    await release();
    await exited;
    expect(espeakWorker.running).toBe(false);
  });
});
