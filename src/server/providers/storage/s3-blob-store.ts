// Recordings in an S3-compatible bucket (AWS S3, MinIO, R2, …) through @aws-sdk/client-s3.
// A writer buffers at most one 5 MiB part in memory: a short recording becomes one PutObject,
// a longer one a multipart upload whose parts are sent while the call runs.
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  type BlobInfo,
  BlobNotFoundError,
  type BlobStore,
  type BlobWriter,
  type ByteRange,
} from './blob-store.js';

export type S3BlobStoreOptions = {
  bucket: string;
  region?: string;
  /** custom endpoint for S3-compatible services; switches to path-style addressing */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** prepended to every key */
  prefix?: string;
  /** multipart part size (S3's minimum is 5 MiB) */
  partSize?: number;
};

const MIN_PART = 5 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

export function createS3BlobStore(opts: S3BlobStoreOptions): BlobStore {
  const client = new S3Client({
    region: opts.region ?? 'us-east-1',
    endpoint: opts.endpoint,
    forcePathStyle: Boolean(opts.endpoint),
    // Many S3-compatible services reject the SDK's default extra checksums; send them only when
    // an operation requires them.
    ...(opts.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
  });
  const Bucket = opts.bucket;
  const partSize = Math.max(opts.partSize ?? MIN_PART, 1);
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${opts.prefix ?? ''}${key}`;
  };

  function openWriter(key: string, contentType: string): BlobWriter {
    const Key = objectKey(key);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag?: string; PartNumber: number }[] = [];
    // Parts are sent one after another on this chain; the first failure sticks.
    let chain: Promise<void> = Promise.resolve();
    let failure: unknown = null;
    let ended = false;
    let partsQueued = 0;

    const takePending = () => {
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return body;
    };
    const sendPart = (body: Buffer) => {
      partsQueued += 1;
      chain = chain
        .then(async () => {
          if (failure) return;
          if (!uploadId) {
            const created = await client.send(
              new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }),
            );
            uploadId = created.UploadId;
          }
          const PartNumber = parts.length + 1;
          const res = await client.send(
            new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body }),
          );
          parts.push({ ETag: res.ETag, PartNumber });
        })
        .catch((err) => {
          failure ??= err;
        });
    };

    return {
      write(chunk) {
        if (ended || failure) return;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= partSize) sendPart(takePending());
      },
      async end() {
        ended = true;
        if (partsQueued === 0) {
          await client.send(
            new PutObjectCommand({ Bucket, Key, ContentType: contentType, Body: takePending() }),
          );
          return;
        }
        if (pendingBytes > 0) sendPart(takePending());
        await chain;
        if (failure) throw failure;
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      },
      async abort() {
        ended = true;
        pending = [];
        pendingBytes = 0;
        await chain;
        if (uploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
            .catch(() => {});
        }
      },
    };
  }

  return {
    kind: 's3',
    openWriter,
    async stat(key): Promise<BlobInfo | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async read(key: string, range?: ByteRange): Promise<Readable> {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new BlobNotFoundError(key);
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
