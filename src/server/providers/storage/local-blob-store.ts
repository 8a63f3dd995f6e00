// Recordings as plain files. The content type is kept in a `<key>.meta` file written when the
// blob is opened, and chunks go straight to the final file, so after a crash mid-call whatever
// audio was flushed is still there and servable.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertValidKey,
  type BlobInfo,
  BlobNotFoundError,
  type BlobStore,
  type BlobWriter,
  type ByteRange,
} from './blob-store.js';

export function createLocalBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };

  const readInfo = async (file: string): Promise<BlobInfo | null> => {
    try {
      const st = await fsp.stat(file);
      if (!st.isFile()) return null;
      const meta = await fsp.readFile(`${file}.meta`, 'utf8').catch(() => '{}');
      const contentType = (JSON.parse(meta) as { contentType?: string }).contentType;
      return { size: st.size, contentType: contentType ?? 'application/octet-stream' };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };

  return {
    kind: 'local',
    openWriter(key: string, contentType: string): BlobWriter {
      const file = fileOf(key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(`${file}.meta`, JSON.stringify({ contentType }));
      const stream = fs.createWriteStream(file);
      let failure: Error | null = null;
      stream.on('error', (err) => {
        failure ??= err;
      });
      let ended = false;
      return {
        write(chunk) {
          if (ended || failure) return;
          stream.write(chunk);
        },
        end() {
          ended = true;
          return new Promise<void>((resolve, reject) => {
            if (failure) return reject(failure);
            stream.end(() => (failure ? reject(failure) : resolve()));
          });
        },
        async abort() {
          ended = true;
          if (!stream.closed) {
            await new Promise<void>((resolve) => {
              stream.once('close', () => resolve());
              stream.destroy();
            });
          }
          await fsp.rm(file, { force: true });
          await fsp.rm(`${file}.meta`, { force: true });
        },
      };
    },
    stat: (key) => readInfo(fileOf(key)),
    async read(key: string, range?: ByteRange): Promise<Readable> {
      const file = fileOf(key);
      if (!(await readInfo(file))) throw new BlobNotFoundError(key);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      await fsp.rm(`${file}.meta`, { force: true });
    },
  };
}
