import { describe, expect, it } from 'vitest';
import { CallRecorder, type RecordingSink } from './recorder.js';
import { tone } from './testing.js';

function memorySink() {
  const chunks: Buffer[] = [];
  let ended = false;
  const sink: RecordingSink = {
    write: (c) => chunks.push(c),
    end: async () => {
      ended = true;
    },
  };
  return { sink, bytes: () => Buffer.concat(chunks), ended: () => ended };
}

describe('call recorder', () => {
  it('writes both sides as one MP3 stream while the call runs', async () => {
    const out = memorySink();
    const rec = await CallRecorder.create(out.sink);
    rec.addAgent(tone(2, 0.3, 300), 0);
    for (let t = 2000; t < 6000; t += 100) {
      rec.addUser(tone(0.1, 0.3, 200), t);
      rec.flush(t - 1000);
    }
    expect(out.bytes().length).toBeGreaterThan(0);
    await rec.close(6000);
    expect(out.ended()).toBe(true);
    const mp3 = out.bytes();
    // MPEG audio frame sync
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1] & 0xe0).toBe(0xe0);
    // 6 s at 32 kbit/s is about 24 KB
    expect(mp3.length).toBeGreaterThan(18_000);
    expect(mp3.length).toBeLessThan(32_000);
  });

  it('holds only the last moments as PCM however long the call runs', async () => {
    const out = memorySink();
    const rec = await CallRecorder.create(out.sink);
    for (let t = 0; t < 3 * 60_000; t += 100) {
      rec.addUser(tone(0.1), t);
      rec.flush(t - 1500);
    }
    // a few seconds of buffer at most, for a three-minute call
    expect(rec.heldSamples).toBeLessThan(16_000 * 5);
    expect(rec.encodedBytes).toBeGreaterThan(600_000);
  });

  it('drops agent speech the caller interrupted', async () => {
    const full = memorySink();
    const a = await CallRecorder.create(full.sink);
    a.addAgent(tone(4), 0);
    await a.close(4000);
    const cut = memorySink();
    const b = await CallRecorder.create(cut.sink);
    b.addAgent(tone(4), 0);
    b.cutAgent(1000);
    await b.close(1000);
    expect(cut.bytes().length).toBeLessThan(full.bytes().length / 2);
  });
});
