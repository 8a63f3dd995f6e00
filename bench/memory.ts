// bench/memory: resident memory (RSS) of the server as a self-hoster runs it — the compiled build
// under plain `node` (`npm run build` first; this script builds it when missing) — at the moments
// that matter on a small machine, on the embedded default and on PostgreSQL, beside a bare Fastify
// app measured in the same run; the server serves the web app too (dist/web, built when missing),
// as `npm start` has it:
//   fresh start   first start on an empty data folder (initdb, migrations, seed), idle 8 s after
//   restart       the same data folder again, idle 8 s after its first answer
//   idle          the restarted server after BENCH_IDLE_S more seconds (default 60)
//   20 calls      after 20 calls one after another (typed answers, offline voice, recording)
//   10 at once    during 10 simultaneous calls
//   after calls   idle once the worker threads' idle time has passed after the last call
//                 (the server runs with WORKER_IDLE_MS=BENCH_WORKER_IDLE_MS, default 10000) and
//                 the recogniser's spares have stopped (30 s), read 5 s after that: what a
//                 server keeps for having taken calls
// Each server is a child process; RSS is read from /proc (VmRSS, and VmHWM for the peak): the
// process's whole resident memory, worker threads and WASM included. The main thread's JS heap
// comes from the server itself (an admin's GET /api/health, process.memoryUsage()), read just
// after each moment's RSS. The embedded PostgreSQL
// runs as the server's child processes: their memory is added as PSS (shared pages counted once,
// not once per backend), so each figure is the server's RSS + its descendants' PSS (with Debian's
// pocketsphinx installed, the recogniser's warm spares too, apart: the calls are typed, so none
// decodes). Rows: the embedded default
// (PostgreSQL in a child process, decision 017), embedded PGlite (EMBEDDED_DATABASE=pglite, in the
// server's process), a PostgreSQL server of its own over TCP (its memory not counted), bare Fastify.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a temporary
// database is created there and dropped), over TCP; skipped with a note when none answers.
// BENCH_DATABASES=embedded,pglite,postgres picks the rows (all by default).
// Targets (issue 25): idle RSS <= 200 MB embedded, <= 150 MB on PostgreSQL; first start to first
// answer <= 5 s on a built checkout.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { serverEnv, serverNodeFlags } from '../scripts/server-runtime.mjs';
import { DEFAULT_SPARE_IDLE_MS } from '../src/server/providers/stt/pocketsphinx.js';

const root = path.resolve(import.meta.dirname, '..');
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 60);
const WORKER_IDLE_MS = Number(process.env.BENCH_WORKER_IDLE_MS ?? 10_000);
/** which rows to measure besides the bare app: BENCH_DATABASES=embedded,pglite,postgres (all by default) */
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,pglite,postgres').split(',').map((d) => d.trim());
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };
const TARGETS = { embeddedIdleMb: 200, postgresIdleMb: 150, firstAnswerS: 5 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => Math.round(kb / 1024);

function procKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) : 0;
}

/** Every process below `pid` (the embedded PostgreSQL's postmaster and its backends). */
function descendants(pid: number): number[] {
  let kids: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`))
      kids = kids.concat(
        fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
  } catch {
    return [];
  }
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

function pssKb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // gone meanwhile
  }
}

/** The server's RSS plus its descendants' PSS, and the descendants' part alone. */
function memKb(pid: number): { total: number; children: number } {
  const children = descendants(pid).reduce((sum, p) => sum + pssKb(p), 0);
  return { total: procKb(pid, 'VmRSS') + children, children };
}

/** what a figure is made of: the server's RSS, the embedded PostgreSQL's PSS, pocketsphinx's PSS */
type Parts = { server: number; database: number; recognisers: number };

function partsKb(pid: number): Parts {
  const parts: Parts = { server: procKb(pid, 'VmRSS'), database: 0, recognisers: 0 };
  for (const p of descendants(pid)) {
    let comm = '';
    try {
      comm = fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim();
    } catch {
      continue; // gone meanwhile
    }
    if (comm.startsWith('pocketsphinx')) parts.recognisers += pssKb(p);
    else parts.database += pssKb(p);
  }
  return parts;
}

const total = (p: Parts) => p.server + p.database + p.recognisers;
const partsText = (p: Parts) =>
  `server ${mb(p.server)} + database ${mb(p.database)} + recognisers ${mb(p.recognisers)} MB`;

type Server = { child: ChildProcess; url: string; firstAnswerS: number; admin?: string };

/** the main thread's JS heap, used and total, MB */
type Heap = { used: number; total: number };

/**
 * The server's JS heap as its admin health answer gives it (process.memoryUsage() of the main
 * thread; worker threads' heaps are in the RSS only). Signing in hashes a password (argon2, some
 * 19 MB of native memory): it is read after a moment's RSS, never before.
 */
async function heapOf(server: Server): Promise<Heap> {
  server.admin ??= await signIn(server.url, ADMIN.email, ADMIN.password);
  const { memory } = await api(server.url, server.admin, 'GET', '/api/health');
  return { used: memory.heapUsedMb, total: memory.heapTotalMb };
}

async function startServer(env: Record<string, string>, entry: string[]): Promise<Server> {
  const port = 3400 + Math.floor(Math.random() * 500);
  const started = performance.now();
  // run as `npm start` runs it: glibc's malloc settings and V8's young generation (unless given)
  const child = spawn(process.execPath, [...serverNodeFlags(process.env), ...entry], {
    cwd: root,
    env: {
      ...serverEnv(process.env),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/noop`)).ok) break;
    } catch {}
    await sleep(50);
  }
  return { child, url, firstAnswerS: (performance.now() - started) / 1000 };
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

// ---- a caller, over HTTP and the voice socket, as the browser does ----

async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function api(url: string, cookie: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** One call: start, hear the welcome, answer twice by text, end (evaluated). */
async function oneCall(url: string, cookie: string, userId: number, interviewerId: number) {
  const call = await api(url, cookie, 'POST', '/api/interviews', {
    type: 'single',
    startTime: new Date().toISOString(),
    interviewerId,
    userId,
  });
  const { signedUrl } = await api(url, cookie, 'POST', `/api/interviews/${call.id}/voice-session`);
  const ws = new WebSocket(`${signedUrl}?source=js_sdk&version=bench`, ['convai'], { headers: { cookie } });
  let agentLines = 0;
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString());
    if (m.type === 'ping') ws.send(JSON.stringify({ type: 'pong', event_id: m.ping_event.event_id }));
    if (m.type === 'agent_response') agentLines += 1;
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
  const waitLines = async (n: number) => {
    const deadline = Date.now() + 30_000;
    while (agentLines < n && Date.now() < deadline) await sleep(50);
  };
  await waitLines(1);
  const answers = [
    'I led the checkout redesign: I interviewed twelve merchants, cut the form from nine fields to four, and conversion rose from 61 to 68 percent in six weeks.',
    'I measured it weekly against a holdout group, and when refunds rose I paused the rollout for two days to fix the address check.',
  ];
  for (const [i, text] of answers.entries()) {
    ws.send(JSON.stringify({ type: 'user_message', text }));
    await waitLines(i + 2);
  }
  await api(url, cookie, 'POST', `/api/interviews/${call.id}/end`, {});
  ws.close();
}

async function callsPhase(server: Server) {
  server.admin ??= await signIn(server.url, ADMIN.email, ADMIN.password);
  const { admin } = server;
  const me = await api(server.url, admin, 'GET', '/api/user');
  await api(server.url, admin, 'PATCH', `/api/users/${me.id}`, { credits: 1000 });
  const [persona] = await api(server.url, admin, 'GET', '/api/interviewers');
  for (let i = 0; i < 20; i++) await oneCall(server.url, admin, me.id, persona.id);
  await sleep(2000);
  const after20Parts = partsKb(server.child.pid as number);
  const after20 = total(after20Parts);
  const after20Heap = await heapOf(server);
  let duringParts: Parts | undefined;
  let duringHeap: Heap | undefined;
  const running = Promise.all(
    Array.from({ length: 10 }, () => oneCall(server.url, admin, me.id, persona.id)),
  );
  const sampler = setInterval(() => {
    const now = partsKb(server.child.pid as number);
    if (!duringParts || total(now) > total(duringParts)) duringParts = now;
  }, 200);
  let calling = true;
  const heapSampling = (async () => {
    while (calling) {
      const h = await heapOf(server);
      if (!duringHeap || h.used > duringHeap.used) duringHeap = h;
      await sleep(250);
    }
  })();
  await running;
  calling = false;
  clearInterval(sampler);
  await heapSampling;
  // the recogniser's warm spares stop DEFAULT_SPARE_IDLE_MS after the last call
  await sleep(Math.max(WORKER_IDLE_MS, DEFAULT_SPARE_IDLE_MS) + 5000);
  const afterCallsParts = partsKb(server.child.pid as number);
  return {
    heap: { after20: after20Heap, during10: duringHeap, afterCalls: await heapOf(server) },
    after20,
    during10: duringParts ? total(duringParts) : 0,
    afterCalls: total(afterCallsParts),
    after20Parts,
    duringParts,
    afterCallsParts,
  };
}

type Row = {
  label: string;
  fresh?: number;
  /** seconds from spawn to the first answer: on the empty data folder, and on the restart */
  freshAnswerS?: number;
  firstAnswerS?: number;
  restart: number;
  idle: number;
  /** of `idle`, the server's child processes (the embedded PostgreSQL) */
  idleChildren?: number;
  after20?: number;
  during10?: number;
  /** idle after the calls, once the worker threads' idle time has passed */
  afterCalls?: number;
  after20Parts?: Parts;
  duringParts?: Parts;
  afterCallsParts?: Parts;
  /** the main thread's JS heap at the moments measured (read after their RSS) */
  heap?: Partial<Record<'fresh' | 'idle' | 'after20' | 'during10' | 'afterCalls', Heap>>;
  peak: number;
};

async function measure(label: string, env: Record<string, string>, withCalls: boolean): Promise<Row> {
  const entry = ['dist/app/server/main.js'];
  const fresh = await startServer(env, entry);
  await sleep(8000);
  const freshRss = memKb(fresh.child.pid as number).total;
  const freshHeap = await heapOf(fresh);
  await stop(fresh);
  const server = await startServer(env, entry);
  await sleep(8000);
  const restart = memKb(server.child.pid as number).total;
  await sleep(IDLE_S * 1000);
  const idle = memKb(server.child.pid as number);
  const idleHeap = await heapOf(server);
  const calls = withCalls ? await callsPhase(server) : undefined;
  // the server's own peak, plus its children's at the busiest moment seen
  const peak = Math.max(procKb(server.child.pid as number, 'VmHWM') + idle.children, calls?.during10 ?? 0);
  await stop(server);
  return {
    label,
    fresh: freshRss,
    freshAnswerS: fresh.firstAnswerS,
    firstAnswerS: server.firstAnswerS,
    restart,
    idle: idle.total,
    idleChildren: idle.children,
    ...calls,
    heap: { fresh: freshHeap, idle: idleHeap, ...calls?.heap },
    peak,
  };
}

async function bareFastify(): Promise<Row> {
  const file = path.join(os.tmpdir(), `bare-fastify-${process.pid}.mjs`);
  fs.writeFileSync(
    file,
    `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/api/noop', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`,
  );
  const server = await startServer({}, [file]);
  await sleep(8000);
  const restart = procKb(server.child.pid as number, 'VmRSS');
  const peak = procKb(server.child.pid as number, 'VmHWM');
  await stop(server);
  fs.rmSync(file, { force: true });
  return { label: 'bare Fastify app', firstAnswerS: server.firstAnswerS, restart, idle: restart, peak };
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T | null> {
  const name = `bench_memory_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    console.log(`(no PostgreSQL at ${adminUrl}: the PostgreSQL row is skipped)`);
    return null;
  }
  await client.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}

// ---- run ----

if (!fs.existsSync(path.join(root, 'dist/app/BUILT'))) {
  console.log('building the server (dist/app)…');
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
// and the browser app, which `npm start` builds and the server then serves (its pages and
// assets registered at start: without it the first readings were some 30 MB lower)
if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('building the web app (dist/web)…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
const load = os.loadavg()[0].toFixed(2);
console.log(
  `bench/memory — compiled server under node ${process.version}, ${os.cpus().length} cores, load ${load} at start`,
);
const rows: Row[] = [];
const base = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  WORKER_IDLE_MS: String(WORKER_IDLE_MS),
};
for (const [label, engine, key] of [
  ['embedded PostgreSQL (default)', 'postgres', 'embedded'],
  ['embedded PGlite', 'pglite', 'pglite'],
] as const) {
  if (!DATABASES.includes(key)) continue;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user
  try {
    rows.push(
      await measure(label, { ...base, DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_DATABASE: engine }, true),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-pg-'));
const pgRow = DATABASES.includes('postgres')
  ? await withPostgres((url) =>
      measure('PostgreSQL over TCP', { ...base, DATA_DIR: pgDir, DATABASE_URL: url }, true),
    )
  : null;
fs.rmSync(pgDir, { recursive: true, force: true });
if (pgRow) rows.push(pgRow);
rows.push(await bareFastify());

console.log(
  "\nserver RSS + its child processes' PSS (the embedded PostgreSQL); the PostgreSQL of the TCP row is not counted",
);
const cell = (kb: number | undefined) => (kb === undefined ? '—' : `${mb(kb)} MB`).padStart(9);
console.log(
  `\nRSS (MB)                      first start  restart  idle ${IDLE_S}s  20 calls  10 at once  after calls  peak   first answer (first start / restart)`,
);
for (const r of rows) {
  console.log(
    `${r.label.padEnd(30)}${cell(r.fresh)}${cell(r.restart)}${cell(r.idle)}${cell(r.after20)}${cell(r.during10)}${cell(r.afterCalls).padStart(13)}${cell(r.peak)}   ${r.freshAnswerS === undefined ? '' : `${r.freshAnswerS.toFixed(1)} s / `}${r.firstAnswerS?.toFixed(1) ?? '—'} s`,
  );
}
for (const r of rows)
  if (r.idleChildren)
    console.log(
      `  ${r.label}, idle: server ${mb(r.idle - r.idleChildren)} MB + database ${mb(r.idleChildren)} MB`,
    );
for (const r of rows) {
  if (r.after20Parts) console.log(`  ${r.label}, after 20 calls: ${partsText(r.after20Parts)}`);
  if (r.duringParts) console.log(`  ${r.label}, 10 at once (busiest sample): ${partsText(r.duringParts)}`);
  if (r.afterCallsParts) console.log(`  ${r.label}, after calls: ${partsText(r.afterCallsParts)}`);
}
const heapCell = (h: Heap | undefined) =>
  (h ? `${Math.round(h.used)} / ${Math.round(h.total)}` : '—').padStart(11);
console.log(
  `\nJS heap, main thread (MB used / total)  first start   idle ${IDLE_S}s   20 calls  10 at once  after calls`,
);
for (const r of rows) {
  if (!r.heap) continue;
  const h = r.heap;
  console.log(
    `${r.label.padEnd(38)}${heapCell(h.fresh)}${heapCell(h.idle)}${heapCell(h.after20)}${heapCell(h.during10)}${heapCell(h.afterCalls)}`,
  );
}
const embedded = DATABASES.includes('embedded') ? rows[0] : null;
console.log(
  `\ntargets: ${
    embedded
      ? `idle embedded ${mb(embedded.idle)} MB (<= ${TARGETS.embeddedIdleMb}: ${mb(embedded.idle) <= TARGETS.embeddedIdleMb ? 'met' : 'NOT met'})`
      : 'embedded default not measured'
  }` +
    (pgRow
      ? `, idle PostgreSQL ${mb(pgRow.idle)} MB (<= ${TARGETS.postgresIdleMb}: ${mb(pgRow.idle) <= TARGETS.postgresIdleMb ? 'met' : 'NOT met'})`
      : '') +
    (embedded
      ? `, first answer on restart ${embedded.firstAnswerS?.toFixed(1)} s (<= ${TARGETS.firstAnswerS}: ${(embedded.firstAnswerS ?? 99) <= TARGETS.firstAnswerS ? 'met' : 'NOT met'})` +
        `, on the first start ${embedded.freshAnswerS?.toFixed(1)} s (<= ${TARGETS.firstAnswerS}: ${(embedded.freshAnswerS ?? 99) <= TARGETS.firstAnswerS ? 'met' : 'NOT met'})`
      : ''),
);
console.log(`machine load at the end: ${os.loadavg()[0].toFixed(2)}`);
