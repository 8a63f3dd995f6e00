import { describe, expect, it } from 'vitest';
import { judgeAudit } from './npm-audit.js';

// the shape npm 7+ prints for `npm audit --json` (auditReportVersion 2)
const report = (vulnerabilities: Record<string, { severity: string }>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(
      Object.entries(vulnerabilities).map(([name, v]) => [name, { name, isDirect: false, via: [], ...v }]),
    ),
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
      dependencies: { prod: 313, dev: 0, optional: 1, peer: 0, peerOptional: 0, total: 313 },
    },
  });

describe('npm audit verdict', () => {
  it('passes a report with only low and moderate advisories, and names nothing', () => {
    const verdict = judgeAudit(
      report({ a: { severity: 'low' }, b: { severity: 'moderate' } }, { low: 1, moderate: 1 }),
    );
    expect(verdict).toEqual({
      kind: 'clean',
      counts: { info: 0, low: 1, moderate: 1, high: 0, critical: 0 },
    });
  });

  it('fails on high or critical advisories and names the packages that carry them', () => {
    const verdict = judgeAudit(
      report(
        { minimist: { severity: 'critical' }, semver: { severity: 'high' }, ms: { severity: 'low' } },
        { critical: 1, high: 1, low: 1 },
      ),
    );
    expect(verdict).toEqual({
      kind: 'findings',
      counts: { info: 0, low: 1, moderate: 0, high: 1, critical: 1 },
      packages: ['minimist (critical)', 'semver (high)'],
    });
  });

  it('says the audit was not checked when the advisory service answers an error, or nothing', () => {
    // what npm prints when the registry refuses the advisory request (as the mirror here does)
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    expect(judgeAudit(refused)).toEqual({
      kind: 'not-checked',
      reason: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
    });
    expect(judgeAudit('')).toEqual({ kind: 'not-checked', reason: 'npm audit printed no report' });
  });
});
