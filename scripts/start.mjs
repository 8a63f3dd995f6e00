// `npm start`: build the browser app when it is missing or older than its sources, then serve
// everything (API + web) from one process on http://127.0.0.1:3000 (PORT/HOST to change). The server
// runs as compiled JavaScript (dist/app, scripts/build-server.mjs), built here too when stale.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['src/web', 'src/shared', 'public'].map((d) => path.join(root, d));
const stale = !fs.existsSync(built) || Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// the server runs compiled (plain node, no TypeScript transpiled at run time); built when missing or stale
const serverBuilt = path.join(root, 'dist/app/BUILT');
const serverSources = ['src/server', 'src/shared'].map((d) => path.join(root, d));
if (
  !fs.existsSync(serverBuilt) ||
  Math.max(...serverSources.map(newestMtime)) > fs.statSync(serverBuilt).mtimeMs
) {
  console.log('Building the server…');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// signals reach the server (Ctrl-C reaches both; its shutdown runs once) and its exit is this one's.
// MALLOC_ARENA_MAX=2 (unless set): glibc gives each thread that allocates (the worker threads of
// the voice, the recordings and the evaluator, libuv's pool) an arena of its own, up to 8 per core,
// and keeps what they freed. With two, bench/memory read 10-15 MB less during and after
// calls (docs/memory.md), the same at idle.
// MALLOC_MMAP_THRESHOLD_=131072 (unless set): glibc otherwise raises that threshold each time a
// large block is freed (up to 32 MB), after which blocks of 128 KB and more (buffers, the worker
// threads' memory) come from the heap and stay with the process once freed; fixed, they are
// mapped and given back. Three runs of bench/memory each: 14 MB less during calls, 15 MB less
// after them (server 144 -> 129 MB); bench/load unchanged. musl and other platforms ignore both.
const server = spawn(process.execPath, [path.join(root, 'dist/app/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
