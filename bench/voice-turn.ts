// bench/voice-turn: the built-in voice gateway under ten simultaneous calls (scripted interviewer,
// offline espeak-ng voice, embedded PGlite, local recordings), each driven by a WebSocket client
// that behaves like the browser SDK: the microphone streams PCM16 at 16 kHz all the time and the
// caller answers each question by text a moment after it arrives.
// 1. Turn latency: end of the caller's turn (the answer sent) → first audio chunk of the reply,
//    median and p95, measured by the clients. Baseline in the same run: synthesising a typical
//    first clause alone on the warm voice, with no call running, printed as a ratio (what the
//    gateway adds on top of the voice itself). Target: under 150 ms median.
// 2. Server memory per concurrent call (RSS, JS heap and external memory above the idle app with
//    its voice already warm), measured twice during the calls to show it does not grow with length.
import fs from 'node:fs';
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function memory() {
  global.gc?.();
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
const [persona] = await database.db.select().from(interviewers).limit(1);

async function signedUrl(): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/interviews',
    headers: { cookie },
    payload: { type: 'single', startTime: new Date().toISOString(), interviewerId: persona.id, userId },
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
async function runCall(url: string): Promise<CallResult> {
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
  for (let turn = 0; turn < TURNS_PER_CALL; turn++) {
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

const idle = memory();
const urls = await Promise.all(Array.from({ length: CALLS }, signedUrl));
const started = performance.now();
const calls = urls.map((u) => runCall(u));
await sleep(6000);
const early = memory();
await sleep(6000);
const later = memory();
const results = await Promise.all(calls);
const elapsed = (performance.now() - started) / 1000;

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
// external memory counts each call's MP3 encoder's WASM memory as reserved (16 MB), of which
// only the pages in use become resident: RSS is the figure that matters
const per = (m: ReturnType<typeof memory>) =>
  `RSS ${mb((m.rss - idle.rss) / CALLS)}, JS heap ${mb((m.heap - idle.heap) / CALLS)}, external (reserved) ${mb((m.external - idle.external) / CALLS)}`;
console.log(`memory per concurrent call after ~6 s: ${per(early)}`);
console.log(`memory per concurrent call after ~12 s: ${per(later)}  (idle app: RSS ${mb(idle.rss)})`);
console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
