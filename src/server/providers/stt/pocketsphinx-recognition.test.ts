// The built-in recogniser for real: Debian's pocketsphinx on a human recording of
// pocketsphinx-testdata (LibriVox, public domain) with its transcript. .ci/run installs the
// packages; on a machine without them this is skipped, saying which package is missing.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { wavFile } from '../../audio/pcm.js';
import { closePocketsphinxSpares, createPocketsphinxTranscriber, findPocketsphinx } from './pocketsphinx.js';
import { wordErrorRate } from './word-error-rate.js';

const DATA = '/usr/share/pocketsphinx/test/data/librivox';
const CLIP = `${DATA}/sense_and_sensibility_01_austen_64kb-0930.wav`;
const found = findPocketsphinx();
const missing = !found.available
  ? found.reason
  : !fs.existsSync(CLIP)
    ? `the test recordings are not installed (apt-get install -y pocketsphinx-testdata)`
    : null;

afterAll(() => closePocketsphinxSpares());

describe.skipIf(missing !== null)(
  `pocketsphinx on a human recording${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const stt = () =>
      found.available ? createPocketsphinxTranscriber({ binary: found.binary, model: found.model }) : null;

    it('transcribes a spoken sentence', async () => {
      const reference = fs
        .readFileSync(`${DATA}/transcription`, 'utf8')
        .split('\n')
        .find((l) => l.includes('(sense_and_sensibility_01_austen_64kb-0930)'))
        ?.replace(/<\/?s>|\(.*\)/g, '')
        .trim();
      expect(reference).toBe('he might even have been made amiable himself');
      const text = await stt()?.transcribe(fs.readFileSync(CLIP), new AbortController().signal);
      // generous: the bench (bench/speech.ts) measures the accuracy; this checks that words come out
      expect(wordErrorRate(reference ?? '', text ?? '')).toBeLessThan(0.5);
    });

    it('hears nothing in silence and in a test tone', async () => {
      const signal = new AbortController().signal;
      const silence = wavFile(new Int16Array(16_000), 16_000);
      const tone = wavFile(
        Int16Array.from({ length: 16_000 }, (_, i) =>
          Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)),
        ),
        16_000,
      );
      expect(await stt()?.transcribe(silence, signal)).toBe('');
      expect(await stt()?.transcribe(tone, signal)).toBe('');
    });
  },
);
