import { describe, expect, it } from 'vitest';
import { cleanForSpeech, createEspeakSynthesizer, PhraseCache, sharedEspeak } from './espeak.js';

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
});
