// bench/load: a bounded mixed workload on 127.0.0.1 against a server this script starts itself
// in a child process (the built app via buildApp, on a fresh in-memory PGlite, or on
// DATABASE_URL when set), so the load generator and the server do not share an event loop.
//  - LOAD_USERS (200) virtual users, each signed in, browsing and rating their own calls with a
//    think time of 0..LOAD_THINK_MS (1000) between requests: scenarios, the paginated call list,
//    one call, their account, a rating, and the no-op route as the baseline;
//  - LOAD_CALLS (20) simultaneous built-in voice calls (scripted interviewer, offline espeak-ng
//    voice) over WebSocket, each exchanging typed turns and ended through the API, then another;
//  - for LOAD_SECONDS (90), after LOAD_WARMUP_SECONDS (5) of the same load that is not counted:
//    220 clients connecting at once and a cold JIT are not what a running server sees.
// Prints requests per second, the error count and p50/p95/p99 per route next to /api/noop in
// the same run, and the voice turns (answer sent → whole reply received). Target: no errors and
// p99 under 100 ms for API routes. LOAD_PROFILE=<dir> writes a V8 CPU profile of the server there.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import readline from 'node:readline';
import WebSocket from 'ws';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 90);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const USERS = Number(process.env.LOAD_USERS ?? 200);
const CALLS = Number(process.env.LOAD_CALLS ?? 20);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const CALLS_SEEDED_PER_USER = 12;
const TURNS_PER_CALL = 4;
const TARGET_P99_MS = 100;

type Fixture = {
  port: number;
  browsers: { cookie: string; callIds: number[] }[];
  callers: { cookie: string; userId: number }[];
  interviewerId: number;
};

// ---------------------------------------------------------------- the server (child process)

async function serve() {
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const { openDatabase } = await import('../src/server/db/client.js');
  const { migrateDatabase } = await import('../src/server/db/migrate.js');
  const { interviewers, users } = await import('../src/server/db/schema.js');
  const { seedDatabase } = await import('../src/server/db/seed/index.js');
  const { systemClock } = await import('../src/server/deps.js');
  const { createSession } = await import('../src/server/modules/auth/session-store.js');
  const { seedCalls } = await import('../src/server/modules/interviews/seed-calls.js');
  const { createBlobStore } = await import('../src/server/providers/storage/index.js');
  const { eq } = await import('drizzle-orm');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'load-bench-'));
  const config = loadConfig({
    // production: the speech engine warms up at start as on a real server, and the sweeper runs
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // one virtual user per session: the per-user limits are not what this measures
    VOICE_SESSION_RATE_LIMIT: '10000',
    EVALUATE_RATE_LIMIT: '10000',
  });
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL, poolSize: Number(process.env.LOAD_POOL ?? 20) }
      : {},
  );
  await migrateDatabase(database);
  await seedDatabase(database);
  const { db } = database;
  const run = Date.now().toString(36);
  const makeUser = async (i: number, credits: number) => {
    const [u] = await db
      .insert(users)
      .values({ name: `Load ${i}`, email: `load-${run}-${i}@example.com`, passwordHash: 'x', credits })
      .returning({ id: users.id });
    return { userId: u.id, cookie: `sid=${await createSession(db, u.id, new Date())}` };
  };
  const browsers: Fixture['browsers'] = [];
  for (let i = 0; i < USERS; i++) {
    const { userId, cookie } = await makeUser(i, 1);
    const { completedIds } = await seedCalls(db, { userId, completed: CALLS_SEEDED_PER_USER });
    browsers.push({ cookie, callIds: completedIds });
  }
  const callers: Fixture['callers'] = [];
  for (let i = 0; i < CALLS; i++) callers.push(await makeUser(USERS + i, 100_000));
  const [interviewer] = await db
    .select({ id: interviewers.id })
    .from(interviewers)
    .where(eq(interviewers.isCustomScenario, false))
    .limit(1);

  const app = await buildApp(
    { config, database, clock: systemClock, blobs: await createBlobStore(config) },
    { logger: false },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  // measured calls should not pay the one-off start of the offline synthesiser
  const { createEspeakSynthesizer } = await import('../src/server/providers/tts/espeak.js');
  await createEspeakSynthesizer().warmUp?.();
  const port = (app.server.address() as { port: number }).port;
  const fixture: Fixture = { port, browsers, callers, interviewerId: interviewer.id };
  process.stdout.write(`READY ${JSON.stringify(fixture)}\n`);
  // the event loop's delay is what every request queued behind a long task waits
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // the measured window starts after the warm-up
  process.on('SIGUSR2', () => loopDelay.reset());
  const stop = async () => {
    loopDelay.disable();
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const stats = {
      p50: ms(loopDelay.percentile(50)),
      p99: ms(loopDelay.percentile(99)),
      max: ms(loopDelay.max),
    };
    process.stdout.write(`LOOP ${JSON.stringify(stats)}\n`);
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

// ---------------------------------------------------------------- the load (parent process)

type Sample = { ms: number[]; errors: number; statuses: Map<number, number> };
const samples = new Map<string, Sample>();
const sample = (route: string) => {
  let s = samples.get(route);
  if (!s) {
    s = { ms: [], errors: 0, statuses: new Map() };
    samples.set(route, s);
  }
  return s;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type LoopDelay = { p50: number; p99: number; max: number };

/** CPU time (ms) used so far by one process, or by every PostgreSQL process on this machine. */
function processCpuMs(match: { pid: number } | { comm: string }): number {
  const read = (pid: string) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // utime + stime in clock ticks
  };
  if ('pid' in match) return read(String(match.pid));
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith(match.comm)) total += read(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

async function startServer(): Promise<{
  child: ChildProcess;
  fixture: Fixture;
  loopDelay: Promise<LoopDelay | null>;
}> {
  // node itself (not npx): a signal to it reaches the server, which then closes and cleans up
  const child = spawn(
    process.execPath,
    [
      ...(process.env.LOAD_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.LOAD_PROFILE] : []),
      '--import',
      'tsx',
      import.meta.filename,
      '--serve',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    },
  );
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  let loopDelay: (stats: LoopDelay | null) => void = () => {};
  const fixture = new Promise<Fixture>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)));
      if (line.startsWith('LOOP ')) loopDelay(JSON.parse(line.slice(5)));
    });
    lines.on('close', () => {
      reject(new Error('the server process ended before it was ready'));
      loopDelay(null);
    });
  });
  return {
    child,
    fixture: await fixture,
    loopDelay: new Promise((resolve) => {
      loopDelay = resolve;
    }),
  };
}

async function run() {
  console.log(
    `load: ${USERS} virtual users (think 0-${THINK_MS} ms) + ${CALLS} voice calls for ${SECONDS} s ` +
      `after ${WARMUP_SECONDS} s of warm-up, ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; preparing…`,
  );
  const { child, fixture, loopDelay } = await startServer();
  const base = `http://127.0.0.1:${fixture.port}`;
  const deadline = Date.now() + (WARMUP_SECONDS + SECONDS) * 1000;
  let measuring = false;

  // node's own client on kept-alive connections: fetch (undici) took about twice the CPU per
  // request, and the generator shares this machine's cores with the server it measures
  const agent = new http.Agent({ keepAlive: true });
  const send = (method: string, url: string, cookie: string, body?: object) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const headers: http.OutgoingHttpHeaders = payload
        ? { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
        : { cookie };
      const req = http.request(base + url, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });

  const request = async (
    route: string,
    method: string,
    url: string,
    cookie: string,
    body?: object,
  ): Promise<{ status: number; json: () => Promise<{ id: string; signedUrl: string }> } | null> => {
    const s = sample(route);
    const t0 = performance.now();
    try {
      const res = await send(method, url, cookie, body);
      if (measuring) {
        s.ms.push(performance.now() - t0);
        s.statuses.set(res.status, (s.statuses.get(res.status) ?? 0) + 1);
      }
      if (res.status >= 400) s.errors++;
      return { status: res.status, json: async () => JSON.parse(res.text) };
    } catch {
      s.errors++;
      return null;
    }
  };

  const browse = async (vu: Fixture['browsers'][number]) => {
    await sleep(Math.random() * THINK_MS);
    while (Date.now() < deadline) {
      const callId = vu.callIds[Math.floor(Math.random() * vu.callIds.length)];
      const r = Math.random();
      if (r < 0.2) await request('GET /api/interviewers', 'GET', '/api/interviewers', vu.cookie);
      else if (r < 0.4)
        await request(
          'GET /api/interviews?page',
          'GET',
          `/api/interviews?page=${1 + Math.floor(Math.random() * 2)}&pageSize=10`,
          vu.cookie,
        );
      else if (r < 0.55)
        await request('GET /api/interviews/:id', 'GET', `/api/interviews/${callId}`, vu.cookie);
      else if (r < 0.7) await request('GET /api/user', 'GET', '/api/user', vu.cookie);
      else if (r < 0.8)
        await request('POST /api/interviews/:id/rate', 'POST', `/api/interviews/${callId}/rate`, vu.cookie, {
          callRating: Math.floor(Math.random() * 3),
          evaluationRating: Math.floor(Math.random() * 3),
        });
      else await request('GET /api/noop', 'GET', '/api/noop', vu.cookie);
      await sleep(Math.random() * THINK_MS);
    }
  };

  const turnMs: number[] = [];
  let turnErrors = 0;
  let callsEnded = 0;
  const converse = async (caller: Fixture['callers'][number]) => {
    while (Date.now() < deadline) {
      const created = await request('POST /api/interviews', 'POST', '/api/interviews', caller.cookie, {
        type: 'single',
        startTime: new Date().toISOString(),
        interviewerId: fixture.interviewerId,
        userId: caller.userId,
      });
      if (created?.status !== 201) {
        await sleep(1000);
        continue;
      }
      const id = (await created.json()).id;
      const session = await request(
        'POST /api/interviews/:id/voice-session',
        'POST',
        `/api/interviews/${id}/voice-session`,
        caller.cookie,
      );
      if (session?.status === 200) {
        try {
          await oneCall((await session.json()).signedUrl);
        } catch {
          turnErrors++;
        }
      }
      const ended = await request(
        'POST /api/interviews/:id/end',
        'POST',
        `/api/interviews/${id}/end`,
        caller.cookie,
        {},
      );
      if (ended?.status === 200) callsEnded++;
    }
  };

  /** Waits for the welcome, then answers TURNS_PER_CALL times, each time timing the whole reply. */
  const oneCall = (signedUrl: string) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${signedUrl}?source=js_sdk&version=1.25.0`, ['convai']);
      let replies = 0;
      let sentAt = 0;
      const answer = () => {
        if (replies > TURNS_PER_CALL || Date.now() > deadline) {
          ws.close(1000);
          return;
        }
        setTimeout(() => {
          sentAt = performance.now();
          ws.send(
            JSON.stringify({
              type: 'user_message',
              text: 'I led the launch of a payments flow and cut drop-off by 18 percent in three months.',
            }),
          );
        }, 300);
      };
      ws.on('open', () => ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' })));
      // the audio (about 21 KB per message) is not needed here: parsing it was a large share of the
      // generator's CPU, which this one machine shares with the server
      const audioPrefix = Buffer.from('{"type":"audio"');
      ws.on('message', (data: Buffer) => {
        if (data.subarray(0, audioPrefix.length).equals(audioPrefix)) return;
        const m = JSON.parse(data.toString());
        if (m.type === 'ping') ws.send(JSON.stringify({ type: 'pong', event_id: m.ping_event.event_id }));
        if (m.type !== 'agent_response') return;
        if (replies > 0 && measuring) turnMs.push(performance.now() - sentAt);
        replies++;
        answer();
      });
      ws.on('close', () => resolve());
      ws.on('error', reject);
    });

  const cpuAt = () => ({
    server: processCpuMs({ pid: child.pid as number }),
    postgres: processCpuMs({ comm: 'postgres' }),
    generator: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  // the generator's own lag inflates every figure it measures, so it is reported beside them
  const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
  let cpuBefore = cpuAt();
  let started = performance.now();
  const warmedUp = sleep(WARMUP_SECONDS * 1000).then(() => {
    measuring = true;
    callsEnded = 0;
    child.kill('SIGUSR2');
    generatorDelay.enable();
    cpuBefore = cpuAt();
    started = performance.now();
  });
  await Promise.all([warmedUp, ...fixture.browsers.map(browse), ...fixture.callers.map(converse)]);
  const elapsedMs = performance.now() - started;
  const cpuAfter = cpuAt();
  child.kill('SIGTERM');
  const busy = (k: keyof typeof cpuBefore) =>
    `${((100 * (cpuAfter[k] - cpuBefore[k])) / elapsedMs).toFixed(0)}%`;
  console.log(
    `\nCPU during the run, % of one core (this machine has ${os.availableParallelism()}): ` +
      `server ${busy('server')}, PostgreSQL ${busy('postgres')}, load generator ${busy('generator')}`,
  );
  generatorDelay.disable();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const loop = await loopDelay;
  console.log(
    'event-loop delay (10 ms timer): ' +
      (loop ? `server p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms; ` : '') +
      `load generator p50 ${ms(generatorDelay.percentile(50))} ms, p99 ${ms(generatorDelay.percentile(99))} ms, max ${ms(generatorDelay.max)} ms`,
  );

  report(elapsedMs / 1000, turnMs, turnErrors, callsEnded);
}

function report(elapsed: number, turnMs: number[], turnErrors: number, callsEnded: number) {
  const pct = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
  const f = (n: number) => n.toFixed(1).padStart(7);
  let total = 0;
  let errors = 0;
  const rows = [...samples.entries()].sort(([a], [b]) =>
    a === 'GET /api/noop' ? -1 : b === 'GET /api/noop' ? 1 : a.localeCompare(b),
  );
  console.log(
    `\n${'route'.padEnd(40)} ${'count'.padStart(7)} ${'req/s'.padStart(7)} ${'errors'.padStart(6)}     p50     p95     p99 (ms)`,
  );
  let worstP99 = 0;
  for (const [route, s] of rows) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    total += s.ms.length;
    errors += s.errors;
    const p99 = pct(sorted, 99);
    if (route !== 'GET /api/noop' && !route.endsWith('/end')) worstP99 = Math.max(worstP99, p99);
    const odd = [...s.statuses.entries()].filter(([c]) => c >= 400).map(([c, n]) => `${c}×${n}`);
    console.log(
      `${route.padEnd(40)} ${String(s.ms.length).padStart(7)} ${f(s.ms.length / elapsed)} ${String(s.errors).padStart(6)} ${f(pct(sorted, 50))} ${f(pct(sorted, 95))} ${f(p99)}${odd.length ? `  (${odd.join(', ')})` : ''}`,
    );
  }
  const turns = [...turnMs].sort((a, b) => a - b);
  console.log(
    `${'voice turn (answer → whole reply)'.padEnd(40)} ${String(turns.length).padStart(7)} ${f(turns.length / elapsed)} ${String(turnErrors).padStart(6)} ${f(pct(turns, 50))} ${f(pct(turns, 95))} ${f(pct(turns, 99))}`,
  );
  console.log(
    `\ntotal: ${total} requests in ${elapsed.toFixed(1)} s = ${(total / elapsed).toFixed(1)} req/s, ${errors} errors; ` +
      `${callsEnded} voice calls ended; worst API p99 (without /end, which evaluates) ${worstP99.toFixed(1)} ms ` +
      `(target < ${TARGET_P99_MS} ms: ${worstP99 < TARGET_P99_MS && errors === 0 ? 'met' : 'NOT met'})`,
  );
}

// last, so every constant above is initialised before either side starts
if (process.argv.includes('--serve')) await serve();
else {
  await run();
  process.exit(0);
}
