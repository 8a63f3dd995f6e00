import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';

let dir: string;
let store: BlobStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-test-'));
  store = createLocalBlobStore(dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('local blob store', () => {
  it('streams chunks into a blob and reads it back whole or by inclusive byte range', async () => {
    const w = store.openWriter('calls/abc.mp3', 'audio/mpeg');
    w.write(Buffer.from('hello '));
    w.write(Buffer.from('world'));
    await w.end();
    expect(await store.stat('calls/abc.mp3')).toEqual({ size: 11, contentType: 'audio/mpeg' });
    expect(await text(await store.read('calls/abc.mp3'))).toBe('hello world');
    expect(await text(await store.read('calls/abc.mp3', { start: 6, end: 9 }))).toBe('worl');
  });

  it('keeps what was written before a crash readable (no end called)', async () => {
    const w = store.openWriter('partial.mp3', 'audio/mpeg');
    w.write(Buffer.from('abc'));
    // the bytes reach the file by themselves (a write stream, no end); waited for, not slept on
    await vi.waitFor(async () => expect((await store.stat('partial.mp3'))?.size).toBe(3), { timeout: 5000 });
  });

  it('answers null / BlobNotFoundError for a missing blob, and deletes idempotently', async () => {
    expect(await store.stat('nope.mp3')).toBeNull();
    await expect(store.read('nope.mp3')).rejects.toBeInstanceOf(BlobNotFoundError);
    const w = store.openWriter('gone.mp3', 'audio/mpeg');
    w.write(Buffer.from('x'));
    await w.end();
    await store.delete('gone.mp3');
    await store.delete('gone.mp3');
    expect(await store.stat('gone.mp3')).toBeNull();
  });

  it('abort removes the blob', async () => {
    const w = store.openWriter('aborted.mp3', 'audio/mpeg');
    w.write(Buffer.from('x'));
    await w.abort();
    expect(await store.stat('aborted.mp3')).toBeNull();
  });

  it('refuses keys that could escape its folder', () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', '', 'a\\b', 'x.meta']) {
      expect(() => store.openWriter(key, 'audio/mpeg'), key).toThrow(/invalid blob key/);
    }
  });
});
