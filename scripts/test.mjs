// `npm test`: everything a fresh machine can run, in order — typecheck, lint, npm audit, unit tests,
// integration tests on embedded PGlite and on a real PostgreSQL (when one answers), and the
// Playwright journeys (when Chromium is installed). Ends with one line: "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- vitest` or `npm test -- e2e`
const want = (step) => only.length === 0 || only.includes(step);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failedSteps.push(label);
  return r.status === 0;
}

function canConnect(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

// the browser's and the server's code on their own (neither may import the other), then everything
if (want('typecheck')) run('typecheck', 'npm', ['run', 'typecheck']);
if (want('lint')) run('lint', 'npx', ['biome', 'check', '.']);
// no high or critical advisory in what ships; an advisory service that cannot be reached is reported, not failed
if (want('audit')) run('audit', 'npx', ['tsx', 'scripts/npm-audit.ts']);

if (want('vitest')) {
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const u = new URL(pgUrl);
  const pgUp = await canConnect(u.hostname, Number(u.port || 5432));
  const projects = ['unit', 'pglite', ...(pgUp ? ['postgres'] : [])];
  if (!pgUp) console.log(`\n! No PostgreSQL answers at ${u.host}: the postgres project is not run.`);
  const out = path.join(tmp, 'vitest.json');
  fs.rmSync(out, { force: true });
  run('vitest', 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  }
}

if (want('e2e')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.log(
      `\n! No Chromium at ${chromium}: the browser journeys are not run (apt-get install chromium).`,
    );
  } else if (
    run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']) &&
    // the journeys run against the compiled server, as `npm start` runs it (e2e/start-server.mjs)
    run('build-server', process.execPath, ['scripts/build-server.mjs'])
  ) {
    const out = path.join(tmp, 'playwright.json');
    fs.rmSync(out, { force: true });
    run('playwright', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    if (fs.existsSync(out)) {
      const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats;
      totals.passed += s.expected + (s.flaky ?? 0);
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
    }
  }
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
