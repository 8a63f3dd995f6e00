import { describe, expect, it } from 'vitest';
import {
  addUp,
  countPlaywrightList,
  countPlaywrightReport,
  countTestsInFiles,
  countVitestReport,
  type NotRun,
  parseArgs,
  requiredMessage,
  summaryLine,
} from './test-summary.mjs';

const vitestReport = {
  numPassedTests: 7,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 1,
  testResults: [
    { name: '/repo/src/web/a.test.tsx', assertionResults: [{}, {}, {}] },
    { name: '/repo/src/server/b.int.test.ts', assertionResults: [{}, {}, {}, {}] },
    { name: '/repo/src/server/c.int.test.ts', assertionResults: [{}, {}, {}] },
  ],
};

const postgres: NotRun = {
  what: 'postgres project',
  tests: 432,
  reason: 'no database at 127.0.0.1:5432',
  fix: 'start PostgreSQL there, or point TEST_DATABASE_URL at one',
};
const browser: NotRun = {
  what: 'browser journeys',
  tests: 85,
  reason: 'no Chromium at /usr/bin/chromium',
  fix: 'apt-get install chromium, or set CHROMIUM_PATH',
};

describe('npm test arguments', () => {
  it('takes the steps asked for, and requires every part under --require-all or CI', () => {
    expect(parseArgs(['vitest', 'e2e'], {})).toEqual({ only: ['vitest', 'e2e'], requireAll: false });
    expect(parseArgs(['--require-all'], {})).toEqual({ only: [], requireAll: true });
    expect(parseArgs([], { CI: 'true' })).toEqual({ only: [], requireAll: true });
    expect(parseArgs([], { CI: '1' }).requireAll).toBe(true);
  });

  it('does not take an empty or negative CI for CI', () => {
    for (const CI of ['', '0', 'false', 'FALSE', undefined])
      expect(parseArgs([], { CI }).requireAll).toBe(false);
  });
});

describe('counting reports', () => {
  it('counts a Vitest report, todo tests as skipped', () => {
    expect(countVitestReport(vitestReport)).toEqual({ passed: 7, failed: 1, skipped: 2 });
  });

  it('counts the tests of some files of a Vitest report, whatever became of them', () => {
    expect(countTestsInFiles(vitestReport, (f) => f.endsWith('.int.test.ts'))).toBe(7);
    expect(countTestsInFiles(vitestReport, () => false)).toBe(0);
  });

  it('counts a Playwright report, flaky tests that passed on retry as passed', () => {
    expect(countPlaywrightReport({ stats: { expected: 80, unexpected: 2, skipped: 1, flaky: 2 } })).toEqual({
      passed: 82,
      failed: 2,
      skipped: 1,
    });
  });

  it('counts every test of a Playwright listing, in nested suites too', () => {
    const spec = (n: number) => ({ tests: Array.from({ length: n }, () => ({})) });
    const listing = {
      suites: [
        { specs: [spec(1), spec(1)], suites: [{ specs: [spec(1)], suites: [{ specs: [spec(2)] }] }] },
        { specs: [spec(1)] },
        {},
      ],
    };
    expect(countPlaywrightList(listing)).toBe(6);
    expect(countPlaywrightList({})).toBe(0);
  });
});

describe('the closing line', () => {
  it('is the README line when everything ran', () => {
    const totals = addUp([countVitestReport(vitestReport), { passed: 85, failed: 0, skipped: 0 }], []);
    expect(summaryLine(totals, [], ['vitest'])).toBe('Tests: 92 passed, 1 failed, 2 skipped');
  });

  it('counts what did not run as skipped, each part with its count and reason', () => {
    const totals = addUp([{ passed: 866, failed: 0, skipped: 0 }], [postgres, browser]);
    expect(totals).toEqual({ passed: 866, failed: 0, skipped: 517 });
    expect(summaryLine(totals, [postgres, browser], [])).toBe(
      'Tests: 866 passed, 0 failed, 517 skipped (postgres project, 432 tests: no database at 127.0.0.1:5432; ' +
        'browser journeys, 85 tests: no Chromium at /usr/bin/chromium)',
    );
  });

  it('says so when the tests that did not run could not be counted either', () => {
    const part = { ...browser, tests: null };
    expect(summaryLine(addUp([], [part]), [part], [])).toBe(
      'Tests: 0 passed, 0 failed, 0 skipped (browser journeys, uncounted tests: no Chromium at /usr/bin/chromium)',
    );
  });

  it('never reads "0 failed" when a step failed without failing a test', () => {
    const totals = addUp([{ passed: 10, failed: 0, skipped: 0 }], []);
    expect(summaryLine(totals, [], ['typecheck', 'lint'])).toBe('Tests: 10 passed, 2 failed, 0 skipped');
  });

  it('names the part, the reason and the remedy when a complete run lacks it', () => {
    expect(requiredMessage(postgres)).toBe(
      'postgres project did not run (no database at 127.0.0.1:5432), and this run must be complete ' +
        '(CI or --require-all): start PostgreSQL there, or point TEST_DATABASE_URL at one',
    );
  });
});
