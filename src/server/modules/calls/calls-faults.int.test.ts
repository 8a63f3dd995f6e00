// Issue 12 §4: the model and the speech service go down mid-call. The call carries on (the agent
// says a clear line instead of hanging), ending it stores completed_with_errors, and once the
// model is back the owner (or an admin) re-runs the evaluation with POST /re-evaluate.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { users } from '../../db/schema.js';
import type { App } from '../../http/types.js';
import { createOpenAiSpeech } from '../../providers/tts/openai-speech.js';
import { completion, type FakeOpenAi, startFakeOpenAi } from '../../test-support/fake-openai-server.js';
import {
  createTestContext,
  depsWithConfig,
  registerUser,
  type TestContext,
  testLlm,
} from '../../test-support/test-app.js';
import { BRAIN_FAILED_LINE } from '../../voice/call-session.js';
import { insertInterviewer } from './call-fixtures.js';
import { reEvaluateMessages } from './re-evaluate-call.js';

const DEAD = 'http://127.0.0.1:9/v1';
const WELCOME = 'Hi, I am Alex. Ready to begin?';
const ANSWER = 'I launched a payments app used by two million people.';

let ctx: TestContext;
let host: string;
let fake: FakeOpenAi;
let recovered: App;
beforeAll(async () => {
  // The model (brain and evaluator) and the speech synthesiser both point at a closed port.
  ctx = await createTestContext({
    env: { LLM_TIMEOUT_MS: '1000' },
    providers: {
      llm: testLlm(DEAD, { timeoutMs: 1000 }),
      speech: {
        tts: createOpenAiSpeech({ baseURL: DEAD, model: 'tts-1', voices: {}, timeoutMs: 1000 }),
      },
    },
  });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  host = `127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  // The same database served by an instance whose model endpoint works again.
  fake = await startFakeOpenAi();
  recovered = await buildApp(
    depsWithConfig(ctx.deps, { EVALUATE_RATE_LIMIT: '3' }, { llm: testLlm(fake.url) }),
    { logger: false },
  );
  await recovered.ready();
});
afterAll(async () => {
  await recovered.close();
  await fake.close();
  await ctx.close();
});

function connect(url: string) {
  const ws = new WebSocket(`${url}?source=js_sdk&version=1.25.0`, ['convai']);
  const said: string[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    if (m.type === 'agent_response') said.push(m.agent_response_event.agent_response);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
      resolve();
    });
    ws.once('error', reject);
  });
  const waitFor = async (text: string) => {
    const deadline = Date.now() + 15_000;
    while (!said.some((s) => s.includes(text))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}"; agent said ${said}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { ws, opened, waitFor };
}

const modelAnswer = {
  criteria: [
    {
      name: 'Communication',
      score: 7,
      feedback: 'Concrete.',
      rationale: `You said "${ANSWER}"`,
      evidence: [ANSWER],
    },
    {
      name: 'Problem Solving',
      score: 6,
      feedback: 'Say how.',
      rationale: `You said "${ANSWER}"`,
      evidence: [ANSWER],
    },
  ],
};

it('a call survives the model and speech service being down, ends completed_with_errors, and is re-evaluated once the model is back', async () => {
  const { cookie, user } = await registerUser(ctx.app);
  const interviewer = await insertInterviewer(ctx.database.db, { welcomeMessage: WELCOME });
  const post = (app: App, url: string, c = cookie) =>
    app.inject({ method: 'POST', url, headers: { cookie: c, host }, payload: {} });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/interviews',
    headers: { cookie, host },
    payload: {
      type: 'single',
      startTime: new Date().toISOString(),
      interviewerId: interviewer.id,
      userId: user.id,
    },
  });
  const id = created.json().id;

  expect((await post(ctx.app, `/api/interviews/${id}/re-evaluate`)).json()).toEqual({
    message: reEvaluateMessages.notEnded,
  });

  const session = await post(ctx.app, `/api/interviews/${id}/voice-session`);
  const call = connect(session.json().signedUrl);
  await call.opened;
  await call.waitFor(WELCOME);
  call.ws.send(JSON.stringify({ type: 'user_message', text: ANSWER }));
  await call.waitFor(BRAIN_FAILED_LINE);

  const ended = await post(ctx.app, `/api/interviews/${id}/end`);
  expect(ended.statusCode).toBe(200);
  expect(ended.json()).toMatchObject({
    status: 'completed_with_errors',
    evaluation: { error: 'Evaluation failed' },
  });
  expect(ended.json().transcript).toContain(`You: ${ANSWER}`);

  // Still down: the error form is stored again, nothing is lost.
  const stillDown = await post(ctx.app, `/api/interviews/${id}/re-evaluate`);
  expect(stillDown.statusCode).toBe(200);
  expect(stillDown.json().status).toBe('completed_with_errors');

  // Someone else cannot re-run it; a visitor is asked to sign in.
  const other = await registerUser(ctx.app);
  expect((await post(recovered, `/api/interviews/${id}/re-evaluate`, other.cookie)).statusCode).toBe(404);
  expect((await post(recovered, `/api/interviews/${id}/re-evaluate`, '')).statusCode).toBe(401);

  fake.reply(completion(JSON.stringify(modelAnswer)));
  const again = await post(recovered, `/api/interviews/${id}/re-evaluate`);
  expect(again.statusCode).toBe(200);
  expect(again.json()).toMatchObject({
    status: 'completed',
    transcript: ended.json().transcript,
    evaluation: {
      criteria: [
        { name: 'Communication', score: 7 },
        { name: 'Problem Solving', score: 6 },
      ],
    },
  });
  expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain(ANSWER);

  // An admin may re-run anyone's evaluation; then the per-user budget (EVALUATE_RATE_LIMIT=3) runs out.
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, other.user.id));
  // made outside the app, the promotion reaches its session cache as a notification, a moment later
  await expect
    .poll(
      async () =>
        (await recovered.inject({ url: '/api/users', headers: { cookie: other.cookie } })).statusCode,
    )
    .toBe(200);
  expect((await post(recovered, `/api/interviews/${id}/re-evaluate`, other.cookie)).statusCode).toBe(200);
  // the owner's call now has a good evaluation: not scored again for them (409), and the budget counts
  for (let i = 0; i < 2; i++) {
    const kept = await post(recovered, `/api/interviews/${id}/re-evaluate`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(reEvaluateMessages.alreadyEvaluated);
  }
  const limited = await post(recovered, `/api/interviews/${id}/re-evaluate`);
  expect(limited.statusCode).toBe(429);
});

it('refuses a call that ended with nothing said', async () => {
  const { cookie, user } = await registerUser(ctx.app);
  const interviewer = await insertInterviewer(ctx.database.db);
  const headers = { cookie, host };
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/interviews',
    headers,
    payload: {
      type: 'single',
      startTime: new Date().toISOString(),
      interviewerId: interviewer.id,
      userId: user.id,
    },
  });
  const id = created.json().id;
  const ended = await ctx.app.inject({
    method: 'POST',
    url: `/api/interviews/${id}/end`,
    headers,
    payload: {},
  });
  expect(ended.json().status).toBe('failed');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/interviews/${id}/re-evaluate`,
    headers,
    payload: {},
  });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message: reEvaluateMessages.noTranscript });
});
