// `npm test`: everything a fresh machine can run — typecheck, lint (Biome, the import layers,
// duplicate code) and npm audit beside the build, then the unit tests and the integration tests on
// embedded PGlite and on a real PostgreSQL, then the Playwright journeys in the system Chromium. Ends with one line:
// "Tests: N passed, N failed, N skipped (what did not run: why)". A part this machine cannot run
// (no PostgreSQL answers, no Chromium) is counted as skipped, test by test; under CI (the CI
// variable, or `--require-all`, which .ci/run passes) it fails the run instead.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromiumPath } from './chromium-path.mjs';
import {
  addUp,
  countPlaywrightList,
  countPlaywrightReport,
  countTestsInFiles,
  countVitestReport,
  parseArgs,
  requiredMessage,
  summaryLine,
} from './test-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
// e.g. `npm test -- vitest` or `npm test -- e2e`; `--require-all` (or CI set): nothing may be skipped
const { only, requireAll } = parseArgs(process.argv.slice(2), process.env);
const want = (...steps) => only.length === 0 || steps.some((s) => only.includes(s));

const runs = []; // totals of each report
const notRun = []; // { what, tests, reason, fix }: parts this machine could not run
const failedSteps = [];
const stepTimes = []; // "label 12 s": how long each step took, printed at the end

/**
 * Runs a step beside others: its output is held and printed whole when it ends, so two steps
 * running at once do not interleave their lines (`stream`: its lines as they come, for the one step
 * printing while it runs). Resolves to whether it passed.
 */
function run(label, cmd, args, env = {}, { stream = false } = {}) {
  const started = performance.now();
  if (stream) console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')} (its lines as they come)`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: stream ? 'inherit' : 'pipe',
    });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('error', (err) => out.push(Buffer.from(String(err))));
    child.on('close', (status) => {
      if (!stream) console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(out));
      stepTimes.push(`${label} ${Math.round((performance.now() - started) / 1000)} s`);
      if (status !== 0) failedSteps.push(label);
      resolve(status === 0);
    });
  });
}

/** Runs a command for its output alone (listing tests, probing a tool): nothing on the screen. */
function quiet(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
}

function readJson(file) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

function cannotRun(part) {
  notRun.push(part);
  console.log(`\n! ${part.what} not run: ${part.reason}.`);
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

// The checks that read the code (each mostly one core) run beside the build of the browser's and
// the server's code the journeys need (Vite, esbuild): on a 2-core machine the two chains overlap.
async function checkTheCode() {
  // the browser's and the server's code on their own (neither may import the other), then everything
  if (want('typecheck')) await run('typecheck', 'npm', ['run', 'typecheck']);
  if (want('lint')) await run('lint', 'npx', ['biome', 'check', '.']);
  // imports run downhill (the layers in docs/architecture.md)
  if (want('lint', 'imports') && scripts['lint:imports'])
    await run('imports', 'npm', ['run', '--silent', 'lint:imports']);
  if (want('lint', 'dup')) {
    // jscpd is a native binary in a per-platform optional package; a machine without it cannot check
    if (quiet('npx', ['jscpd', '--version']).status === 0)
      await run('dup', 'npm', ['run', '--silent', 'lint:dup']);
    else
      cannotRun({
        what: 'duplicate check',
        tests: 1,
        reason: `jscpd has no binary for ${process.platform}-${process.arch} in node_modules`,
        fix: `install jscpd's optional platform package for this machine (jscpd-${process.platform}-…)`,
      });
  }
  // no high or critical advisory in what ships; an advisory service that cannot be reached is reported, not failed
  if (want('audit')) await run('audit', 'npx', ['tsx', 'scripts/npm-audit.ts']);
}

const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const chromium = chromiumPath();
const journeysWanted = want('e2e') && fs.existsSync(chromium);
/** the web app and the server compiled, as `npm start` runs them, for the journeys */
const buildForJourneys = async () =>
  journeysWanted &&
  (await run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) &&
  // the journeys run against the compiled server, as `npm start` runs it (e2e/start-server.mjs)
  (await run('build-server', process.execPath, ['scripts/build-server.mjs']));
const [, built] = await Promise.all([checkTheCode(), buildForJourneys()]);

// The unit and integration tests, then the browser journeys, one after the other, each printing
// its lines as they come: run at once on this 2-core machine, Vitest took 958 s instead of 454 and
// timed out in two files (both are CPU-bound here; 29 Nov).
async function testTheParts() {
  if (!want('vitest')) return;
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const u = new URL(pgUrl);
  const pgUp = await canConnect(u.hostname, Number(u.port || 5432));
  const projects = ['unit', 'web', 'pglite', ...(pgUp ? ['postgres'] : [])];
  const out = path.join(tmp, 'vitest.json');
  fs.rmSync(out, { force: true });
  await run(
    'vitest',
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    {},
    { stream: true },
  );
  const report = readJson(out);
  if (report) runs.push(countVitestReport(report));
  if (!pgUp) {
    cannotRun({
      what: 'postgres project',
      tests: countPostgresTests(report),
      reason: `no database at ${u.host}`,
      fix: 'start PostgreSQL there, or point TEST_DATABASE_URL at one',
    });
  }
}

/** The tests the postgres project holds: the integration files it shares with the pglite project
 * (counted in that project's report, when there is one) and the PostgreSQL-only *.pg.int.test.ts
 * files, collected without running (TEST_COLLECT_ONLY: no template to build, no server needed). */
function countPostgresTests(pgliteReport) {
  const pgOnly = (f) => /\.pg\.int\.test\.tsx?$/.test(f);
  const shared = (f) => /\.int\.test\.tsx?$/.test(f) && !pgOnly(f);
  const files = pgliteReport
    ? fs
        .readdirSync(path.join(root, 'src'), { recursive: true })
        .filter((f) => pgOnly(f))
        .map((f) => path.join('src', f))
    : [];
  if (pgliteReport && files.length === 0) return countTestsInFiles(pgliteReport, shared);
  const list = path.join(tmp, 'vitest-postgres-list.json');
  fs.rmSync(list, { force: true });
  const r = quiet('npx', ['vitest', 'list', '--project', 'postgres', `--json=${list}`, ...files], {
    TEST_COLLECT_ONLY: '1',
  });
  const listed = r.status === 0 ? readJson(list) : null;
  if (!listed) return null;
  return listed.length + (pgliteReport ? countTestsInFiles(pgliteReport, shared) : 0);
}

async function runTheJourneys() {
  if (!want('e2e')) return;
  const journeys = () => {
    const r = quiet('npx', ['playwright', 'test', '--list', '--reporter=json']);
    try {
      return r.status === 0 ? countPlaywrightList(JSON.parse(r.stdout)) : null;
    } catch {
      return null;
    }
  };
  if (!journeysWanted) {
    cannotRun({
      what: 'browser journeys',
      tests: journeys(),
      reason: `no Chromium at ${chromium}`,
      fix: 'apt-get install chromium, or set CHROMIUM_PATH',
    });
  } else if (built) {
    const out = path.join(tmp, 'playwright.json');
    fs.rmSync(out, { force: true });
    await run(
      'playwright',
      'npx',
      ['playwright', 'test'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
      { stream: true },
    );
    const report = readJson(out);
    if (report) runs.push(countPlaywrightReport(report));
  } else {
    // the build failed (a failed step already): its journeys are counted, not forgotten
    notRun.push({
      what: 'browser journeys',
      tests: journeys(),
      reason: 'the build failed',
      fix: 'fix the build (see above)',
    });
  }
}

await testTheParts();
await runTheJourneys();

if (requireAll) {
  for (const part of notRun) {
    console.log(`\n✗ ${requiredMessage(part)}`);
    failedSteps.push(part.what);
  }
}
console.log(`\nStep times: ${stepTimes.join(', ')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${summaryLine(addUp(runs, notRun), notRun, failedSteps)}`);
process.exit(failedSteps.length ? 1 : 0);
