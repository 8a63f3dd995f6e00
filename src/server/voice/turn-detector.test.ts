import { describe, expect, it } from 'vitest';
import { silence, tone } from './testing.js';
import { TurnDetector } from './turn-detector.js';

const feed = (d: TurnDetector, pcm: Int16Array, frame = 1600) => {
  const events: { kind: string; at: number }[] = [];
  for (let i = 0; i < pcm.length; i += frame) {
    for (const e of d.push(pcm.subarray(i, i + frame))) events.push({ kind: e.kind, at: i + e.offset });
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

describe('turn detector', () => {
  it('finds the start of speech and the end of the turn after the silence hangover', () => {
    const d = new TurnDetector({ sampleRate: 16_000, hangoverMs: 700 });
    const events = feed(d, concat(silence(1), tone(1.5), silence(1)));
    expect(events.map((e) => e.kind)).toEqual(['speech_start', 'turn_end']);
    // within a frame of the true boundaries (sample 16000 and 40000)
    expect(Math.abs(events[0].at - 16_000)).toBeLessThanOrEqual(320);
    expect(Math.abs(events[1].at - 40_000)).toBeLessThanOrEqual(320);
  });

  it('keeps a turn open through pauses shorter than the hangover', () => {
    const d = new TurnDetector({ sampleRate: 16_000, hangoverMs: 700 });
    const events = feed(d, concat(tone(1), silence(0.5), tone(1), silence(1)));
    expect(events.map((e) => e.kind)).toEqual(['speech_start', 'turn_end']);
  });

  it('ignores a click shorter than the start time and steady background noise', () => {
    const d = new TurnDetector({ sampleRate: 16_000 });
    expect(feed(d, concat(silence(0.5), tone(0.04), silence(1)))).toEqual([]);
    const hum = tone(3, 0.01, 50);
    expect(feed(new TurnDetector({ sampleRate: 16_000 }), hum)).toEqual([]);
  });
});
