// Types of test-summary.mjs (plain JavaScript, so `npm test` runs on node without a compiler).
export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
/** A part of the run this machine could not run; `tests` is null when they could not be counted. */
export interface NotRun {
  what: string;
  tests: number | null;
  reason: string;
  fix: string;
}
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults: { name: string; assertionResults: unknown[] }[];
}
export interface PlaywrightSuite {
  specs?: { tests: unknown[] }[];
  suites?: PlaywrightSuite[];
}
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky?: number };
  suites?: PlaywrightSuite[];
}

export function parseArgs(
  argv: string[],
  env: Record<string, string | undefined>,
): { only: string[]; requireAll: boolean };
export function countVitestReport(report: VitestReport): Totals;
export function countTestsInFiles(report: VitestReport, include: (file: string) => boolean): number;
export function countPlaywrightReport(report: PlaywrightReport): Totals;
export function countPlaywrightList(report: { suites?: PlaywrightSuite[] }): number;
export function addUp(runs: Totals[], notRun: NotRun[]): Totals;
export function summaryLine(totals: Totals, notRun: NotRun[], failedSteps: string[]): string;
export function requiredMessage(part: NotRun): string;
