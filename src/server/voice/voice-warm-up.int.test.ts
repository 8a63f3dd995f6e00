// A call about to begin starts its voice: POST /api/interviews/:id/voice-session warms the
// engines the call will use (here a synthesiser whose start the test controls, the real
// recordings' encoder thread and, with no model configured, the built-in evaluator's thread, which
// scores the call when it ends) without waiting for them, without failing for them, without
// starting a second instance in a burst, and without keeping them past the idle time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../http/types.js';
import { insertInterviewer, postCall, setCredits } from '../modules/calls/call-fixtures.js';
import { evaluatorWorker } from '../modules/evaluation/builtin-evaluator-thread.js';
import type { SpeechSynthesizer } from '../providers/tts/types.js';
import { createTestContext, registerUser, type TestContext, testConfig } from '../test-support/test-app.js';
import { recordingWorker } from './recorder.js';
import { fakeSynthesizer } from './testing.js';

/**
 * how long the worker threads stay without work in this test's app (WORKER_IDLE_MS): longer than a
 * burst of eight sessions takes on a busy machine (at 300 ms, CI's four test projects at once made the
 * burst outlast it, and a thread stopped and started again within it)
 */
const IDLE_MS = 1500;

/** a synthesiser with a slow start: each warm-up waits until the test ends or fails it */
function slowStartingVoice() {
  const starts: { resolve: () => void; reject: (err: Error) => void }[] = [];
  const tts: SpeechSynthesizer = {
    ...fakeSynthesizer(),
    warmUp: () => new Promise<void>((resolve, reject) => starts.push({ resolve, reject })),
  };
  return { tts, starts };
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let ctx: TestContext;
let app: App;
const voice = slowStartingVoice();
const logged: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp(
    {
      ...ctx.deps,
      config: testConfig({ WORKER_IDLE_MS: String(IDLE_MS), LOG_LEVEL: 'warn' }),
      speech: { ...ctx.deps.speech, tts: voice.tts, stt: null },
    },
    { warmVoice: true, logStream: { write: (line: string) => void logged.push(line) } },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

async function openCall() {
  const { cookie, user } = await registerUser(app);
  const interviewer = await insertInterviewer(ctx.database.db);
  await setCredits(ctx.database.db, user.id, 5);
  const created = await postCall(app, { cookie: cookie, userId: user.id }, interviewer.id);
  expect(created.statusCode).toBe(201);
  const interviewId: number = created.json().id;
  return () =>
    app.inject({ method: 'POST', url: `/api/interviews/${interviewId}/voice-session`, headers: { cookie } });
}

describe('POST voice-session warms the call’s voice', () => {
  it('answers at once while the voice starts, starting one instance for a burst of sessions', async () => {
    const voiceSession = await openCall();
    const encoderThreads = recordingWorker.generation;
    const evaluatorThreads = evaluatorWorker.generation;
    const answers = await Promise.all(Array.from({ length: 8 }, () => voiceSession()));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(answers[0].json()).toMatchObject({ provider: 'builtin' });
    // every answer came while the voice was still starting, and only one start was asked for
    expect(voice.starts).toHaveLength(1);
    await until(() => recordingWorker.running, 'the recordings encoder to start');
    expect(recordingWorker.generation).toBe(encoderThreads + 1);
    await until(() => evaluatorWorker.running, 'the evaluator to start');
    expect(evaluatorWorker.generation).toBe(evaluatorThreads + 1);

    voice.starts[0].resolve();
    // nothing holds the warmed threads (no call went live): they stop after the idle time
    await until(() => !recordingWorker.running, 'the idle encoder to stop', IDLE_MS + 10_000);
    expect(recordingWorker.generation).toBe(encoderThreads + 1);
    await until(() => !evaluatorWorker.running, 'the idle evaluator to stop', IDLE_MS + 10_000);
    expect(evaluatorWorker.generation).toBe(evaluatorThreads + 1);
  });

  it('answers 200 when the voice fails to start, and logs why', async () => {
    const voiceSession = await openCall();
    const res = await voiceSession();
    expect(res.statusCode).toBe(200);
    await until(() => voice.starts.length === 2, 'a second start');
    voice.starts[1].reject(new Error('espeak-ng would not load'));
    await until(() => logged.some((l) => l.includes('espeak-ng would not load')), 'the warning');
    const warning = JSON.parse(logged.find((l) => l.includes('espeak-ng would not load')) ?? '{}');
    expect(warning.msg).toBe('voice warm-up: the builtin voice could not start');
    // the next session asks again
    expect((await voiceSession()).statusCode).toBe(200);
    await until(() => voice.starts.length === 3, 'a third start');
    voice.starts[2].resolve();
  });

  it('warms nothing for a refused session', async () => {
    const { cookie } = await registerUser(app);
    const before = voice.starts.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/interviews/999999/voice-session',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 50));
    expect(voice.starts).toHaveLength(before);
  });
});
