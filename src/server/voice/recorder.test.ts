import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createEncoder } from 'wasm-media-encoders';
import { CallRecorder, type RecordingSink, recordingWorker, retainRecordingWorker } from './recorder.js';
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
    await rec.whenWritten();
    // written while the call runs, not only at the end
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

  it('holds its worker while the recording is open, so the idle stop cannot lose its encoder', async () => {
    const out = memorySink();
    const rec = await CallRecorder.create(out.sink);
    expect(recordingWorker.held).toBe(true);
    rec.addUser(tone(0.5), 0);
    await rec.close(500);
    expect(recordingWorker.held).toBe(false);
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
    await rec.whenWritten();
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

  it('writes the same MP3 bytes as LAME run in this thread, chunk after chunk in order', async () => {
    const out = memorySink();
    const rec = await CallRecorder.create(out.sink);
    const pieces: Int16Array[] = [];
    for (let i = 0; i < 40; i++) {
      const piece = tone(0.25, 0.1 + (i % 7) * 0.05, 150 + i * 20);
      pieces.push(piece);
      rec.addUser(piece, i * 250);
      if (i % 4 === 3) rec.flush((i + 1) * 250);
    }
    await rec.close(40 * 250);

    const bytes = await fs.promises.readFile(
      createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3'),
    );
    const lame = await createEncoder('audio/mpeg', await WebAssembly.compile(bytes));
    lame.configure({ sampleRate: 16_000, channels: 1, bitrate: 32 });
    const expected: Buffer[] = [];
    for (let i = 0; i < 40; i += 4) {
      const second = pieces.slice(i, i + 4);
      const mixed = new Float32Array(second.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of second) for (const s of p) mixed[at++] = s / 32768;
      expected.push(Buffer.from(lame.encode([mixed])));
    }
    expected.push(Buffer.from(lame.finalize()));
    expect(out.bytes().equals(Buffer.concat(expected))).toBe(true);
  });

  it("fails a recording cleanly when the encoder's worker dies, keeping what was written; the next call gets a fresh worker", async () => {
    const out = memorySink();
    const rec = await CallRecorder.create(out.sink);
    rec.addUser(tone(2), 0);
    rec.flush(2000);
    await rec.whenWritten();
    const before = out.bytes().length;
    expect(before).toBeGreaterThan(0);

    // the thread dies between two flushes: the recording's encoder (and its state) is gone
    const generation = recordingWorker.generation;
    await recordingWorker.thread?.terminate();
    expect(recordingWorker.running).toBe(false);
    rec.addUser(tone(1), 2000);
    rec.flush(3000);
    await expect(rec.close(3000)).rejects.toThrow(/encoder \d+ is gone/);
    expect(out.ended()).toBe(true);
    expect(out.bytes().length).toBe(before);
    expect(recordingWorker.generation).toBe(generation + 1);

    const next = memorySink();
    const fresh = await CallRecorder.create(next.sink);
    fresh.addUser(tone(1), 0);
    await fresh.close(1000);
    expect(next.bytes()[0]).toBe(0xff);
  });

  it("stops the encoder's worker when its last user (the app) releases it, after the recordings closed", async () => {
    const release = retainRecordingWorker();
    const out = memorySink();
    const rec = await CallRecorder.create(out.sink);
    expect(recordingWorker.running).toBe(true);
    rec.addUser(tone(1), 0);
    await rec.close(1000);
    const thread = recordingWorker.thread;
    const exited = new Promise<number>((r) => thread?.once('exit', r));
    await release();
    await exited;
    expect(recordingWorker.running).toBe(false);
    expect(out.bytes().length).toBeGreaterThan(3000);
  });
});
