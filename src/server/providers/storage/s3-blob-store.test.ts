// The S3 store against a small in-memory fake of the S3 REST API (path-style): single PUT,
// multipart upload, HEAD, ranged GET and DELETE, as @aws-sdk/client-s3 sends them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

type Obj = { body: Buffer; contentType: string };
const objects = new Map<string, Obj>();
const uploads = new Map<string, { contentType: string; parts: Map<number, Buffer> }>();
const requests: string[] = [];
let server: http.Server;
let store: BlobStore;

const xml = (res: http.ServerResponse, body: string) =>
  res
    .writeHead(200, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);

beforeAll(async () => {
  let nextUpload = 0;
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const body = await buffer(req);
    const key = decodeURIComponent(url.pathname.replace(/^\/recordings-bucket\//, ''));
    const q = url.searchParams;
    requests.push(
      `${req.method} ${key}${q.has('uploads') ? '?uploads' : q.has('partNumber') ? '?part' : q.has('uploadId') ? '?complete' : ''}`,
    );
    const missing = () =>
      res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
    if (req.method === 'POST' && q.has('uploads')) {
      const id = `up${++nextUpload}`;
      uploads.set(id, { contentType: String(req.headers['content-type']), parts: new Map() });
      return xml(
        res,
        `<InitiateMultipartUploadResult><Bucket>b</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (req.method === 'PUT' && q.has('partNumber')) {
      uploads.get(q.get('uploadId') ?? '')?.parts.set(Number(q.get('partNumber')), body);
      return res.writeHead(200, { etag: `"etag${q.get('partNumber')}"` }).end();
    }
    if (req.method === 'POST' && q.has('uploadId')) {
      const up = uploads.get(q.get('uploadId') ?? '');
      if (!up) return missing();
      const parts = [...up.parts.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
      objects.set(key, { body: Buffer.concat(parts), contentType: up.contentType });
      return xml(
        res,
        `<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type']) });
      return res.writeHead(200, { etag: '"x"' }).end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    const obj = objects.get(key);
    if (!obj) return req.method === 'HEAD' ? res.writeHead(404).end() : missing();
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
    const slice = range ? obj.body.subarray(Number(range[1]), Number(range[2]) + 1) : obj.body;
    res.writeHead(range ? 206 : 200, { 'content-type': obj.contentType, 'content-length': slice.length });
    return res.end(req.method === 'HEAD' ? undefined : slice);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  store = createS3BlobStore({
    bucket: 'recordings-bucket',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'test',
    secretAccessKey: 'test-secret',
    prefix: 'recordings/',
    partSize: 8,
  });
});
afterAll(() => new Promise((r) => server.close(r)));

describe('S3 blob store', () => {
  it('writes a small blob with one PUT and reads it back, whole and by range', async () => {
    const w = store.openWriter('calls/small', 'audio/mpeg');
    w.write(Buffer.from('abc'));
    await w.end();
    expect(objects.get('recordings/calls/small')).toEqual({
      body: Buffer.from('abc'),
      contentType: 'audio/mpeg',
    });
    expect(await store.stat('calls/small')).toEqual({ size: 3, contentType: 'audio/mpeg' });
    expect((await buffer(await store.read('calls/small'))).toString()).toBe('abc');
    expect((await buffer(await store.read('calls/small', { start: 1, end: 1 }))).toString()).toBe('b');
  });

  it('streams a longer blob as a multipart upload, parts sent while writing', async () => {
    requests.length = 0;
    const w = store.openWriter('calls/long', 'audio/ogg');
    for (const piece of ['0123', '4567', '89ab', 'cdef', 'gh']) w.write(Buffer.from(piece));
    await w.end();
    expect(requests).toEqual([
      'POST recordings/calls/long?uploads',
      'PUT recordings/calls/long?part',
      'PUT recordings/calls/long?part',
      'PUT recordings/calls/long?part',
      'POST recordings/calls/long?complete',
    ]);
    expect(objects.get('recordings/calls/long')).toEqual({
      body: Buffer.from('0123456789abcdefgh'),
      contentType: 'audio/ogg',
    });
  });

  it('answers null / BlobNotFoundError for a missing blob and deletes', async () => {
    expect(await store.stat('calls/none')).toBeNull();
    await expect(store.read('calls/none')).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete('calls/small');
    expect(await store.stat('calls/small')).toBeNull();
  });
});
