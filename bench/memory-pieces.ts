// bench/memory-pieces: where the idle server's resident memory goes. Each piece of the embedded
// default is started alone in a fresh `node` process from the compiled build (dist/app; built when
// missing) and measured after BENCH_IDLE_S seconds (default 10) of idle, beside a bare node and the
// whole server measured the same way from inside its own process:
//   rss, anon, file   /proc/self/status VmRSS, RssAnon (heap, WASM memories, malloc) and RssFile
//                     (the node binary and libraries mapped from disk, shared with other processes)
//   heap, external    process.memoryUsage(): the JS heap in use, and memory held outside it by
//                     JS objects (ArrayBuffers, WASM memories count here)
//   wasm              the size of the piece's WebAssembly memory, where it can be reached
// A worker thread's own heap and WASM memory are not visible from the main thread: the worker
// pieces are read as the difference to the bare node process.
// Docs: docs/memory.md (the table there comes from this script and bench/memory.ts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/app/server');
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Sample = { rss: number; anon: number; file: number; heap: number; external: number; wasm?: number };

/**
 * The measuring tail of every piece: after the idle period, one JSON line on stdout, then exit.
 * `wasm` is a global the piece may set to a function returning its WebAssembly memory's bytes.
 */
const MEASURE = `
const status = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8');
const kb = (f) => Number(new RegExp('^' + f + ':\\\\s+(\\\\d+) kB', 'm').exec(status)?.[1] ?? 0);
const u = process.memoryUsage();
const MB = 1024 * 1024;
process.stdout.write(JSON.stringify({
  rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024,
  heap: u.heapUsed / MB, external: u.external / MB,
  wasm: globalThis.wasmBytes ? globalThis.wasmBytes() / MB : undefined,
}) + '\\n');
process.exit(0);
`;

function run(label: string, body: string, env: Record<string, string> = {}): Promise<[string, Sample]> {
  const script = `${body}\nawait new Promise((r) => setTimeout(r, ${IDLE_S * 1000}));\n${MEASURE}`;
  // a file, not `node -e`: worker threads inherit the flags, and `--input-type` breaks them. Inside
  // the checkout so that the pieces' packages resolve from its node_modules.
  const file = path.join(root, 'dist', `.memory-piece-${process.pid}.mjs`);
  fs.writeFileSync(file, script);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      fs.rmSync(file, { force: true });
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve([label, JSON.parse(line)]);
      } catch {
        reject(new Error(`${label}: exited ${code} without a measurement (${out.slice(-300)})`));
      }
    });
  });
}

const mod = (p: string) => JSON.stringify(path.join(dist, p));

/** PGlite on a data folder the server migrated, with the given settings; a query, then idle. */
const pglite = (dir: string, settings: string) => `
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const { PGLITE_CONF } = await import(${mod('db/client.js')});
const db = new PGlite(${JSON.stringify(dir)}, { extensions: { pg_trgm }, ${settings} });
await db.waitReady;
await db.query('select count(*) from interviews');
await db.query("select id from interviews where transcript ilike '%a%' limit 10");
globalThis.wasmBytes = () => db.mod.HEAPU8.byteLength;
`;

/** The whole server started from inside this process (main.js listens when imported). */
const wholeServer = `
process.env.PORT = String(3900 + Math.floor(Math.random() * 90));
process.env.HOST = '127.0.0.1';
void import(${mod('main.js')});
// the idle period starts at the first answer (a first start on a busy machine takes a while)
for (;;) {
  try {
    if ((await fetch('http://127.0.0.1:' + process.env.PORT + '/api/noop')).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}
`;

// ---- run ----

if (!fs.existsSync(path.join(root, 'dist/app/BUILT'))) {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
console.log(
  `bench/memory-pieces — node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)} at start, idle ${IDLE_S} s per piece`,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pieces-'));
const serverEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
const rows: [string, Sample][] = [];
try {
  // the first start makes the data folder (initdb, migrations, seed) the other pieces open
  rows.push(await run('whole server, embedded, first start', wholeServer, serverEnv));
  rows.push(await run('whole server, embedded, restart', wholeServer, serverEnv));
  // the same server on PostgreSQL over TCP (a temporary database), when one answers
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  const name = `bench_pieces_${process.pid}`;
  if (
    await admin.connect().then(
      () => true,
      () => false,
    )
  ) {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pgEnv = { DATA_DIR: path.join(dataDir, 'pg-app'), DATABASE_URL: url.toString() };
    try {
      await run('(migrating)', wholeServer, pgEnv);
      rows.push(await run('whole server, PostgreSQL over TCP, restart', wholeServer, pgEnv));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  rows.push(await run('bare node', ''));
  const pgdir = path.join(dataDir, 'pglite');
  rows.push(await run('PGlite, PostgreSQL defaults', pglite(pgdir, '')));
  rows.push(
    await run('PGlite, shared_buffers 16MB (PGLITE_CONF)', pglite(pgdir, 'postgresqlconf: PGLITE_CONF')),
  );
  // initialMemory below 128 MB is refused: PGlite's WASM module declares 2048 pages (128 MB) as
  // its minimum ("memory import 0 is smaller than initial 2048"), so there is nothing to lower there
  rows.push(
    await run(
      'fvad (turn detector module + 1 detector)',
      `const { TurnDetector } = await import(${mod('voice/turn-detector.js')});
globalThis.keep = new TurnDetector({ sampleRate: 16000 });`,
    ),
  );
  rows.push(
    await run(
      'espeak worker, warm + 1 phrase',
      `const { createEspeakSynthesizer } = await import(${mod('providers/tts/espeak.js')});
const tts = createEspeakSynthesizer();
await tts.warmUp();
for await (const _ of tts.synthesize('Tell me about a project you led.', 'michael', new AbortController().signal)) {}`,
    ),
  );
  rows.push(
    await run(
      'MP3 worker, 1 recording of 5 s',
      `const { recordingWorker } = await import(${mod('voice/recorder.js')});
await recordingWorker.call('open', { id: 1, sampleRate: 16000 });
await recordingWorker.call('encode', { id: 1, pcm: new Float32Array(80000) });
await recordingWorker.call('finish', { id: 1 });`,
    ),
  );
  rows.push(
    await run(
      'evaluator NLP model (wink) loaded',
      `const nlp = await import(${mod('modules/evaluation/nlp.js')}); nlp.warmUp?.();`,
    ),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const bare = rows.find(([l]) => l === 'bare node')?.[1] as Sample;
const f = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(0)).padStart(7);
console.log(`\n${'MB'.padEnd(46)}    rss   +bare   anon   file   heap extern   wasm`);
for (const [label, s] of rows) {
  console.log(
    `${label.padEnd(46)}${f(s.rss)}${f(s.rss - bare.rss)}${f(s.anon)}${f(s.file)}${f(s.heap)}${f(s.external)}${f(s.wasm)}`,
  );
}
console.log(`machine load at the end: ${os.loadavg()[0].toFixed(2)}`);
