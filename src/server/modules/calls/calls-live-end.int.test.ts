// Ending a call while the built-in gateway is still serving it: POST /end stops the live
// session, and the transcript, evaluation and recording come from what the gateway stored.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Transcriber } from '../../providers/stt/types.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';
import { evaluatorWorker } from '../evaluation/builtin-evaluator-thread.js';
import { insertInterviewer } from './call-fixtures.js';

const WELCOME = 'Hi, I am Alex. Ready to begin?';
const QUESTION = 'Tell me about a product you launched.';

/** calls holding the recogniser (the built-in one keeps its warm spares while held) */
let recogniserHolds = 0;
const recogniser: Transcriber = {
  kind: 'builtin',
  transcribe: async () => '',
  hold: () => {
    recogniserHolds += 1;
    return () => {
      recogniserHolds -= 1;
    };
  },
};

let ctx: TestContext;
let host: string;
beforeAll(async () => {
  ctx = await createTestContext({ providers: { speech: { stt: recogniser } } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  host = `127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

function connect(url: string) {
  const ws = new WebSocket(`${url}?source=js_sdk&version=1.25.0`, ['convai']);
  const messages: { type: string; [k: string]: unknown }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
      resolve();
    });
    ws.once('error', reject);
  });
  const waitFor = async (what: string, find: () => boolean) => {
    const deadline = Date.now() + 15_000;
    while (!find()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { ws, messages, closed, opened, waitFor };
}

const agentSaid = (messages: { type: string; [k: string]: unknown }[], text: string) =>
  messages.some(
    (m) =>
      m.type === 'agent_response' &&
      (m.agent_response_event as { agent_response: string }).agent_response.includes(text),
  );

it('ends a live call: the session closes, and the stored conversation is evaluated and its recording served', async () => {
  const { cookie, user } = await registerUser(ctx.app);
  const interviewer = await insertInterviewer(ctx.database.db, {
    welcomeMessage: WELCOME,
    sampleQuestions: [QUESTION],
  });
  const post = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie, host }, payload });
  const created = await post('/api/interviews', {
    type: 'single',
    startTime: new Date().toISOString(),
    interviewerId: interviewer.id,
    userId: user.id,
  });
  const id = created.json().id;
  const session = await post(`/api/interviews/${id}/voice-session`);
  const call = connect(session.json().signedUrl);
  await call.opened;
  await call.waitFor('welcome', () => agentSaid(call.messages, WELCOME));
  call.ws.send(
    JSON.stringify({
      type: 'user_message',
      // ready, not yet an answer: the persona asks its question (an answer that already covered it
      // would be acknowledged and the question skipped)
      text: 'Yes, I am ready.',
    }),
  );
  await call.waitFor('the question', () => agentSaid(call.messages, QUESTION));
  // the call will be scored by the built-in evaluator: its thread is not stopped for idleness meanwhile
  expect(evaluatorWorker.held).toBe(true);
  // and the recogniser keeps what it started for the call's turns
  expect(recogniserHolds).toBe(1);

  const ended = await post(`/api/interviews/${id}/end`, {});
  expect(ended.statusCode).toBe(200);
  expect(await call.closed).toBe(1000);
  const body = ended.json();
  expect(body.status).toBe('completed');
  expect(body.transcript.split('\n')).toEqual([
    `Alex Rivera: ${WELCOME}`,
    'You: Yes, I am ready.',
    expect.stringMatching(new RegExp(`^Alex Rivera: .*${QUESTION}$`)),
  ]);
  expect(body.evaluation.criteria).toHaveLength(2);
  expect(body.evaluation.evaluator).toBe('built-in');
  expect(evaluatorWorker.held).toBe(false);
  expect(recogniserHolds).toBe(0);

  const audio = await ctx.app.inject({
    method: 'GET',
    url: `/api/interviews/audio/${body.conversationId}`,
    headers: { cookie, range: 'bytes=0-99' },
  });
  expect(audio.statusCode).toBe(206);
  expect(audio.headers['content-type']).toContain('audio');
  expect(audio.rawPayload.length).toBe(100);
});
