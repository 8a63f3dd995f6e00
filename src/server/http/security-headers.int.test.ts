// Security headers (issue 12 §5). Behind an https PUBLIC_URL the app sends HSTS and marks the
// session cookie Secure; on plain http (local use, the default) it sends neither, so signing in
// over http://127.0.0.1 still works. Every answer — the web app's HTML and assets, the API, its
// errors and the API docs — carries a Content-Security-Policy whose scripts cannot be inline,
// nosniff, and a protection against being framed by another site.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebTestApp, type WebTestApp } from '../test-support/web-test-app.js';
import type { App } from './types.js';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The real app serving a small built web app of its own. */
const buildWebApp = (env: Record<string, string>): Promise<WebTestApp> =>
  createWebTestApp(
    {
      'index.html':
        '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
      'assets/app.js': 'document.title = "app";',
    },
    env,
  );

let counter = 0;
async function registerAndLogin(app: App) {
  counter += 1;
  const email = `headers${counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const register = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { name: 'Header Tester', email, password, passwordConfirm: password },
  });
  expect(register.statusCode, register.body).toBe(201);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  expect(login.statusCode, login.body).toBe(200);
  return { register, login };
}

/** The cookies register and login set: the session, and the sign-in's known device. */
const SIGN_IN_COOKIES = ['sid', 'known_device'];

/** The raw Set-Cookie line of a cookie (the session's by default), attributes split and lower-cased. */
function sessionCookieAttributes(res: LightMyRequestResponse, name = 'sid') {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = raw.find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${res.statusCode}: ${raw.join(' | ')}`);
  const attrs = line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  return {
    secure: attrs.includes('secure'),
    httpOnly: attrs.includes('httponly'),
    sameSite: attrs.find((a) => a.startsWith('samesite='))?.split('=')[1],
  };
}

function hstsMaxAge(res: LightMyRequestResponse): number | undefined {
  const header = res.headers['strict-transport-security'];
  if (typeof header !== 'string') return undefined;
  const m = /max-age=(\d+)/i.exec(header);
  return m ? Number(m[1]) : undefined;
}

function cspDirectives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  if (typeof header !== 'string') throw new Error(`no CSP on ${res.statusCode} ${res.body.slice(0, 80)}`);
  const map = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

describe('behind an https PUBLIC_URL, on every kind of answer', () => {
  let web: WebTestApp;
  beforeAll(async () => {
    web = await buildWebApp({ PUBLIC_URL: 'https://practice.example.com' });
  });
  afterAll(() => web?.close());

  it('sends Strict-Transport-Security for at least a year on pages and API answers', async () => {
    for (const url of ['/', '/dashboard', '/api/noop', '/api/user']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(hstsMaxAge(res), url).toBeGreaterThanOrEqual(ONE_YEAR_S);
    }
  });

  it('sets the session and device cookies Secure, HttpOnly and SameSite on register and login', async () => {
    const { register, login } = await registerAndLogin(web.app);
    for (const res of [register, login]) {
      for (const name of SIGN_IN_COOKIES) {
        const cookie = sessionCookieAttributes(res, name);
        expect([name, cookie.secure]).toEqual([name, true]);
        expect([name, cookie.httpOnly]).toEqual([name, true]);
        expect(['lax', 'strict']).toContain(cookie.sameSite);
      }
    }
  });

  it('asks the browser to upgrade any http sub-resource to https', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/' });
    expect(cspDirectives(res).has('upgrade-insecure-requests')).toBe(true);
  });

  const requests: { label: string; method: 'GET' | 'POST'; url: string; payload?: object; status: number }[] =
    [
      { label: 'the web app', method: 'GET', url: '/', status: 200 },
      { label: 'a client-side route', method: 'GET', url: '/calls/42', status: 200 },
      { label: 'a hashed asset', method: 'GET', url: '/assets/app.js', status: 200 },
      { label: 'the API docs page', method: 'GET', url: '/api/docs/', status: 200 },
      { label: 'an API answer', method: 'GET', url: '/api/noop', status: 200 },
      { label: 'a signed-out API answer', method: 'GET', url: '/api/user', status: 401 },
      { label: 'an unknown API route', method: 'GET', url: '/api/no-such-route', status: 404 },
      { label: 'a validation error', method: 'POST', url: '/api/login', payload: { email: 1 }, status: 400 },
    ];

  it.each(requests)('$label carries CSP without inline scripts, nosniff and anti-framing', async (r) => {
    const res = await web.app.inject({ method: r.method, url: r.url, payload: r.payload });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(r.status);

    const csp = cspDirectives(res);
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSrc, 'script-src').toBeDefined();
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain('*');
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);

    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const frameAncestors = csp.get('frame-ancestors');
    const xfo = String(res.headers['x-frame-options'] ?? '').toUpperCase();
    expect(frameAncestors).toEqual(["'self'"]);
    expect(['SAMEORIGIN', 'DENY']).toContain(xfo);
  });

  it('serves HTML for the web app and the docs, so the policy reaches real pages', async () => {
    for (const url of ['/', '/api/docs/']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});

describe.each([
  ['no PUBLIC_URL (the default)', {}],
  ['an http PUBLIC_URL', { PUBLIC_URL: 'http://127.0.0.1:3000' }],
])('with %s', (_label, env: Record<string, string>) => {
  let web: WebTestApp;
  beforeAll(async () => {
    web = await buildWebApp(env);
  });
  afterAll(() => web?.close());

  it('sends no HSTS, so a local http server is not pinned to https', async () => {
    for (const url of ['/', '/api/noop']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sets the session and device cookies without Secure (the browser would drop them over http) but HttpOnly and SameSite', async () => {
    const { register, login } = await registerAndLogin(web.app);
    for (const res of [register, login]) {
      for (const name of SIGN_IN_COOKIES) {
        const cookie = sessionCookieAttributes(res, name);
        expect([name, cookie.secure]).toEqual([name, false]);
        expect([name, cookie.httpOnly]).toEqual([name, true]);
        expect(['lax', 'strict']).toContain(cookie.sameSite);
      }
    }
  });

  it('does not ask the browser to upgrade requests to https', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/' });
    expect(cspDirectives(res).has('upgrade-insecure-requests')).toBe(false);
  });
});
