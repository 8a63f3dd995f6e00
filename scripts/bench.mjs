// `npm run bench [name…]`: runs the benchmarks in bench/ (each prints its own figures).
// Names: bundle (needs `npm run build` first), evaluation, dashboard, voice-turn, load.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const all = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''));
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
let failed = 0;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`no benchmark named ${name} (have: ${all.join(', ')})`);
    failed++;
    continue;
  }
  console.log(`\n=== bench/${name}.ts`);
  const r = spawnSync('npx', ['tsx', `bench/${name}.ts`], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
