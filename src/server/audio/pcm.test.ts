import { describe, expect, it } from 'vitest';
import { tone } from '../voice/testing.js';
import { parseWav, pcmFromBase64, pcmToBase64, Resampler, resample, wavFile } from './pcm.js';

describe('PCM helpers', () => {
  it('round-trips samples through base64 and WAV', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    expect(pcmFromBase64(pcmToBase64(samples))).toEqual(samples);
    expect(parseWav(wavFile(samples, 16_000))).toEqual({ samples, sampleRate: 16_000 });
  });

  it('resamples 22.05 kHz speech to 16 kHz, chunk by chunk exactly as in one go', () => {
    const source = tone(1.5, 0.3, 300).subarray(0, 22_050);
    const whole = resample(source, 22_050, 16_000);
    expect(Math.abs(whole.length - 16_000)).toBeLessThanOrEqual(1);
    const r = new Resampler(22_050, 16_000);
    const parts: number[] = [];
    for (let i = 0; i < source.length; i += 1000) parts.push(...r.push(source.subarray(i, i + 1000)));
    expect(parts.length).toBe(whole.length);
    // the phase is carried over between chunks, so they differ from one pass by rounding at most
    expect(Math.max(...parts.map((v, i) => Math.abs(v - whole[i])))).toBeLessThanOrEqual(1);
  });
});
