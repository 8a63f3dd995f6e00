import type { ServerResponse } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from './security-headers.js';

/** What helmet's own middleware sets on a real-looking response, per request. */
function helmetPerRequest(https: boolean): Record<string, string> {
  const set: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      set[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions({ https }))({} as never, res as unknown as ServerResponse, () => {});
  return set;
}

describe('securityHeaders', () => {
  it('records exactly what helmet sets, once', () => {
    for (const https of [false, true]) expect(securityHeaders({ https })).toEqual(helmetPerRequest(https));
  });

  it('has a script policy without inline scripts, and HSTS only behind https', () => {
    const plain = securityHeaders({ https: false });
    const csp = plain['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com(;|$)/);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['x-content-type-options']).toBe('nosniff');

    const secure = securityHeaders({ https: true });
    expect(secure['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
