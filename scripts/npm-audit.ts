// `npm run audit`: `npm audit --omit=dev` judged by the rule of issue 12 — no high or critical
// advisory against a package the server or the browser ships. `npm test` runs it as a step.
// The advisory service is a POST to the public registry; a mirror that only serves packages answers
// it with an error (405 here). That is reported as "not checked" rather than as a pass or a failure,
// unless AUDIT_REQUIRED=1, which makes an unreachable service fail too (for a release pipeline).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
type Severity = (typeof SEVERITIES)[number];
const BLOCKING: readonly Severity[] = ['high', 'critical'];

export type AuditVerdict =
  | { kind: 'clean'; counts: Record<Severity, number> }
  | { kind: 'findings'; counts: Record<Severity, number>; packages: string[] }
  | { kind: 'not-checked'; reason: string };

type AuditReport = {
  vulnerabilities?: Record<string, { severity?: string }>;
  metadata?: { vulnerabilities?: Partial<Record<Severity, number>> };
  message?: string;
  error?: { summary?: string; detail?: string } | string;
};

/** Reads what `npm audit --json` printed: a report (npm 7+ format) or the error it met. */
export function judgeAudit(stdout: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return { kind: 'not-checked', reason: 'npm audit printed no report' };
  }
  const totals = report.metadata?.vulnerabilities;
  if (!totals) {
    const err = report.error;
    const detail = typeof err === 'string' ? err : err?.summary || err?.detail;
    return { kind: 'not-checked', reason: report.message || detail || 'npm audit answered without a report' };
  }
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, totals[s] ?? 0])) as Record<Severity, number>;
  const packages = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => BLOCKING.includes(v.severity as Severity))
    .map(([name, v]) => `${name} (${v.severity})`)
    .sort();
  const blocking = BLOCKING.reduce((n, s) => n + counts[s], 0);
  return blocking > 0 ? { kind: 'findings', counts, packages } : { kind: 'clean', counts };
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' });
  const verdict = judgeAudit(run.stdout ?? '');
  const summary = (c: Record<Severity, number>) => SEVERITIES.map((s) => `${c[s]} ${s}`).join(', ');
  switch (verdict.kind) {
    case 'clean':
      console.log(`npm audit --omit=dev: ${summary(verdict.counts)} (no high or critical)`);
      return 0;
    case 'findings':
      console.log(`npm audit --omit=dev: ${summary(verdict.counts)}`);
      for (const p of verdict.packages) console.log(`  ${p}`);
      console.log('High or critical advisories: update or replace these packages (`npm audit` explains).');
      return 1;
    case 'not-checked':
      console.log(`! npm audit --omit=dev could not be run: ${verdict.reason}`);
      console.log(
        '  Not checked: the advisory service did not answer (AUDIT_REQUIRED=1 makes this a failure).',
      );
      return process.env.AUDIT_REQUIRED === '1' ? 1 : 0;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main());
