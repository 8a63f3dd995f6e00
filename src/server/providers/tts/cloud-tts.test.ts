// The cloud speech synthesisers against a local HTTP server that streams raw PCM16 the way
// OpenAI's /audio/speech (pcm: 24 kHz) and ElevenLabs' /stream (pcm_16000) do. The body is sent
// in pieces of odd byte length, one piece per chunk the client reads, so a sample is split across
// network chunks: the odd byte must be carried into the next chunk, and the result must equal
// the same audio sent in one piece.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resample } from '../../audio/pcm.js';
import { createElevenLabsSpeech } from './elevenlabs.js';
import { createOpenAiSpeech } from './openai-speech.js';
import type { SpeechSynthesizer, SynthesisSettings } from './types.js';

type Received = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};

/**
 * Serves `pcm` as the body of every request: the first piece at once, each next piece only after
 * the client has read a chunk (`release`), so pieces do not merge in the socket.
 */
class PcmServer {
  received: Received[] = [];
  pieces: Buffer[] = [];
  status = 200;
  /** send every piece at once (for a client that reads the whole body before it yields) */
  eager = false;
  private server = http.createServer((req, res) => this.handle(req, res));
  private credits = 0;
  private wake: (() => void) | null = null;
  url = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** the client read a chunk: the next piece may go */
  release() {
    this.credits += 1;
    this.wake?.();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const c of req) raw += c;
    this.received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: raw ? JSON.parse(raw) : {},
    });
    if (this.status !== 200) {
      res.writeHead(this.status, { 'content-type': 'application/json' });
      res.end('{"detail":"nope"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    this.credits = 0;
    for (const [i, piece] of this.pieces.entries()) {
      if (i > 0 && !this.eager) await this.waitForCredit();
      res.write(piece);
    }
    res.end();
  }

  private async waitForCredit() {
    while (this.credits === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = null;
    this.credits -= 1;
  }
}

/** PCM16 little-endian bytes with a distinct high and low byte in every sample */
function speechLikePcm(samples: number): { pcm: Int16Array; bytes: Buffer } {
  const pcm = new Int16Array(samples);
  for (let i = 0; i < samples; i++) {
    pcm[i] = Math.round(12_000 * Math.sin(i / 7) + 5_000 * Math.sin(i / 53)) | 1;
  }
  return { pcm, bytes: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength) };
}

/** `bytes` cut at the given (odd) sizes; the last piece takes the rest */
function cut(bytes: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  out.push(bytes.subarray(at));
  return out;
}

async function synthesizeAll(
  server: PcmServer,
  tts: SpeechSynthesizer,
  text: string,
  voice: string,
  settings?: SynthesisSettings,
) {
  const chunks: Int16Array[] = [];
  for await (const chunk of tts.synthesize(text, voice, new AbortController().signal, settings)) {
    chunks.push(chunk);
    server.release();
  }
  const joined = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    joined.set(c, at);
    at += c.length;
  }
  return { chunks, samples: joined };
}

let server: PcmServer;
beforeAll(async () => {
  server = new PcmServer();
  await server.start();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received = [];
  server.status = 200;
  server.eager = false;
});

describe('OpenAI-compatible speech', () => {
  const tts = () =>
    createOpenAiSpeech({
      baseURL: `${server.url}/v1`,
      apiKey: 'sk-test',
      model: 'tts-1',
      voices: { sarah: 'nova', michael: 'onyx' },
      timeoutMs: 10_000,
    });

  it('asks for raw PCM in the persona voice and resamples the 24 kHz stream to 16 kHz', async () => {
    const { pcm, bytes } = speechLikePcm(24_000); // one second at 24 kHz
    server.pieces = [bytes];
    const { samples } = await synthesizeAll(server, tts(), 'Tell me about a product you launched.', 'sarah');

    expect(server.received).toHaveLength(1);
    const [req] = server.received;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/audio/speech');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({
      model: 'tts-1',
      voice: 'nova',
      input: 'Tell me about a product you launched.',
      response_format: 'pcm',
    });
    // 24 kHz → 16 kHz: two output samples for every three input samples
    expect(Math.abs(samples.length - (pcm.length * 2) / 3)).toBeLessThanOrEqual(1);
    expect(samples).toEqual(resample(pcm, 24_000, 16_000));
  });

  it('carries an odd byte across network chunks: the split stream equals the unsplit one', async () => {
    const { bytes } = speechLikePcm(12_000);
    server.pieces = [bytes];
    const whole = await synthesizeAll(server, tts(), 'One piece.', 'michael');

    server.pieces = cut(bytes, [4001, 7999, 3333, 3]);
    const split = await synthesizeAll(server, tts(), 'Many pieces.', 'michael');

    // the pieces arrived as separate chunks, so samples really were split between them
    expect(split.chunks.length).toBeGreaterThanOrEqual(3);
    expect(split.samples.length).toBe(whole.samples.length);
    expect(split.samples).toEqual(whole.samples);
    // the persona's voice goes to the provider as the voice it maps to
    expect(server.received.map((r) => r.body.voice)).toEqual(['onyx', 'onyx']);
  });

  it("applies the admin's streaming switch: off, the phrase goes on in one piece", async () => {
    const { pcm, bytes } = speechLikePcm(12_000);
    server.eager = true;
    server.pieces = cut(bytes, [4001, 7999, 3333, 3]);
    const whole = await synthesizeAll(server, tts(), 'At once.', 'sarah', {
      streaming: false,
      // not in this API: ignored, never sent
      stability: 0.2,
      similarityBoost: 0.9,
    });
    expect(whole.chunks).toHaveLength(1);
    expect(whole.samples).toEqual(resample(pcm, 24_000, 16_000));
    expect(server.received[0].body).not.toHaveProperty('voice_settings');
  });
});

describe('ElevenLabs speech', () => {
  const tts = () =>
    createElevenLabsSpeech({
      apiKey: 'xi-test',
      baseUrl: `${server.url}/`,
      model: 'eleven_flash_v2_5',
      voices: { sarah: 'EXAVITQu4vr4xnSDxMaL', michael: 'flq6f7yk4E4fJM5XTYuZ' },
      timeoutMs: 10_000,
    });

  it('streams pcm_16000 from the voice of the persona, sample for sample', async () => {
    const { pcm, bytes } = speechLikePcm(16_000);
    server.pieces = [bytes];
    const { samples } = await synthesizeAll(server, tts(), 'Hello there.', 'sarah');

    const [req] = server.received;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL/stream?output_format=pcm_16000');
    expect(req.headers['xi-api-key']).toBe('xi-test');
    expect(req.body).toEqual({ text: 'Hello there.', model_id: 'eleven_flash_v2_5' });
    expect(samples).toEqual(pcm);
  });

  it('carries an odd byte across network chunks without losing or corrupting a sample', async () => {
    const { pcm, bytes } = speechLikePcm(8_000);
    server.pieces = cut(bytes, [1001, 2999, 5555, 7]);
    const { chunks, samples } = await synthesizeAll(server, tts(), 'Split.', 'michael');

    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(samples).toEqual(pcm);
    expect(server.received[0].url).toMatch(/^\/v1\/text-to-speech\/flq6f7yk4E4fJM5XTYuZ\/stream/);
  });

  it("sends the admin's stability and similarity boost as voice_settings", async () => {
    const { pcm, bytes } = speechLikePcm(8_000);
    server.pieces = [bytes];
    const { samples } = await synthesizeAll(server, tts(), 'Steady now.', 'sarah', {
      stability: 0.3,
      similarityBoost: 0.85,
      streaming: true,
    });
    expect(server.received[0].url).toBe(
      '/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL/stream?output_format=pcm_16000',
    );
    expect(server.received[0].body).toEqual({
      text: 'Steady now.',
      model_id: 'eleven_flash_v2_5',
      voice_settings: { stability: 0.3, similarity_boost: 0.85 },
    });
    expect(samples).toEqual(pcm);
  });

  it('with streaming off, asks the plain endpoint and passes the phrase on in one piece', async () => {
    const { pcm, bytes } = speechLikePcm(8_000);
    server.eager = true;
    server.pieces = cut(bytes, [1001, 2999, 5555, 7]);
    const { chunks, samples } = await synthesizeAll(server, tts(), 'Whole.', 'michael', {
      stability: 0.75,
      similarityBoost: 0.5,
      streaming: false,
    });
    expect(server.received[0].url).toBe('/v1/text-to-speech/flq6f7yk4E4fJM5XTYuZ?output_format=pcm_16000');
    expect(server.received[0].body.voice_settings).toEqual({ stability: 0.75, similarity_boost: 0.5 });
    expect(chunks).toHaveLength(1);
    expect(samples).toEqual(pcm);
  });

  it('fails with the HTTP status when ElevenLabs refuses', async () => {
    server.status = 401;
    await expect(synthesizeAll(server, tts(), 'Hi.', 'sarah')).rejects.toThrow(/HTTP 401/);
  });
});
