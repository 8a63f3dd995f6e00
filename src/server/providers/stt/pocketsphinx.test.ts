// The recogniser's process handling with a stand-in for pocketsphinx_continuous (a shell script
// that reads the turn, waits and prints word times the way the decoder does), so these run on any
// machine: the output read, cancelling and the time limit killing the child, the bound on decodes
// at once, warm spares, the garbage checks and the WAV it accepts. The real decoder on a real
// recording: pocketsphinx-recognition.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { wavFile } from '../../audio/pcm.js';
import {
  closePocketsphinxSpares,
  createPocketsphinxTranscriber,
  DEBIAN_EN_US_MODEL,
  findPocketsphinx,
  type PocketsphinxOptions,
  parseBatchOutput,
  pcmOfWav,
  rejection,
  SpeechRecognitionError,
  splitAtPauses,
} from './pocketsphinx.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-pocketsphinx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => closePocketsphinxSpares());

/** what the decoder writes for "hello world": CTM lines and the segmentation line */
const CTM = ['turn 1 0.11 0.29 hello 0.900', 'turn 1 0.51 0.29 world(2) 0.700'].join('\n');
const SEG =
  'turn S 0 T -900 A -800 L -100 0 -10 0 <s> 11 -20 -1 hello 40 -5 0 <sil> 51 -30 -2 world(2) 81 -4 0 </s> 90';

let fakes = 0;
/**
 * A stand-in decoder taking its arguments the way pocketsphinx_batch does: it logs its pid, reads
 * the control line on stdin and the turn's file, waits `seconds`, writes its CTM and segmentation
 * files and exits `code`.
 */
function fakeDecoder(o: { seconds?: number; ctm?: string; seg?: string; code?: number } = {}) {
  const n = ++fakes;
  const log = path.join(dir, `fake-${n}.log`);
  const binary = path.join(dir, `fake-${n}.sh`);
  fs.writeFileSync(
    binary,
    [
      '#!/bin/sh',
      `echo "pid $$" >> ${log}`,
      'while [ $# -gt 0 ]; do case "$1" in -cepdir) dir=$2;; -ctm) ctm=$2;; -hypseg) seg=$2;; esac; shift; done',
      'echo "INFO: ngram_search_fwdtree.c(332): Created 723 root, 152481 non-root channels" >&2',
      'read utt',
      'bytes=$(wc -c < "$dir/$utt.raw")',
      `echo "start $utt $bytes $dir" >> ${log}`,
      `sleep ${o.seconds ?? 0}`,
      `echo "end" >> ${log}`,
      `cat > "$ctm" <<'EOF'\n${o.ctm ?? CTM}\nEOF`,
      `cat > "$seg" <<'EOF'\n${o.seg ?? SEG}\nEOF`,
      `exit ${o.code ?? 0}`,
    ].join('\n'),
    { mode: 0o755 },
  );
  const lines = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []);
  return { binary, lines };
}

const transcriber = (binary: string, opts: Partial<PocketsphinxOptions> = {}) =>
  createPocketsphinxTranscriber({ binary, model: DEBIAN_EN_US_MODEL, spares: 0, ...opts });
const turn = (seconds = 1) => wavFile(new Int16Array(16_000 * seconds).fill(100), 16_000);
const never = () => new AbortController().signal;
/** whether the process exists, a zombie included (a killed child nobody reaped) */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('pocketsphinx transcriber (stand-in decoder)', () => {
  it('hands the turn to the decoder as a file of raw samples and reads its words, fillers and variants left out', async () => {
    const fake = fakeDecoder();
    const r = await transcriber(fake.binary).recognize(turn(1), never());
    expect(r.text).toBe('hello world');
    expect(r.ended).toBe(true);
    expect(r.confidence).toBeCloseTo(0.8, 5);
    expect(r.words.map((w) => [w.word, w.startS, w.endS])).toEqual([
      ['hello', 0.11, 0.4],
      ['world', 0.51, 0.8],
    ]);
    // 1 s of 16 kHz PCM16, without the WAV header, in a private directory removed with the child
    const [, utt, bytes, turnDir] = fake.lines()[1].split(' ');
    expect([utt, bytes]).toEqual(['turn', '32000']);
    await expect.poll(() => fs.existsSync(turnDir)).toBe(false);
  });

  it('kills the decoder when the turn is cancelled', async () => {
    const fake = fakeDecoder({ seconds: 30 });
    const abort = new AbortController();
    const pending = transcriber(fake.binary).transcribe(turn(), abort.signal);
    await expect.poll(() => fake.lines().some((l) => l.startsWith('start'))).toBe(true);
    const pid = Number(fake.lines()[0].split(' ')[1]);
    expect(alive(pid)).toBe(true);
    abort.abort(new Error('caller hung up'));
    await expect(pending).rejects.toThrow('caller hung up');
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('gives up on a turn past its time limit, and kills the decoder', async () => {
    const fake = fakeDecoder({ seconds: 30 });
    const stt = transcriber(fake.binary, { timeLimit: { baseMs: 300, perAudioSecondMs: 0 } });
    await expect(stt.transcribe(turn(), never())).rejects.toThrow(/longer than 300 ms/);
    const pid = Number(fake.lines()[0].split(' ')[1]);
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('runs at most maxConcurrent decodes at once; the others wait their turn', async () => {
    const fake = fakeDecoder({ seconds: 0.3 });
    const stt = transcriber(fake.binary, { maxConcurrent: 2 });
    const texts = await Promise.all([1, 2, 3, 4, 5].map(() => stt.transcribe(turn(), never())));
    expect(texts).toEqual(Array(5).fill('hello world'));
    let running = 0;
    let most = 0;
    for (const line of fake.lines()) {
      if (line.startsWith('start')) most = Math.max(most, ++running);
      if (line === 'end') running--;
    }
    expect(most).toBe(2);
  });

  it('a waiting turn that is cancelled never starts a decoder', async () => {
    const fake = fakeDecoder({ seconds: 0.5 });
    const stt = transcriber(fake.binary, { maxConcurrent: 1 });
    const first = stt.transcribe(turn(), never());
    const abort = new AbortController();
    const second = stt.transcribe(turn(), abort.signal);
    abort.abort(new Error('gone'));
    await expect(second).rejects.toThrow('gone');
    await first;
    expect(fake.lines().filter((l) => l.startsWith('pid'))).toHaveLength(1);
  });

  it('keeps a spare decoder started for the next turn', async () => {
    const fake = fakeDecoder();
    const stt = transcriber(fake.binary, { spares: 1 });
    await stt.warmUp();
    // the spare started (its model loaded) before any turn
    expect(fake.lines().filter((l) => l.startsWith('pid'))).toHaveLength(1);
    expect(await stt.transcribe(turn(), never())).toBe('hello world');
    await stt.warmUp();
    expect(fake.lines().filter((l) => l.startsWith('pid'))).toHaveLength(2);
    expect(fake.lines().filter((l) => l.startsWith('start'))).toHaveLength(1);
    stt.close();
  });

  it('starts the spares once for a burst of warm-ups (calls about to begin)', async () => {
    const fake = fakeDecoder();
    const stt = transcriber(fake.binary, { spares: 1 });
    await Promise.all(Array.from({ length: 10 }, () => stt.warmUp()));
    expect(fake.lines().filter((l) => l.startsWith('pid'))).toHaveLength(1);
    stt.close();
  });

  it('counts the children decoding against the spares: no more decoders alive than spares or decodes', async () => {
    const fake = fakeDecoder({ seconds: 0.4 });
    const stt = transcriber(fake.binary, { spares: 2, maxConcurrent: 2, splitParts: 1 });
    await stt.warmUp();
    const pids = () => fake.lines().filter((l) => l.startsWith('pid'));
    expect(pids()).toHaveLength(2);
    // three callers answer at once: two decode, the third waits; when a decode ends its spare
    // comes back only as far as two children in all
    const seen: number[] = [];
    const sample = setInterval(() => {
      const started = pids().length;
      const ended = fake.lines().filter((l) => l === 'end').length;
      // alive: started and not ended (killed waiting spares never write 'end', so this is an upper bound)
      seen.push(started - ended);
    }, 20);
    const texts = await Promise.all([1, 2, 3].map(() => stt.transcribe(turn(), never())));
    clearInterval(sample);
    expect(texts).toEqual(Array(3).fill('hello world'));
    expect(Math.max(...seen)).toBeLessThanOrEqual(2);
    // the turns used the two warm spares and one more started after the first decode; then the
    // pool is back to two spares
    await stt.warmUp();
    expect(pids().length).toBe(5);
    stt.close();
  });

  it('keeps the spares while a call holds them, and stops them spareIdleMs after the last one lets go', async () => {
    const fake = fakeDecoder();
    const stt = transcriber(fake.binary, { spares: 1, spareIdleMs: 150 });
    await stt.warmUp();
    const firstSpare = Number(fake.lines()[0].split(' ')[1]);
    const first = stt.hold();
    const second = stt.hold();
    await new Promise((r) => setTimeout(r, 400));
    expect(alive(firstSpare)).toBe(true);
    first();
    first(); // a release counts once
    await new Promise((r) => setTimeout(r, 400));
    expect(alive(firstSpare)).toBe(true);
    // a turn while held: its spare is started again and kept
    expect(await stt.transcribe(turn(), never())).toBe('hello world');
    await stt.warmUp();
    const nextSpare = Number(
      fake
        .lines()
        .filter((l) => l.startsWith('pid'))[1]
        .split(' ')[1],
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(alive(nextSpare)).toBe(true);
    second();
    await expect.poll(() => alive(nextSpare), { timeout: 2000 }).toBe(false);
  });

  it('stops unheld spares spareIdleMs after the last turn', async () => {
    const fake = fakeDecoder();
    const stt = transcriber(fake.binary, { spares: 1, spareIdleMs: 150 });
    await stt.warmUp();
    const spare = Number(fake.lines()[0].split(' ')[1]);
    await expect.poll(() => alive(spare), { timeout: 2000 }).toBe(false);
  });

  it('reports a decoder that fails with its own message', async () => {
    const fake = fakeDecoder({ ctm: '', seg: '', code: 1 });
    await expect(transcriber(fake.binary).transcribe(turn(), never())).rejects.toThrow(
      SpeechRecognitionError,
    );
  });

  it('cuts a long turn at its pauses into parts decoded at once, words in order', async () => {
    const fake = fakeDecoder({ seconds: 0.2 });
    const stt = transcriber(fake.binary, { maxConcurrent: 2, splitParts: 2, minPartSeconds: 1 });
    const r = await stt.recognize(turn(3), never());
    expect(r.text).toBe('hello world hello world');
    expect(r.words[2].startS).toBeGreaterThan(1);
    expect(
      fake
        .lines()
        .filter((l) => l.startsWith('start'))
        .map((l) => Number(l.split(' ')[2])),
    ).not.toContain(96000);
    expect(fake.lines().filter((l) => l.startsWith('start'))).toHaveLength(2);
  });
});

describe('the garbage checks', () => {
  const words = (...spec: [string, number, number, number][]) =>
    spec.map(([word, startS, endS, posterior]) => ({ word, startS, endS, posterior }));

  it('rejects an unfinished search, doubtful words and a lone stretched word; keeps the rest', () => {
    const two = words(['yes', 0.1, 0.4, 0.9], ['sure', 0.5, 0.8, 0.9]);
    expect(rejection({ words: two, ended: true, confidence: 0.9 }, 0.2)).toBeNull();
    expect(rejection({ words: two, ended: false, confidence: 0.9 }, 0.2)).toBe('unfinished');
    expect(rejection({ words: two, ended: true, confidence: 0.1 }, 0.2)).toBe('doubtful');
    expect(rejection({ words: words(['thigh', 0.03, 0.96, 1]), ended: true, confidence: 1 }, 0.2)).toBe(
      'stretched',
    );
    expect(rejection({ words: words(['yes', 0.1, 0.5, 1]), ended: true, confidence: 1 }, 0.2)).toBeNull();
    expect(rejection({ words: [], ended: false, confidence: 1 }, 0.2)).toBeNull();
  });

  it('a rejected turn comes back empty (the call says it did not catch that)', async () => {
    const fake = fakeDecoder({
      ctm: 'turn 1 0.03 0.93 thigh 1.000',
      seg: 'turn S 0 T -9 A -9 L 0 0 -1 0 <s> 3 -8 0 thigh 96',
    });
    const r = await transcriber(fake.binary).recognize(turn(), never());
    expect(r).toMatchObject({ text: '', heard: 'thigh', ended: false, rejected: 'unfinished' });
  });

  it('reads the words and whether the search ended from the output', () => {
    const { words, ended } = parseBatchOutput(CTM, SEG, 2);
    expect(words.map((w) => [w.word, w.startS])).toEqual([
      ['hello', 2.11],
      ['world', 2.51],
    ]);
    expect(ended).toBe(true);
    expect(parseBatchOutput('', 'turn S 0 T 0 A 0 L 0 0')).toEqual({ words: [], ended: true });
    expect(parseBatchOutput(CTM, '').ended).toBe(false);
  });
});

describe('turn audio', () => {
  it('takes 16 kHz mono PCM16 WAV only', () => {
    const samples = new Int16Array([1, -2, 3]);
    expect([...new Int16Array(new Uint8Array(pcmOfWav(wavFile(samples, 16_000))).buffer)]).toEqual([
      1, -2, 3,
    ]);
    expect(() => pcmOfWav(wavFile(samples, 8000))).toThrow(/16 kHz/);
    expect(() => pcmOfWav(Buffer.from('not audio at all'))).toThrow(/not a WAV/);
  });

  it('cuts at the quietest moment near the middle', () => {
    const samples = new Int16Array(16_000 * 4).fill(3000);
    // a pause 300 ms long, a little after the middle
    samples.fill(0, 16_000 * 2.2, 16_000 * 2.5);
    const pcm = pcmOfWav(wavFile(samples, 16_000));
    const parts = splitAtPauses(pcm, 2);
    expect(parts).toHaveLength(2);
    expect(parts[1].startSample / 16_000).toBeGreaterThanOrEqual(2.2);
    expect(parts[1].startSample / 16_000).toBeLessThanOrEqual(2.5);
    expect(parts[0].pcm.length + parts[1].pcm.length).toBe(pcm.length);
    expect(splitAtPauses(pcm, 1)).toHaveLength(1);
  });
});

describe('availability', () => {
  it('finds neither a missing binary nor a missing model', () => {
    const none = findPocketsphinx({ binary: 'no-such-decoder', searchPath: dir });
    expect(none).toMatchObject({ available: false, reason: expect.stringMatching(/not installed.*apt-get/) });
    const fake = fakeDecoder();
    const noModel = findPocketsphinx({
      binary: fake.binary,
      model: { hmm: path.join(dir, 'none'), lm: path.join(dir, 'x.lm'), dict: path.join(dir, 'x.dict') },
    });
    expect(noModel).toMatchObject({ available: false, reason: expect.stringMatching(/model is missing/) });
  });
});
