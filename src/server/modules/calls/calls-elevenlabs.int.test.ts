// The ElevenLabs voice path against a local fake of its REST API: signed URL with the persona
// as overrides, and at the end the transcript and audio read from ElevenLabs by conversation id.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { interviews, users } from '../../db/schema.js';
import { createElevenLabsConvai } from '../../providers/convai/index.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';
import { updateModelSettings } from '../settings/service.js';
import { insertInterviewer, postCall, storeUtterances } from './call-fixtures.js';

const AGENT = 'agent_test';
const KEY = 'xi-test-key';
const AUDIO = Buffer.from('ID3 fake mp3 bytes of the remote recording');
const CONVERSATIONS: Record<string, object> = {
  conv_remote1: {
    conversation_id: 'conv_remote1',
    agent_id: AGENT,
    status: 'done',
    transcript: [
      { role: 'agent', message: 'Hi, I am Alex. Tell me about yourself.', time_in_call_secs: 0 },
      { role: 'user', message: 'I build payment products and led a launch last year.', time_in_call_secs: 4 },
      { role: 'agent', message: null, time_in_call_secs: 9 },
      { role: 'agent', message: 'What result are you proudest of?', time_in_call_secs: 10 },
      { role: 'user', message: 'Cutting checkout drop-off by 12 percent.', time_in_call_secs: 14 },
    ],
    metadata: { start_time_unix_secs: 1_700_000_000, call_duration_secs: 20 },
  },
  conv_foreign: { conversation_id: 'conv_foreign', agent_id: 'someone_else', status: 'done', transcript: [] },
};

let fake: http.Server;
let signedUrlFails = false;
const seen: { path: string; key: string | undefined }[] = [];
let ctx: TestContext;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    seen.push({ path: url.pathname + url.search, key: req.headers['xi-api-key'] as string | undefined });
    if (req.headers['xi-api-key'] !== KEY) return res.writeHead(401).end('{"detail":"bad key"}');
    const json = (code: number, body: object) =>
      res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/v1/convai/conversation/get-signed-url') {
      if (signedUrlFails) return json(500, { detail: 'boom' });
      if (url.searchParams.get('agent_id') !== AGENT) return json(404, { detail: 'no agent' });
      return json(200, {
        signed_url: `wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${AGENT}&sig=abc`,
      });
    }
    const m = /^\/v1\/convai\/conversations\/([\w-]+)(\/audio)?$/.exec(url.pathname);
    const conv = m ? CONVERSATIONS[m[1]] : undefined;
    if (!conv) return json(404, { detail: 'not found' });
    if (m?.[2]) return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(AUDIO);
    return json(200, conv);
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
  const { port } = fake.address() as AddressInfo;
  ctx = await createTestContext({
    env: { REGISTER_RATE_LIMIT: '1000' },
    providers: {
      convai: createElevenLabsConvai({ apiKey: KEY, agentId: AGENT, baseUrl: `http://127.0.0.1:${port}` }),
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((r) => fake.close(r));
});
beforeEach(async () => {
  signedUrlFails = false;
  seen.length = 0;
  await ctx.reset();
});

async function startCall() {
  const { cookie, user } = await registerUser(ctx.app);
  const interviewer = await insertInterviewer(ctx.database.db);
  const res = await postCall(ctx.app, { cookie: cookie, userId: user.id }, interviewer.id);
  expect(res.statusCode).toBe(201);
  return { cookie, interview: res.json() };
}

const post = (url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('ElevenLabs voice provider', () => {
  it('mints a signed URL with the API key and passes the persona and its ElevenLabs voice as overrides', async () => {
    const { cookie, interview } = await startCall();
    const res = await post(`/api/interviews/${interview.id}/voice-session`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'elevenlabs',
      signedUrl: `wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${AGENT}&sig=abc`,
      overrides: {
        agent: {
          prompt: { prompt: 'You are Alex, a hiring manager interviewing for a product role.' },
          firstMessage: 'Hi, I am Alex. Tell me about yourself.',
        },
        // the admin's voice settings (here the defaults: medium-high stability, medium boost)
        tts: { voiceId: 'EXAVITQu4vr4xnSDxMaL', stability: 0.75, similarityBoost: 0.5 },
      },
    });
    expect(seen).toEqual([{ path: `/v1/convai/conversation/get-signed-url?agent_id=${AGENT}`, key: KEY }]);
  });

  it("passes the admin's current stability and similarity boost to the agent, the next call after a change", async () => {
    const { cookie, interview } = await startCall();
    const [admin] = await ctx.database.db.select().from(users).limit(1);
    await updateModelSettings(ctx.deps, admin.id, { voice: { stability: 0.2, similarityBoost: 0.95 } });
    const res = await post(`/api/interviews/${interview.id}/voice-session`, cookie);
    expect(res.json().overrides.tts).toEqual({
      voiceId: 'EXAVITQu4vr4xnSDxMaL',
      stability: 0.2,
      similarityBoost: 0.95,
    });
  });

  it('answers 502 when ElevenLabs refuses to mint a URL', async () => {
    const { cookie, interview } = await startCall();
    signedUrlFails = true;
    const res = await post(`/api/interviews/${interview.id}/voice-session`, cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/voice service/);
  });

  it('ends the call from the transcript and audio ElevenLabs holds, not from what the browser stored', async () => {
    const { cookie, interview } = await startCall();
    await storeUtterances(ctx.database.db, interview.id, [['user', 'I claim I was brilliant.']]);
    const res = await post(`/api/interviews/${interview.id}/end`, cookie, { conversationId: 'conv_remote1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', conversationId: 'conv_remote1' });
    expect(res.json().transcript).toBe(
      [
        'Alex Rivera: Hi, I am Alex. Tell me about yourself.',
        'You: I build payment products and led a launch last year.',
        'Alex Rivera: What result are you proudest of?',
        'You: Cutting checkout drop-off by 12 percent.',
      ].join('\n'),
    );
    const audio = await ctx.app.inject({
      method: 'GET',
      url: '/api/interviews/audio/conv_remote1',
      headers: { cookie },
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('refuses a conversation of another agent or an unknown one, leaving the call open', async () => {
    const { cookie, interview } = await startCall();
    for (const conversationId of ['conv_foreign', 'conv_missing']) {
      const res = await post(`/api/interviews/${interview.id}/end`, cookie, { conversationId });
      expect([conversationId, res.statusCode]).toEqual([conversationId, 400]);
    }
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row).toMatchObject({ status: 'in_progress', conversationId: null });
  });

  it('refuses a conversation id already attached to another call', async () => {
    const first = await startCall();
    await post(`/api/interviews/${first.interview.id}/end`, first.cookie, { conversationId: 'conv_remote1' });
    const second = await startCall();
    const res = await post(`/api/interviews/${second.interview.id}/end`, second.cookie, {
      conversationId: 'conv_remote1',
    });
    expect(res.statusCode).toBe(409);
  });
});
