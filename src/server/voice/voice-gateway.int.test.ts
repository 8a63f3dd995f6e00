// The built-in gateway against a real WebSocket client: the app listens on 127.0.0.1, the client
// connects the way the ElevenLabs SDK does (subprotocol convai, source/version query params).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { utterances } from '../db/schema.js';
import { insertInterviewer, postCall, setCredits } from '../modules/calls/call-fixtures.js';
import { stopLiveSession } from '../modules/calls/stop-live-session.js';
import { recordingKey } from '../providers/storage/index.js';
import { createOpenAiTranscriber } from '../providers/stt/openai-transcription.js';
import { createTestContext, registerUser, type TestContext } from '../test-support/test-app.js';
import type { ServerMessage } from './protocol.js';
import { micFrames, silence, speechLike } from './testing.js';

const WELCOME = 'Hi, I am Alex. Thanks for joining today. Ready to begin?';
const QUESTIONS = ['Tell me about a product you launched.', 'How did you measure its success?'];

class Client {
  messages: ServerMessage[] = [];
  closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const w of this.waiters.splice(0)) w();
      }),
    );
  }

  static async connect(url: string, cookie?: string): Promise<Client> {
    const ws = new WebSocket(`${url}?source=js_sdk&version=1.25.0`, ['convai'], {
      headers: cookie ? { cookie } : {},
    });
    const client = new Client(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        // what the SDK sends first, overrides included
        ws.send(
          JSON.stringify({
            type: 'conversation_initiation_client_data',
            conversation_config_override: {
              agent: { first_message: 'ignored: the server knows the persona' },
            },
          }),
        );
        resolve();
      });
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return client;
  }

  send(message: object) {
    this.ws.send(JSON.stringify(message));
  }

  ofType<T extends ServerMessage['type']>(type: T): Extract<ServerMessage, { type: T }>[] {
    return this.messages.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  }

  async waitFor<T>(find: () => T | undefined | false, what: string, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }
}

let ctx: TestContext;
let origin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

async function startCall(c: TestContext = ctx, host = origin) {
  const { cookie, user } = await registerUser(c.app);
  const interviewer = await insertInterviewer(c.database.db, {
    name: 'Alex Rivera',
    welcomeMessage: WELCOME,
    sampleQuestions: QUESTIONS,
  });
  await setCredits(c.database.db, user.id, 5);
  const created = await postCall(c.app, { cookie: cookie, userId: user.id }, interviewer.id);
  expect(created.statusCode).toBe(201);
  const interviewId: number = created.json().id;
  const session = async () => {
    const res = await c.app.inject({
      method: 'POST',
      url: `/api/interviews/${interviewId}/voice-session`,
      headers: { cookie, host },
    });
    expect(res.statusCode).toBe(200);
    return res.json().signedUrl as string;
  };
  return { cookie, user, interviewId, signedUrl: await session(), newSignedUrl: session };
}

const storedLines = (interviewId: number, c: TestContext = ctx) =>
  c.database.db
    .select({ speaker: utterances.speaker, text: utterances.text, startMs: utterances.startMs })
    .from(utterances)
    .where(eq(utterances.interviewId, interviewId))
    .orderBy(asc(utterances.startMs), asc(utterances.id));

/** What the end route does first: stop the call's live session, wherever it runs, once it has stored everything. */
const endLiveCall = (interviewId: number, c: TestContext = ctx) =>
  stopLiveSession(c.database.db, interviewId, { now: () => c.deps.clock.now() });

/** The HTTP answer to an upgrade that is refused before any socket exists. */
function refusedUpgrade(url: string, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['convai'], { headers: cookie ? { cookie } : {} });
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('error', () => {});
    ws.once('unexpected-response', (req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      // answered when the server has also closed the connection (a refused upgrade leaves none open)
      const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
      if (req.socket) req.socket.once('close', done);
      else res.on('end', done);
    });
  });
}

describe('built-in voice gateway', () => {
  it('opens with the initiation metadata, then speaks the welcome message as text and audio', async () => {
    const { cookie, signedUrl } = await startCall();
    const client = await Client.connect(signedUrl, cookie);
    expect(client.ws.protocol).toBe('convai');
    const welcome = await client.waitFor(() => client.ofType('agent_response')[0], 'the welcome message');
    expect(client.messages[0]).toEqual({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: expect.stringMatching(/^builtin_[0-9a-f]{32}$/),
        agent_output_audio_format: 'pcm_16000',
        user_input_audio_format: 'pcm_16000',
      },
    });
    expect(welcome.agent_response_event.agent_response).toBe(WELCOME);
    const audio = client.ofType('audio');
    expect(audio.length).toBeGreaterThan(0);
    // base64 PCM16 at 16 kHz: the welcome is a few seconds of speech
    const bytes = audio.reduce((n, a) => n + Buffer.from(a.audio_event.audio_base_64, 'base64').length, 0);
    expect(bytes / 32_000).toBeGreaterThan(1.5);
    expect(audio.every((a) => a.audio_event.event_id === welcome.agent_response_event.event_id)).toBe(true);
    client.ws.close();
  });

  it('answers a typed answer with the first sample question, stores every utterance and records the call', async () => {
    const { cookie, interviewId, signedUrl } = await startCall();
    const client = await Client.connect(signedUrl, cookie);
    const conversationId = await client.waitFor(
      () =>
        client.ofType('conversation_initiation_metadata')[0]?.conversation_initiation_metadata_event
          .conversation_id,
      'metadata',
    );
    await client.waitFor(() => client.ofType('audio')[0], 'welcome audio');
    client.send({ type: 'user_message', text: 'Yes, I am ready.' });
    const reply = await client.waitFor(
      () =>
        client
          .ofType('agent_response')
          .find((m) => m.agent_response_event.agent_response.includes(QUESTIONS[0])),
      'the first question',
    );
    expect(client.ofType('user_transcript')[0].user_transcription_event.user_transcript).toBe(
      'Yes, I am ready.',
    );
    await client.waitFor(
      () =>
        client.ofType('audio').find((a) => a.audio_event.event_id === reply.agent_response_event.event_id),
      'audio of the reply',
    );
    // the typed answer cut the welcome short
    expect(client.ofType('interruption').length).toBe(1);
    // The recording is written while the call runs (a step a second, behind by the recorder's
    // lag): wait until more than a second of the call is in the store, rather than sleep a guess.
    // 32 kbit/s MP3: a second of call is about 4 KB.
    const key = recordingKey(conversationId);
    const during = await vi.waitFor(
      async () => {
        const size = (await ctx.deps.blobs.stat(key))?.size ?? 0;
        expect(size).toBeGreaterThan(4000);
        return size;
      },
      { timeout: 15_000, interval: 50 },
    );

    await endLiveCall(interviewId);
    expect((await storedLines(interviewId)).map((u) => [u.speaker, u.text])).toEqual([
      ['agent', WELCOME],
      ['user', 'Yes, I am ready.'],
      ['agent', `Great, let's begin. ${QUESTIONS[0]}`],
    ]);
    expect(await client.closed).toEqual({ code: 1000, reason: 'Call ended' });
    // the hang-up keeps what was written and adds the last stretch
    const recording = await ctx.deps.blobs.stat(key);
    expect(recording?.contentType).toContain('audio');
    expect(recording?.size).toBeGreaterThanOrEqual(during);
  });

  it('answers pings with pongs carrying the event id', async () => {
    const { cookie, signedUrl } = await startCall();
    const client = await Client.connect(signedUrl, cookie);
    const p = await client.waitFor(() => client.ofType('ping')[0], 'a ping');
    expect(p.ping_event.event_id).toBeGreaterThan(0);
    client.send({ type: 'pong', event_id: p.ping_event.event_id });
    client.send({ type: 'user_message', text: 'Still there?' });
    await client.waitFor(() => client.ofType('user_transcript')[0], 'the session to go on after the pong');
    client.ws.close();
  });

  it('stops the agent with an interruption when the caller talks over it', async () => {
    const { cookie, interviewId, signedUrl } = await startCall();
    const client = await Client.connect(signedUrl, cookie);
    const first = await client.waitFor(() => client.ofType('audio')[0], 'welcome audio');
    for (const frame of micFrames(speechLike(0.6))) client.send(frame);
    const cut = await client.waitFor(() => client.ofType('interruption')[0], 'an interruption');
    expect(cut.interruption_event.event_id).toBeGreaterThan(first.audio_event.event_id);
    for (const frame of micFrames(silence(1))) client.send(frame);
    await endLiveCall(interviewId);
    const [welcome] = await storedLines(interviewId);
    expect(welcome).toMatchObject({ speaker: 'agent', text: WELCOME });
  });

  it('refuses a reused link, another account, a second live session and an ended call with an HTTP answer, never a socket', async () => {
    const { cookie, interviewId, signedUrl, newSignedUrl } = await startCall();
    const first = await Client.connect(signedUrl, cookie);
    await first.waitFor(() => first.messages[0], 'metadata');

    const reused = await refusedUpgrade(signedUrl, cookie);
    expect(reused.status).toBe(401);
    expect(JSON.parse(reused.body).message).toMatch(/invalid, expired or already used/);

    const other = await registerUser(ctx.app);
    const ownersLink = await newSignedUrl();
    expect((await refusedUpgrade(ownersLink, other.cookie)).status).toBe(403);
    // another account's attempt leaves the owner's link unspent: refused again as foreign, not as
    // used, and the owner's own attempt gets as far as the call (live in `first`: 409)
    expect((await refusedUpgrade(ownersLink, other.cookie)).status).toBe(403);
    expect((await refusedUpgrade(ownersLink, cookie)).status).toBe(409);
    expect((await refusedUpgrade(`ws://${origin}/api/voice/not-a-real-token`)).status).toBe(401);
    expect((await refusedUpgrade(`ws://${origin}/api/voice/${'x'.repeat(300)}`)).status).toBe(414);

    // the call is live in `first`: a second session of it is refused
    const second = await refusedUpgrade(await newSignedUrl(), cookie);
    expect(second.status).toBe(409);
    expect(JSON.parse(second.body).message).toBe('This call is already connected in another window or tab');
    first.send({ type: 'user_message', text: 'Still here.' });
    await first.waitFor(() => first.ofType('user_transcript')[0], 'the first session to go on');

    const late = await newSignedUrl();
    await ctx.app.inject({ method: 'POST', url: `/api/interviews/${interviewId}/end`, headers: { cookie } });
    expect(await first.closed).toEqual({ code: 1000, reason: 'Call ended' });
    const ended = await refusedUpgrade(late, cookie);
    expect(ended).toMatchObject({ status: 409 });
    expect(JSON.parse(ended.body).message).toBe('This call has already ended');
  });

  it('hands a reconnect the same call once the old socket has gone: the scripted interviewer carries on', async () => {
    const { cookie, interviewId, signedUrl, newSignedUrl } = await startCall();
    const first = await Client.connect(signedUrl, cookie);
    await first.waitFor(() => first.ofType('audio')[0], 'welcome audio');
    first.send({ type: 'user_message', text: 'Ready.' });
    await first.waitFor(() => first.ofType('agent_response')[1], 'the first question');
    first.ws.close();
    await first.closed;

    const second = await Client.connect(await newSignedUrl(), cookie);
    await second.waitFor(() => second.messages[0], 'metadata');
    second.send({
      type: 'user_message',
      text: 'I launched a checkout feature that increased conversion by 12 percent over three months for our customers.',
    });
    const next = await second.waitFor(() => second.ofType('agent_response')[0], 'the next question');
    expect(next.agent_response_event.agent_response).toMatch(QUESTIONS[1]);
    await endLiveCall(interviewId);
  });
});

describe('built-in voice gateway with a transcription service', () => {
  let sttCtx: TestContext;
  let sttServer: http.Server;
  const uploads: { contentType: string; bytes: number }[] = [];

  beforeAll(async () => {
    sttServer = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        uploads.push({ contentType: req.headers['content-type'] ?? '', bytes: Buffer.concat(chunks).length });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: 'Yes, I am ready to begin.' }));
      });
    });
    await new Promise<void>((r) => sttServer.listen(0, '127.0.0.1', r));
    const sttUrl = `http://127.0.0.1:${(sttServer.address() as AddressInfo).port}/v1`;
    sttCtx = await createTestContext({
      env: { VOICE_SILENCE_MS: '500' },
      providers: {
        speech: { stt: createOpenAiTranscriber({ baseURL: sttUrl, model: 'whisper-1', timeoutMs: 30_000 }) },
      },
    });
    await sttCtx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await sttCtx.close();
    await new Promise((r) => sttServer.close(r));
  });

  it('transcribes a spoken answer once the caller falls silent, and answers it', async () => {
    const host = `127.0.0.1:${(sttCtx.app.server.address() as AddressInfo).port}`;
    const { cookie, interviewId, signedUrl } = await startCall(sttCtx, host);
    const client = await Client.connect(signedUrl, cookie);
    await client.waitFor(() => client.ofType('agent_response')[0], 'the welcome');
    for (const frame of micFrames(speechLike(1.2))) client.send(frame);
    for (const frame of micFrames(silence(1))) client.send(frame);
    const heard = await client.waitFor(() => client.ofType('user_transcript')[0], 'the transcript');
    expect(heard.user_transcription_event.user_transcript).toBe('Yes, I am ready to begin.');
    expect(uploads[0].contentType).toMatch(/^multipart\/form-data/);
    // the upload carries the turn as WAV: about 1.2 s of 16 kHz PCM16, plus the form around it
    expect(uploads[0].bytes).toBeGreaterThan(1.2 * 32_000);
    await client.waitFor(
      () =>
        client
          .ofType('agent_response')
          .find((m) => m.agent_response_event.agent_response.includes(QUESTIONS[0])),
      'the first question',
    );
    await endLiveCall(interviewId, sttCtx);
    const lines = await storedLines(interviewId, sttCtx);
    expect(lines.map((l) => l.speaker)).toEqual(['agent', 'user', 'agent']);
  });
});
