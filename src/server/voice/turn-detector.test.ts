import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWav, rms } from '../audio/pcm.js';
import { createEspeakEngine, espeakInstalled } from '../providers/tts/espeak-engine.js';
import { silence, speechLike, tone, whiteNoise } from './testing.js';
import { TurnDetector } from './turn-detector.js';

const RATE = 16_000;
const FRAME = 480;
/** Debian's pocketsphinx-testdata: recordings of human speakers, 16 kHz PCM16 */
const CLIPS = '/usr/share/pocketsphinx/test/data';
const HUMAN = [
  'cards/001.wav',
  'cards/002.wav',
  'cards/005.wav',
  'librivox/sense_and_sensibility_01_austen_64kb-0930.wav',
];

const feed = (d: TurnDetector, pcm: Int16Array, chunk = 1600) => {
  const events: { kind: string; at: number }[] = [];
  for (let i = 0; i < pcm.length; i += chunk) {
    for (const e of d.push(pcm.subarray(i, i + chunk))) events.push({ kind: e.kind, at: i + e.offset });
  }
  return events;
};
const concat = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
/** `under` with `over` added from sample `at` */
const mix = (under: Int16Array, over: Int16Array, at = 0) => {
  const out = under.slice();
  for (let i = 0; i < over.length && at + i < out.length; i++) {
    out[at + i] = Math.max(-32768, Math.min(32767, out[at + i] + over[i]));
  }
  return out;
};
/** answers separated by 2 s pauses, with where each one's audio begins */
const stream = (answers: Int16Array[]) => {
  const at: number[] = [];
  let n = RATE;
  for (const a of answers) {
    at.push(n);
    n += a.length + 2 * RATE;
  }
  return { pcm: concat(silence(1), ...answers.flatMap((a) => [a, silence(2)])), at };
};
/** first and last 10 ms frame within 20 dB of the clip's loudest */
const speechSpan = (pcm: Int16Array) => {
  const levels: number[] = [];
  for (let i = 0; i + 160 <= pcm.length; i += 160) levels.push(rms(pcm, i, i + 160));
  const threshold = Math.max(...levels) * 0.1;
  const first = levels.findIndex((l) => l >= threshold);
  const last = levels.findLastIndex((l) => l >= threshold);
  return { start: first * 160, end: (last + 1) * 160 };
};
const ms = (samples: number) => (samples * 1000) / RATE;

describe('turn detector (WebRTC VAD)', () => {
  it('finds the start of speech and the end of the turn after the silence hangover', () => {
    const events = feed(
      new TurnDetector({ sampleRate: RATE, hangoverMs: 700 }),
      concat(silence(1), speechLike(1.5), silence(1)),
    );
    expect(events.map((e) => e.kind)).toEqual(['speech_start', 'turn_end']);
    // the speech is at samples 16000–40000: the start within a frame; the end up to a frame
    // late plus the 60–90 ms libfvad keeps calling voiced after speech
    expect(Math.abs(events[0].at - 16_000)).toBeLessThanOrEqual(FRAME);
    expect(ms(events[1].at - 40_000)).toBeGreaterThanOrEqual(0);
    expect(ms(events[1].at - 40_000)).toBeLessThanOrEqual(150);
  });

  it('reports the same boundaries whatever size the chunks are', () => {
    const pcm = concat(silence(0.77), speechLike(1.3), silence(1), speechLike(0.6), silence(1));
    const expected = feed(new TurnDetector({ sampleRate: RATE }), pcm, 1600);
    expect(expected).toHaveLength(4);
    for (const chunk of [1, 37, 480, 481, 16_000]) {
      expect(feed(new TurnDetector({ sampleRate: RATE }), pcm, chunk)).toEqual(expected);
    }
  });

  it('keeps a turn open through pauses shorter than the hangover', () => {
    const pcm = concat(speechLike(1), silence(0.5), speechLike(1), silence(1));
    expect(feed(new TurnDetector({ sampleRate: RATE, hangoverMs: 700 }), pcm).map((e) => e.kind)).toEqual([
      'speech_start',
      'turn_end',
    ]);
    expect(feed(new TurnDetector({ sampleRate: RATE, hangoverMs: 300 }), pcm).map((e) => e.kind)).toEqual([
      'speech_start',
      'turn_end',
      'speech_start',
      'turn_end',
    ]);
  });

  it('ignores a click shorter than the start time', () => {
    const d = new TurnDetector({ sampleRate: RATE });
    expect(
      feed(d, concat(silence(0.5), speechLike(0.03), silence(1), tone(0.01, 0.9, 1000), silence(1))),
    ).toEqual([]);
  });

  it('does not take steady noise, hum or a loud pure tone for speech', () => {
    // white noise at -30 dBFS switched on (a fan, a laptop near the microphone): the energy
    // detector this replaces opened a turn on it and, learning the noise only between turns, never ended it
    expect(feed(new TurnDetector({ sampleRate: RATE }), whiteNoise(10, 0.03))).toEqual([]);
    expect(feed(new TurnDetector({ sampleRate: RATE }), concat(silence(1), whiteNoise(10, 0.03, 7)))).toEqual(
      [],
    );
    expect(feed(new TurnDetector({ sampleRate: RATE }), tone(3, 0.01, 50))).toEqual([]);
    expect(feed(new TurnDetector({ sampleRate: RATE }), tone(3, 0.3, 220))).toEqual([]);
  });

  it('finds speech in steady noise', () => {
    const pcm = mix(whiteNoise(8, 0.02), speechLike(2, 0.1), 3 * RATE);
    const events = feed(new TurnDetector({ sampleRate: RATE }), pcm);
    expect(events.map((e) => e.kind)).toEqual(['speech_start', 'turn_end']);
    expect(Math.abs(ms(events[0].at - 3 * RATE))).toBeLessThanOrEqual(60);
    expect(Math.abs(ms(events[1].at - 5 * RATE))).toBeLessThanOrEqual(200);
  });

  it('after reset(), forgets the turn and starts a new one if the speech goes on', () => {
    const d = new TurnDetector({ sampleRate: RATE });
    expect(d.push(concat(silence(0.5), speechLike(0.5))).map((e) => e.kind)).toEqual(['speech_start']);
    expect(d.speaking).toBe(true);
    d.reset();
    expect(d.speaking).toBe(false);
    const events = d.push(speechLike(0.5));
    expect(events.map((e) => e.kind)).toEqual(['speech_start']);
    // the run may begin in the partial frame carried over from the chunk before
    expect(events[0].offset).toBeGreaterThanOrEqual(-FRAME);
    expect(d.push(silence(0.3))).toEqual([]);
    d.reset();
    expect(d.push(silence(1))).toEqual([]);
  });

  it('takes only the sample rates and modes libfvad has', () => {
    expect(() => new TurnDetector({ sampleRate: 44_100 })).toThrow(RangeError);
    expect(() => new TurnDetector({ sampleRate: RATE, mode: 4 as 3 })).toThrow(RangeError);
    expect(new TurnDetector({ sampleRate: 8000, mode: 0 }).push(silence(1))).toEqual([]);
  });

  it.skipIf(!fs.existsSync(path.join(CLIPS, HUMAN[0])))(
    'finds each answer of a human speaker, in a quiet room and in white noise 15 dB below the speech',
    () => {
      const clips = HUMAN.map((f) => parseWav(fs.readFileSync(path.join(CLIPS, f))).samples);
      const { pcm, at } = stream(clips);
      const level = Math.sqrt(
        clips.reduce((n, c) => n + rms(c) ** 2 * c.length, 0) / clips.reduce((n, c) => n + c.length, 0),
      );
      // (the recordings have a background of their own, about -50 dBFS; between them there is as much)
      for (const noise of [0.003, level / 10 ** (15 / 20)]) {
        const events = feed(
          new TurnDetector({ sampleRate: RATE }),
          mix(pcm, whiteNoise(pcm.length / RATE, noise)),
        );
        expect(events.map((e) => e.kind)).toEqual(clips.flatMap(() => ['speech_start', 'turn_end']));
        clips.forEach((clip, i) => {
          const span = speechSpan(clip);
          expect(Math.abs(ms(events[2 * i].at - (at[i] + span.start)))).toBeLessThanOrEqual(200);
          expect(Math.abs(ms(events[2 * i + 1].at - (at[i] + span.end)))).toBeLessThanOrEqual(200);
        });
      }
    },
  );

  it.skipIf(!espeakInstalled())(
    'finds each answer of a synthetic voice (espeak-ng) in white noise',
    async () => {
      const espeak = await createEspeakEngine();
      const answers = [
        'Yes.',
        'I led the migration of our billing system, and it took us about three months.',
        'We cut support tickets by a third.',
      ];
      const clips: Int16Array[] = [];
      for (const text of answers) clips.push(await espeak.speak(text, 'en-us+f2'));
      const { pcm, at } = stream(clips);
      const events = feed(
        new TurnDetector({ sampleRate: RATE }),
        mix(pcm, whiteNoise(pcm.length / RATE, 0.015)),
      );
      expect(events.map((e) => e.kind)).toEqual(clips.flatMap(() => ['speech_start', 'turn_end']));
      clips.forEach((clip, i) => {
        const span = speechSpan(clip);
        expect(Math.abs(ms(events[2 * i].at - (at[i] + span.start)))).toBeLessThanOrEqual(200);
        expect(Math.abs(ms(events[2 * i + 1].at - (at[i] + span.end)))).toBeLessThanOrEqual(200);
      });
    },
  );
});
