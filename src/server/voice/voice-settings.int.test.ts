// The admin's voice settings (Admin → LLM Config → Voice) reach the speech the built-in gateway
// asks for: a call on the gateway with ElevenLabs speech (the synthesiser pointed at a local fake
// of its text-to-speech API) sends stability and similarity boost as voice_settings, and the
// streaming switch picks the streaming or the plain endpoint. Read when each call starts, so a
// change applies to the next call without a restart.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { users } from '../db/schema.js';
import { insertInterviewer, setCredits } from '../modules/calls/call-fixtures.js';
import { updateModelSettings } from '../modules/settings/service.js';
import { createElevenLabsSpeech } from '../providers/tts/elevenlabs.js';
import { createTestContext, registerUser, type TestContext, testConfig } from '../test-support/test-app.js';

type SpeechRequest = { path: string; body: { text: string; voice_settings?: object } };
const requests: SpeechRequest[] = [];
let fake: http.Server;
let ctx: TestContext;
let host = '';

beforeAll(async () => {
  // answers every phrase with a tenth of a second of quiet PCM16 at 16 kHz
  fake = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    requests.push({ path: req.url ?? '', body: JSON.parse(raw) });
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(3200));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
  // the configured voices and model (the defaults), spoken through the fake
  const config = testConfig();
  const tts = createElevenLabsSpeech({
    apiKey: 'xi-test',
    baseUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    model: config.ELEVENLABS_TTS_MODEL,
    voices: { michael: config.ELEVENLABS_VOICE_MICHAEL, sarah: config.ELEVENLABS_VOICE_SARAH },
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
  ctx = await createTestContext({ providers: { speech: { tts } } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  host = `127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((r) => fake.close(r));
});

/** Starts a call, connects to the gateway and waits until the welcome has been asked for. */
async function callAndHearWelcome(): Promise<SpeechRequest> {
  const { cookie, user } = await registerUser(ctx.app);
  const interviewer = await insertInterviewer(ctx.database.db, {
    welcomeMessage: 'Hi, I am Alex. Ready to begin?',
  });
  await setCredits(ctx.database.db, user.id, 5);
  const post = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie, host }, payload });
  const created = await post('/api/interviews', {
    type: 'single',
    startTime: new Date().toISOString(),
    interviewerId: interviewer.id,
    userId: user.id,
  });
  const interviewId: number = created.json().id;
  const session = await post(`/api/interviews/${interviewId}/voice-session`);
  expect(session.json().provider).toBe('builtin');
  const before = requests.length;
  const ws = new WebSocket(`${session.json().signedUrl}?source=js_sdk&version=1.25.0`, ['convai'], {
    headers: { cookie },
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
      resolve();
    });
    ws.once('error', reject);
  });
  try {
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(before), { timeout: 15_000 });
    return requests[before];
  } finally {
    ws.close();
    await post(`/api/interviews/${interviewId}/end`, {});
  }
}

describe("the admin's voice settings on the built-in gateway's ElevenLabs speech", () => {
  it('sends the defaults, then what the admin set, on the next call', async () => {
    const first = await callAndHearWelcome();
    expect(first.path).toBe('/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL/stream?output_format=pcm_16000');
    expect(first.body).toMatchObject({
      text: expect.stringContaining('Alex'),
      voice_settings: { stability: 0.75, similarity_boost: 0.5 },
    });

    const [admin] = await ctx.database.db.select().from(users).limit(1);
    await updateModelSettings(ctx.deps, admin.id, {
      voice: { stability: 0.35, similarityBoost: 0.9, streaming: false },
    });
    const next = await callAndHearWelcome();
    expect(next.path).toBe('/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL?output_format=pcm_16000');
    expect(next.body.voice_settings).toEqual({ stability: 0.35, similarity_boost: 0.9 });
  });
});
