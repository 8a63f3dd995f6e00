// Paths of the built-in voice gateway the main suite does not reach, against a real WebSocket
// client on 127.0.0.1: messages sent before the session is ready, binary frames, a call that
// cannot be started (1011), the browser dropping mid-call, a recording that cannot be opened,
// the recording carried across a reconnect, live calls ended by a server shutdown, and the
// voice-session rate limit.
//
// The app here is built on deps whose blob store and database can be made to fail or wait
// (`faults`), the way a full disk, a slow store or a lost database would.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.js';
import type { Db } from '../db/client.js';
import { interviews, utterances } from '../db/schema.js';
import { type AppDeps, providersFromConfig } from '../deps.js';
import type { App } from '../http/types.js';
import { insertInterviewer, postCall, setCredits } from '../modules/calls/call-fixtures.js';
import { type BlobStore, recordingKey } from '../providers/storage/index.js';
import { createLocalBlobStore } from '../providers/storage/local-blob-store.js';
import { createTestContext, registerUser, testConfig } from '../test-support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-db.js';
import type { ServerMessage } from './protocol.js';

const WELCOME = 'Hi, I am Alex. Thanks for joining today. Ready to begin?';
const QUESTIONS = ['Tell me about a product you launched.', 'How did you measure its success?'];
const FIRST_REPLY = `Great, let's begin. ${QUESTIONS[0]}`;
/** a first answer that already answers the first question: the persona names it and asks the second */
const LAUNCH_ANSWER = 'Yes, I launched a payments app used by 2 million people.';
const isLaunchReply = (line: string) => line.includes('2 million people') && line.endsWith(QUESTIONS[1]);

// ---- the app, on deps that can fail ----

const faults = {
  /** blobs.openWriter throws (the recording cannot be opened) */
  openWriterFails: false,
  /** blobs.stat waits for this (the recording store is slow, so the session is not ready yet) */
  statGate: null as Promise<void> | null,
  /** reading a call's utterances throws (the database went away while the call was joined) */
  utterancesReadFails: false,
};

function faultyBlobs(base: BlobStore): BlobStore {
  return {
    kind: base.kind,
    openWriter: (key, contentType) => {
      if (faults.openWriterFails) throw new Error('ENOSPC: no space left on device');
      return base.openWriter(key, contentType);
    },
    stat: async (key) => {
      if (faults.statGate) await faults.statGate;
      return base.stat(key);
    },
    read: (key, range) => base.read(key, range),
    delete: (key) => base.delete(key),
  };
}

/** the database, except that `select … from utterances` throws while `faults.utterancesReadFails` */
function faultyDb(db: Db): Db {
  const wrapBuilder = (builder: object) =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === 'from' && typeof value === 'function') {
          return (table: unknown, ...rest: unknown[]) => {
            if (faults.utterancesReadFails && table === utterances) {
              throw new Error('Connection terminated unexpectedly');
            }
            return value.call(target, table, ...rest);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === 'select' || prop === 'selectDistinct') {
        return (...args: unknown[]) =>
          wrapBuilder((value as (...a: unknown[]) => object).apply(target, args));
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

type Ctx = { app: App; deps: AppDeps; database: TestDatabase; host: string; close: () => Promise<void> };

async function createCtx(env: Record<string, string> = {}): Promise<Ctx> {
  const database = await createTestDatabase();
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-blobs-'));
  const config = testConfig(env);
  const deps: AppDeps = {
    config,
    database: { ...database, db: faultyDb(database.db) },
    clock: { now: () => new Date() },
    blobs: faultyBlobs(createLocalBlobStore(blobDir)),
    ...providersFromConfig(config),
  };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let closed = false;
  return {
    app,
    deps,
    database,
    host,
    close: async () => {
      if (!closed) await app.close();
      closed = true;
      await database.drop();
      fs.rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

// ---- a client as the ElevenLabs SDK connects ----

class Client {
  messages: ServerMessage[] = [];
  closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(data.toString())));
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens the socket; `first` are sent the moment it opens, before anything comes back. */
  static async connect(url: string, cookie: string, first: (string | Buffer)[] = []): Promise<Client> {
    const ws = new WebSocket(`${url}?source=js_sdk&version=1.25.0`, ['convai'], { headers: { cookie } });
    const client = new Client(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
        for (const m of first) ws.send(m, { binary: typeof m !== 'string' });
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

  /**
   * A WebSocket ping, answered once the server has read every frame sent before it (frames are
   * handled in order), so what was sent has reached the server's message handler.
   */
  roundTrip(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('pong', () => resolve());
      this.ws.ping();
    });
  }

  ofType<T extends ServerMessage['type']>(type: T): Extract<ServerMessage, { type: T }>[] {
    return this.messages.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  }

  said = () => this.ofType('agent_response').map((m) => m.agent_response_event.agent_response);
  heard = () => this.ofType('user_transcript').map((m) => m.user_transcription_event.user_transcript);

  async waitFor<T>(find: () => T | undefined | false, what: string): Promise<T> {
    let found: T | undefined | false;
    await vi.waitFor(
      () => {
        found = find();
        if (!found) throw new Error(`timed out waiting for ${what}`);
      },
      { timeout: 15_000, interval: 20 },
    );
    return found as T;
  }

  conversationId = () =>
    this.ofType('conversation_initiation_metadata')[0]?.conversation_initiation_metadata_event
      .conversation_id;
}

// ---- a call ----

async function startCall(c: Ctx) {
  const { cookie, user } = await registerUser(c.app);
  const interviewer = await insertInterviewer(c.database.db, {
    name: 'Alex Rivera',
    welcomeMessage: WELCOME,
    sampleQuestions: QUESTIONS,
  });
  await setCredits(c.database.db, user.id, 5);
  const post = (url: string, payload?: object) =>
    c.app.inject({ method: 'POST', url, headers: { cookie, host: c.host }, payload });
  const created = await post('/api/interviews', {
    type: 'single',
    startTime: new Date().toISOString(),
    interviewerId: interviewer.id,
    userId: user.id,
  });
  expect(created.statusCode).toBe(201);
  const interviewId: number = created.json().id;
  const newSignedUrl = async () => {
    const res = await post(`/api/interviews/${interviewId}/voice-session`);
    expect(res.statusCode).toBe(200);
    return res.json().signedUrl as string;
  };
  const end = () => post(`/api/interviews/${interviewId}/end`, {});
  const get = () =>
    c.app.inject({ method: 'GET', url: `/api/interviews/${interviewId}`, headers: { cookie } });
  return { cookie, interviewId, newSignedUrl, end, get };
}

const storedLines = async (c: Ctx, interviewId: number) =>
  (
    await c.database.db
      .select({ speaker: utterances.speaker, text: utterances.text })
      .from(utterances)
      .where(eq(utterances.interviewId, interviewId))
      .orderBy(asc(utterances.startMs), asc(utterances.id))
  ).map((u) => [u.speaker, u.text]);

async function readBlob(c: Ctx, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await c.deps.blobs.read(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** the voice session holding the call's live lease (null once a session has stored everything and let go) */
const leaseOf = async (c: Ctx, interviewId: number) =>
  (
    await c.database.db
      .select({ liveSession: interviews.liveSession })
      .from(interviews)
      .where(eq(interviews.id, interviewId))
  )[0].liveSession;

/** waits until the call's session has ended and stored everything (it lets go of its lease then) */
const waitForSessionGone = (c: Ctx, interviewId: number) =>
  vi.waitFor(async () => expect(await leaseOf(c, interviewId)).toBeNull(), { timeout: 15_000, interval: 20 });

// ---- the tests ----

let ctx: Ctx;
beforeAll(async () => {
  ctx = await createCtx();
});
afterAll(() => ctx.close());
afterEach(() => {
  faults.openWriterFails = false;
  faults.statGate = null;
  faults.utterancesReadFails = false;
});

describe('built-in voice gateway: early messages and binary frames', () => {
  it('applies messages sent before the session is ready once it is, and ignores binary frames', async () => {
    const call = await startCall(ctx);
    let release = () => {};
    faults.statGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // sent as a binary frame, this would be a typed answer if it were read
    const binaryAnswer = Buffer.from(JSON.stringify({ type: 'user_message', text: 'Sent as binary.' }));
    const client = await Client.connect(await call.newSignedUrl(), call.cookie, [
      binaryAnswer,
      JSON.stringify({ type: 'user_message', text: 'Yes, I am ready.' }),
    ]);
    // the server has read both frames, and its session is still waiting for the recording store
    await client.roundTrip();
    expect(client.messages).toEqual([]);

    release();
    await client.waitFor(() => client.said().includes(FIRST_REPLY), 'the answer to the early message');
    // the session started as always (metadata first), then took the early answer
    expect(client.messages[0].type).toBe('conversation_initiation_metadata');
    expect(client.heard()).toEqual(['Yes, I am ready.']);

    const ended = await call.end();
    expect(ended.statusCode).toBe(200);
    expect(await client.closed).toEqual({ code: 1000, reason: 'Call ended' });
    const lines = await storedLines(ctx, call.interviewId);
    expect(lines).toContainEqual(['user', 'Yes, I am ready.']);
    expect(lines.at(-1)).toEqual(['agent', FIRST_REPLY]);
    expect(lines.flat()).not.toContain('Sent as binary.');
  });

  it('ignores a binary frame mid-call, and the call goes on', async () => {
    const call = await startCall(ctx);
    const client = await Client.connect(await call.newSignedUrl(), call.cookie);
    await client.waitFor(() => client.ofType('audio')[0], 'welcome audio');

    client.ws.send(Buffer.from(JSON.stringify({ type: 'user_message', text: 'Sent as binary.' })), {
      binary: true,
    });
    client.ws.send(Buffer.from([0xff, 0x00, 0x13, 0x37]), { binary: true });
    client.send({ type: 'user_message', text: 'Yes, ready.' });
    await client.waitFor(() => client.said().includes(FIRST_REPLY), 'the answer to the text frame');
    expect(client.heard()).toEqual(['Yes, ready.']);

    const ended = await call.end();
    expect(ended.json().status).toBe('completed');
    expect(await client.closed).toEqual({ code: 1000, reason: 'Call ended' });
    expect((await storedLines(ctx, call.interviewId)).flat()).not.toContain('Sent as binary.');
  });
});

describe('built-in voice gateway: failures', () => {
  it('closes with 1011 when the call cannot be started, and a later session of the call works', async () => {
    const call = await startCall(ctx);
    faults.utterancesReadFails = true;
    const failed = await Client.connect(await call.newSignedUrl(), call.cookie);
    expect(await failed.closed).toEqual({ code: 1011, reason: 'The call could not be started' });
    expect(failed.messages).toEqual([]);
    // the failed start let go of the call: still in progress, and it can be joined again
    await waitForSessionGone(ctx, call.interviewId);
    expect((await call.get()).json().status).toBe('in_progress');

    faults.utterancesReadFails = false;
    const client = await Client.connect(await call.newSignedUrl(), call.cookie);
    await client.waitFor(() => client.said().includes(WELCOME), 'the welcome');
    expect((await call.end()).statusCode).toBe(200);
    expect((await client.closed).code).toBe(1000);
  });

  it('runs a call whose recording cannot be opened, and ends it', async () => {
    faults.openWriterFails = true;
    const call = await startCall(ctx);
    const client = await Client.connect(await call.newSignedUrl(), call.cookie);
    await client.waitFor(() => client.ofType('audio')[0], 'welcome audio');
    client.send({ type: 'user_message', text: LAUNCH_ANSWER });
    const reply = await client.waitFor(() => client.said().find(isLaunchReply), 'the reply to the answer');

    const ended = await call.end();
    expect(ended.statusCode).toBe(200);
    expect(await client.closed).toEqual({ code: 1000, reason: 'Call ended' });
    const body = ended.json();
    expect(body.status).toBe('completed');
    // every stored line is in the transcript (their order on a tie of start times is the
    // transcript builder's; see transcript.ts)
    expect([...body.transcript.split('\n')].sort()).toEqual(
      [`Alex Rivera: ${WELCOME}`, `You: ${LAUNCH_ANSWER}`, `Alex Rivera: ${reply}`].sort(),
    );
    // there is no recording to serve
    const conversationId = client.conversationId();
    expect(conversationId).toBeTruthy();
    expect(await ctx.deps.blobs.stat(recordingKey(conversationId as string))).toBeNull();
    const audio = await ctx.app.inject({
      method: 'GET',
      url: `/api/interviews/audio/${conversationId}`,
      headers: { cookie: call.cookie },
    });
    expect(audio.statusCode).toBe(404);
  });

  it('when the browser drops mid-call: the session ends and stores what was said, the call stays open until /end evaluates it', async () => {
    const call = await startCall(ctx);
    const client = await Client.connect(await call.newSignedUrl(), call.cookie);
    await client.waitFor(() => client.ofType('audio')[0], 'welcome audio');
    client.send({ type: 'user_message', text: LAUNCH_ANSWER });
    const reply = await client.waitFor(
      () => client.ofType('agent_response').find((m) => isLaunchReply(m.agent_response_event.agent_response)),
      'the reply to the answer',
    );
    const replyText = reply.agent_response_event.agent_response;
    await client.waitFor(
      () =>
        client.ofType('audio').find((a) => a.audio_event.event_id === reply.agent_response_event.event_id),
      'audio of the first question',
    );

    // the connection is lost: no close frame
    client.ws.terminate();
    await waitForSessionGone(ctx, call.interviewId);
    expect(await storedLines(ctx, call.interviewId)).toEqual([
      ['agent', WELCOME],
      ['user', LAUNCH_ANSWER],
      ['agent', replyText],
    ]);
    expect((await call.get()).json().status).toBe('in_progress');

    const ended = await call.end();
    expect(ended.statusCode).toBe(200);
    const body = ended.json();
    expect(body.status).toBe('completed');
    // every stored line is in the transcript (their order on a tie of start times is the
    // transcript builder's; see transcript.ts)
    expect([...body.transcript.split('\n')].sort()).toEqual(
      [`Alex Rivera: ${WELCOME}`, `You: ${LAUNCH_ANSWER}`, `Alex Rivera: ${replyText}`].sort(),
    );
    expect(body.evaluation.criteria).toHaveLength(2);
  });
});

describe('built-in voice gateway: the recording across a reconnect', () => {
  it('continues the first session’s recording: the final file starts with it and holds more', async () => {
    const call = await startCall(ctx);
    const first = await Client.connect(await call.newSignedUrl(), call.cookie);
    await first.waitFor(() => first.ofType('audio')[0], 'welcome audio');
    first.send({ type: 'user_message', text: 'Yes, ready.' });
    await first.waitFor(() => first.said().includes(FIRST_REPLY), 'the first question');
    // the first ping comes a second into the session: a second of the call is recorded by then
    await first.waitFor(() => first.ofType('ping')[0], 'a ping');
    const conversationId = first.conversationId() as string;

    first.ws.close();
    await first.closed;
    // the first session has ended and closed its part of the recording
    await waitForSessionGone(ctx, call.interviewId);
    const firstPart = await readBlob(ctx, recordingKey(conversationId));
    expect(firstPart.length).toBeGreaterThan(1000);

    const second = await Client.connect(await call.newSignedUrl(), call.cookie);
    await second.waitFor(() => second.conversationId(), 'metadata');
    expect(second.conversationId()).toBe(conversationId);
    second.send({
      type: 'user_message',
      text: 'I launched a checkout feature that increased conversion by 12 percent over three months for our customers.',
    });
    await second.waitFor(
      () => second.said().some((l) => l.includes(QUESTIONS[1])),
      'the next question, in the second session',
    );
    await second.waitFor(() => second.ofType('audio')[0], 'audio in the second session');
    await second.waitFor(() => second.ofType('ping')[0], 'a ping in the second session');

    const ended = await call.end();
    expect(ended.json().status).toBe('completed');
    expect(await second.closed).toEqual({ code: 1000, reason: 'Call ended' });
    const whole = await readBlob(ctx, recordingKey(conversationId));
    expect(whole.length).toBeGreaterThan(firstPart.length + 1000);
    expect(whole.subarray(0, firstPart.length).equals(firstPart)).toBe(true);
    const info = await ctx.deps.blobs.stat(recordingKey(conversationId));
    expect(info?.contentType).toContain('audio');
  });
});

describe('built-in voice gateway: server shutdown', () => {
  it('ends live calls when the app closes: the browser gets 1000 "Server restarting", what was said is stored', async () => {
    const own = await createCtx();
    try {
      const call = await startCall(own);
      const client = await Client.connect(await call.newSignedUrl(), call.cookie);
      await client.waitFor(() => client.ofType('audio')[0], 'welcome audio');
      client.send({ type: 'user_message', text: 'Yes, I am ready.' });
      await client.waitFor(() => client.said().includes(FIRST_REPLY), 'the first question');

      await own.app.close();
      // what was said is stored by the time the app has closed, and the session let go of the call
      expect(await storedLines(own, call.interviewId)).toEqual([
        ['agent', WELCOME],
        ['user', 'Yes, I am ready.'],
        ['agent', FIRST_REPLY],
      ]);
      expect(await leaseOf(own, call.interviewId)).toBeNull();
      expect(await client.closed).toEqual({ code: 1000, reason: 'Server restarting' });
    } finally {
      await own.close();
    }
  });
});

describe('voice-session rate limit', () => {
  it('answers 429 past VOICE_SESSION_RATE_LIMIT a minute, per user (signing in again starts no fresh budget)', async () => {
    const limited = await createTestContext({ env: { VOICE_SESSION_RATE_LIMIT: '2' } });
    try {
      const host = 'localhost:3000';
      let last = { email: '', password: '', url: '' };
      const open = async () => {
        const { cookie, user, email, password } = await registerUser(limited.app);
        last = { email, password, url: '' };
        const interviewer = await insertInterviewer(limited.database.db);
        await setCredits(limited.database.db, user.id, 5);
        const created = await postCall(limited.app, { cookie: cookie, userId: user.id }, interviewer.id);
        const id = created.json().id;
        last.url = `/api/interviews/${id}/voice-session`;
        return () =>
          limited.app.inject({
            method: 'POST',
            url: `/api/interviews/${id}/voice-session`,
            headers: { cookie, host },
          });
      };
      const session = await open();
      expect((await session()).statusCode).toBe(200);
      expect((await session()).statusCode).toBe(200);
      const refused = await session();
      expect(refused.statusCode).toBe(429);
      // the same user signed in again (a new session cookie) is still over the limit
      const again = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: last.email, password: last.password },
      });
      const sid = again.cookies.find((c) => c.name === 'sid');
      expect(sid?.value).toBeTruthy();
      const resigned = await limited.app.inject({
        method: 'POST',
        url: last.url,
        headers: { cookie: `sid=${sid?.value}`, host },
      });
      expect(resigned.statusCode).toBe(429);
      // another signed-in user is counted apart
      const other = await open();
      expect((await other()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
