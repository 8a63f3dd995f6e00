// Issue 18 §6: an answer given while the database is briefly away is spoken back to, and it is in
// the stored transcript (and so in the evaluation) afterwards: the gateway retries the write.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import type { App } from '../http/types.js';
import { insertInterviewer, setCredits } from '../modules/calls/call-fixtures.js';
import { createTestContext, registerUser, type TestContext } from '../test-support/test-app.js';

let ctx: TestContext;
let app: App;
let host: string;
/** while set, every write of an utterance fails the way a dropped connection does */
let down = false;
/** the utterance writes refused, as text (their SQL and values) */
const refused: string[] = [];

const asText = (query: unknown) => JSON.stringify((query as { queryChunks?: unknown }).queryChunks ?? '');

function withUtteranceOutage(database: Database): Database {
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return async (query: Parameters<Database['db']['execute']>[0]) => {
          if (down && asText(query).includes('insert into utterances')) {
            refused.push(asText(query));
            throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
          }
          return target.execute(query);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  return { ...database, db };
}

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ ...ctx.deps, database: withUtteranceOutage(ctx.database) }, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

it('stores an answer spoken during a short database outage, with the reply to it', async () => {
  const { cookie, user } = await registerUser(app);
  await setCredits(ctx.database.db, user.id, 1);
  const interviewer = await insertInterviewer(ctx.database.db, {
    name: 'Alex Rivera',
    welcomeMessage: 'Hi, I am Alex. Ready?',
    sampleQuestions: ['Tell me about a product you launched.'],
  });
  const inject = (method: 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie, host } });
  const started = await inject('POST', '/api/interviews', {
    type: 'single',
    startTime: new Date().toISOString(),
    interviewerId: interviewer.id,
    userId: user.id,
  });
  const id: number = started.json().id;
  const { signedUrl } = (await inject('POST', `/api/interviews/${id}/voice-session`)).json();

  const ws = new WebSocket(signedUrl, ['convai'], { headers: { cookie } });
  const received: { type: string; agent_response_event?: { agent_response: string } }[] = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString())));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waitFor = async (what: () => boolean, label: string) => {
    const deadline = Date.now() + 15_000;
    while (!what()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const replies = () => received.filter((m) => m.type === 'agent_response');
  await waitFor(() => replies().length >= 1, 'the welcome');

  down = true;
  const answer = 'Yes, I am ready to talk about the launch.';
  ws.send(JSON.stringify({ type: 'user_message', text: answer }));
  await waitFor(() => replies().length >= 2, 'the reply to the answer');
  // the outage outlasts a retry: the answer's write is refused twice (the first try and the
  // first retry) before the database comes back, whatever the clock says
  await waitFor(() => refused.filter((q) => q.includes(answer)).length >= 2, 'a refused retry');
  down = false;

  const ended = await inject('POST', `/api/interviews/${id}/end`);
  expect(ended.statusCode).toBe(200);
  const transcript: string = ended.json().transcript;
  expect(transcript).toContain(`You: ${answer}`);
  expect(transcript).toContain('Tell me about a product you launched.');
  ws.close();
});
