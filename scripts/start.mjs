// `npm start`: build the browser app when it is missing or older than its sources, then serve
// everything (API + web) from one process on http://127.0.0.1:3000 (PORT/HOST to change). The server
// runs as compiled JavaScript (dist/app, scripts/build-server.mjs), built here too when stale.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv, serverNodeFlags } from './server-runtime.mjs';

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
// glibc's malloc settings and V8's young generation as scripts/server-runtime.mjs sets them.
const server = spawn(
  process.execPath,
  [...serverNodeFlags(process.env), path.join(root, 'dist/app/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: serverEnv(process.env),
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
