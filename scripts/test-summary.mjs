// The arithmetic of `npm test` (scripts/test.mjs), apart from the running, so it is unit-tested
// (test-summary.test.ts): what a run was asked to do, how the reports count, and the closing line.
// A part that could not run (no PostgreSQL, no Chromium, no jscpd binary) is counted as skipped with
// its reason, never left out, so a green line cannot stand for tests that never ran; when the run
// must be complete (CI) such a part fails it.

/** `npm test -- vitest e2e --require-all`: the steps asked for (none: all), and whether every part
 * must run. CI (the CI variable every CI service sets, or `--require-all` from .ci/run) must. */
export function parseArgs(argv, env) {
  const requireAll = argv.includes('--require-all') || isSet(env.CI);
  const only = argv.filter((a) => a !== '--require-all');
  return { only, requireAll };
}

const isSet = (v) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';

/** Totals of a Vitest JSON report (`--reporter=json`). */
export function countVitestReport(report) {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  };
}

/** How many tests of a Vitest JSON report lie in the files `include` accepts (whatever became of
 * them: the pglite project's run says how many tests the postgres project holds in the same files). */
export function countTestsInFiles(report, include) {
  return report.testResults
    .filter((file) => include(file.name))
    .reduce((n, file) => n + file.assertionResults.length, 0);
}

/** Totals of a Playwright JSON report (`PLAYWRIGHT_JSON_OUTPUT_NAME`). */
export function countPlaywrightReport(report) {
  const s = report.stats;
  return { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped };
}

/** The tests of `playwright test --list --reporter=json`: every test of every spec of every
 * suite, nested suites (describe) included. */
export function countPlaywrightList(report) {
  const inSuite = (suite) =>
    (suite.specs ?? []).reduce((n, spec) => n + spec.tests.length, 0) +
    (suite.suites ?? []).reduce((n, child) => n + inSuite(child), 0);
  return (report.suites ?? []).reduce((n, suite) => n + inSuite(suite), 0);
}

/** Adds a run's totals, and each part that did not run as skipped tests. */
export function addUp(runs, notRun) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const r of runs) {
    totals.passed += r.passed;
    totals.failed += r.failed;
    totals.skipped += r.skipped;
  }
  for (const part of notRun) totals.skipped += part.tests ?? 0;
  return totals;
}

/** The closing line the README promises ("Tests: N passed, N failed, N skipped"), with what was
 * not run and why in brackets. A step that failed without failing a test (tsc, Biome, a crash)
 * counts as one failure, so a failed run never reads "0 failed". */
export function summaryLine(totals, notRun, failedSteps) {
  const failed = failedSteps.length && totals.failed === 0 ? failedSteps.length : totals.failed;
  const count = (n) => (n === null || n === undefined ? 'uncounted tests' : `${n} test${n === 1 ? '' : 's'}`);
  const why = notRun.map((p) => `${p.what}, ${count(p.tests)}: ${p.reason}`).join('; ');
  return `Tests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped${why ? ` (${why})` : ''}`;
}

/** The message a complete run (CI) fails with when a part could not run. */
export function requiredMessage(part) {
  return `${part.what} did not run (${part.reason}), and this run must be complete (CI or --require-all): ${part.fix}`;
}
