// bench/voice-turn: the built-in voice gateway under ten simultaneous calls (scripted interviewer,
// offline espeak-ng voice, embedded PGlite, local recordings), each driven by a WebSocket client
// that behaves like the browser SDK: the microphone streams PCM16 at 16 kHz all the time and the
// caller answers each question by text a moment after it arrives.
// 1. Turn latency: end of the caller's turn (the answer sent) → first audio chunk of the reply,
//    median and p95, measured by the clients. Baseline in the same run: synthesising a typical
//    first clause alone on the warm voice, with no call running, printed as a ratio (what the
//    gateway adds on top of the voice itself). Target: under 150 ms median.
// 2. Server memory per concurrent call (RSS, JS heap and external memory above the idle app),
//    measured twice during the calls to show it does not grow with length. The idle baseline is
//    taken after one warm-up call (another persona's voice, so it leaves nothing in the phrase
//    cache the measured calls would find) has run and ended: the voice and the MP3 encoder's
//    threads are then warm, as they are during the calls. Every figure is read after a full
//    garbage collection in every thread (memory() below). RSS is the whole process, the worker
//    threads included; the JS heap and external memory are the main thread's only.
import fs from 'node:fs';
import inspector from 'node:inspector';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { interviewers, users } from '../src/server/db/schema.js';
import { seedDatabase } from '../src/server/db/seed/index.js';
import { buildDeps } from '../src/server/deps.js';
import { sharedEspeak } from '../src/server/providers/tts/espeak.js';
import { warmDialogue } from '../src/server/voice/engines/dialogue/index.js';
import type { ServerMessage } from '../src/server/voice/protocol.js';
import { micFrames, silence } from '../src/server/voice/testing.js';

const CALLS = 10;
const TURNS_PER_CALL = 8;
const ANSWERS = [
  'Yes, I am ready.',
  'I launched a payments onboarding flow that cut drop-off by 18 percent within three months.',
  'We measured activation weekly and interviewed twenty merchants to understand why they left.',
  'I would start with the funnel data, then talk to customers, then test the riskiest assumption first.',
];
const TARGET_MS = 150;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A full garbage collection in every thread, through the inspector (in-process, no port): the
 * main thread and each worker thread (the voice, the MP3 encoder) collect their own garbage only
 * when they choose, which would move RSS by tens of MB some seconds later (global.gc, undefined
 * under tsx anyway, reaches only the main thread). Done twice with a pause between: the memory of
 * dead ArrayBuffers and WASM instances (PGlite's start-up leaves hundreds of MB) is given back by a
 * later sweep.
 */
const inspectorSession = new inspector.Session();
inspectorSession.connect();
const inspect = (method: string, params: object = {}) =>
  new Promise<void>((resolve, reject) =>
    inspectorSession.post(method, params, (err) => (err ? reject(err) : resolve())),
  );
/** the inspector's session id of each worker thread running */
const threads = new Set<string>();
const threadAnswers = new Map<number, () => void>();
let nextMessage = 1;
inspectorSession.on('NodeWorker.attachedToWorker', (m) => threads.add(m.params.sessionId));
inspectorSession.on('NodeWorker.detachedFromWorker', (m) => threads.delete(m.params.sessionId));
inspectorSession.on('NodeWorker.receivedMessageFromWorker', (m) => {
  const { id } = JSON.parse(m.params.message) as { id?: number };
  if (id === undefined) return;
  threadAnswers.get(id)?.();
  threadAnswers.delete(id);
});
await inspect('NodeWorker.enable', { waitForDebuggerOnStart: false });

function collectInThread(sessionId: string): Promise<void> {
  const id = nextMessage++;
  const answered = new Promise<void>((resolve) => threadAnswers.set(id, resolve));
  const message = JSON.stringify({ id, method: 'HeapProfiler.collectGarbage' });
  // a thread that ends meanwhile never answers
  return Promise.race([
    answered,
    inspect('NodeWorker.sendMessageToWorker', { sessionId, message }).then(() => sleep(2000)),
  ]);
}

/** RSS (the whole process, threads included) and the main thread's heap, after collecting */
async function memory() {
  // idle worker threads do not keep the process alive, nor does the inspector
  const keepAlive = setInterval(() => {}, 1000);
  for (let i = 0; i < 2; i++) {
    await Promise.all([inspect('HeapProfiler.collectGarbage'), ...[...threads].map(collectInThread)]);
    await sleep(50);
  }
  clearInterval(keepAlive);
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, external: m.external };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-bench-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const database = await openDatabase({});
await migrateDatabase(database);
await seedDatabase(database);
const app = await buildApp(await buildDeps(config, database), { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const espeak = await sharedEspeak();
await espeak.ready();
const synthTimes: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  await espeak.speak('Got it, thank you.', 'en-us+m3');
  synthTimes.push(performance.now() - t);
}
synthTimes.sort((a, b) => a - b);

const register = await app.inject({
  method: 'POST',
  url: '/api/register',
  payload: {
    name: 'Bench',
    email: 'bench@example.com',
    password: 'correct horse battery',
    passwordConfirm: 'correct horse battery',
  },
});
const cookie = `sid=${register.cookies.find((c) => c.name === 'sid')?.value}`;
const userId: number = register.json().id;
await database.db.update(users).set({ credits: 1000 }).where(eq(users.id, userId));
const personas = await database.db.select().from(interviewers);
const [persona] = personas;
const warmUpPersona = personas.find((p) => p.voiceId !== persona.voiceId) ?? persona;

async function signedUrl(interviewerId = persona.id): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/interviews',
    headers: { cookie },
    payload: { type: 'single', startTime: new Date().toISOString(), interviewerId, userId },
  });
  const id = created.json().id;
  const session = await app.inject({
    method: 'POST',
    url: `/api/interviews/${id}/voice-session`,
    headers: { cookie, host },
  });
  return session.json().signedUrl;
}

type CallResult = { latencies: number[] };

/** One caller: streams silence from the microphone and answers each agent line by text. */
async function runCall(url: string, turns = TURNS_PER_CALL): Promise<CallResult> {
  const ws = new WebSocket(`${url}?source=js_sdk&version=bench`, ['convai']);
  const result: CallResult = { latencies: [] };
  let lastAgentEvent = 0;
  let answeredAt: number | null = null;
  let replies = 0;
  let waiting: { after: number; resolve: () => void } | null = null;
  /** resolves once the agent has started its reply number `n` (counting the welcome as 1) */
  const replyNumber = (n: number) =>
    new Promise<void>((resolve) => {
      if (replies >= n) resolve();
      else waiting = { after: n, resolve };
    });
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as ServerMessage;
    const now = performance.now();
    if (m.type === 'ping') ws.send(JSON.stringify({ type: 'pong', event_id: m.ping_event.event_id }));
    if (m.type === 'audio' && m.audio_event.event_id > lastAgentEvent) {
      lastAgentEvent = m.audio_event.event_id;
      if (answeredAt !== null) result.latencies.push(now - answeredAt);
      answeredAt = null;
      replies += 1;
      if (waiting && replies >= waiting.after) waiting.resolve();
    }
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
  const frames = micFrames(silence(0.1));
  const mic = setInterval(() => ws.send(JSON.stringify(frames[0])), 100);
  await replyNumber(1);
  for (let turn = 0; turn < turns; turn++) {
    // the caller listens for a moment before answering, so the ten calls' turns interleave
    await sleep(600 + Math.random() * 900);
    answeredAt = performance.now();
    ws.send(JSON.stringify({ type: 'user_message', text: ANSWERS[turn % ANSWERS.length] }));
    await replyNumber(turn + 2);
  }
  clearInterval(mic);
  ws.close();
  return result;
}

// the idle app before any call (the voice already warm from the baseline above), then the idle
// baseline: after one short call has started the threads a call uses, and has ended
const cold = await memory();
// what the server's voice warm-up does as a call is about to begin (off under NODE_ENV=test): the
// persona's dialogue engine compiled, as it is for every call after a server's first
await warmDialogue();
await runCall(await signedUrl(warmUpPersona.id), 2);
while (app.liveCalls.size > 0) await sleep(50);
await sleep(1000);
const idle = await memory();
const urls = await Promise.all(Array.from({ length: CALLS }, () => signedUrl()));
const started = performance.now();
const calls = urls.map((u) => runCall(u));
await sleep(6000);
const early = await memory();
await sleep(6000);
const later = await memory();
const results = await Promise.all(calls);
const elapsed = (performance.now() - started) / 1000;
while (app.liveCalls.size > 0) await sleep(50);
await sleep(1000);
const after = await memory();

const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
const median = percentile(latencies, 50);
const synthMedian = percentile(synthTimes, 50);
console.log(`${CALLS} simultaneous calls, ${latencies.length} answered turns in ${elapsed.toFixed(1)} s`);
console.log(
  `turn latency (answer → first agent audio): median ${median.toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms` +
    `  [target < ${TARGET_MS} ms median: ${median < TARGET_MS ? 'met' : 'NOT met'}]`,
);
console.log(
  `baseline (first clause synthesised alone, no calls running): median ${synthMedian.toFixed(1)} ms; turn latency is ${(median / synthMedian).toFixed(1)}× the baseline`,
);
// RSS is the figure that matters: it is the whole process, the voice's and the encoders' worker
// threads included (each call's MP3 encoder lives in its thread; heap and external are only the
// main thread's)
const per = (m: Awaited<ReturnType<typeof memory>>) =>
  `RSS ${mb((m.rss - idle.rss) / CALLS)}, JS heap ${mb((m.heap - idle.heap) / CALLS)}, external ${mb((m.external - idle.external) / CALLS)}`;
console.log(
  `idle app, after GC: RSS ${mb(cold.rss)} before any call; ${mb(idle.rss)} (JS heap ${mb(idle.heap)}) once one call has run and ended, its voice and encoder threads warm (the baseline below)`,
);
console.log(`memory per concurrent call after ~6 s: ${per(early)}  (RSS ${mb(early.rss)} in all)`);
console.log(`memory per concurrent call after ~12 s: ${per(later)}  (RSS ${mb(later.rss)} in all)`);
console.log(`idle app once the calls have ended, after GC: RSS ${mb(after.rss)}`);
console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
