// Compiles the server (src/server and src/shared) to JavaScript in dist/app with tsc, and copies
// what it reads at run time beside the code: the SQL migrations and the worker threads' boot file.
// `npm run build` runs it after the web build; `npm start` runs it when the build is missing or
// older than its sources. Type errors are reported by `npm run typecheck`, not here: the build
// only emits.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/app');

const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--noCheck'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'server/db/migrations'), {
  recursive: true,
});
fs.copyFileSync(path.join(root, 'src/server/workers/boot.mjs'), path.join(out, 'server/workers/boot.mjs'));
fs.writeFileSync(path.join(out, 'BUILT'), `${new Date().toISOString()}\n`);
