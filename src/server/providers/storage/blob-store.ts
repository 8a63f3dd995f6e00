// Where call recordings live. One small interface with two implementations: files under
// DATA_DIR/recordings (default) and an S3-compatible bucket when S3_BUCKET is set.
import type { Readable } from 'node:stream';

export type BlobInfo = { size: number; contentType: string };

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export type ByteRange = { start: number; end: number };

/**
 * Appends chunks to one blob while a call runs. `write` never blocks the caller (chunks are
 * queued); `end` resolves once everything is durable, or rejects with the first write error.
 */
export type BlobWriter = {
  write: (chunk: Buffer) => void;
  end: () => Promise<void>;
  /** gives up on the blob and removes what was written */
  abort: () => Promise<void>;
};

export type BlobStore = {
  readonly kind: 'local' | 's3';
  openWriter: (key: string, contentType: string) => BlobWriter;
  stat: (key: string) => Promise<BlobInfo | null>;
  /** rejects with BlobNotFoundError when the blob is missing */
  read: (key: string, range?: ByteRange) => Promise<Readable>;
  /** deleting a missing blob is not an error */
  delete: (key: string) => Promise<void>;
};

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`blob not found: ${key}`);
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}){0,4}$/;

/** Keys are short relative paths of safe characters: no `..`, no leading slash, no metadata suffix. */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.endsWith('.meta')) {
    throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
  }
}
