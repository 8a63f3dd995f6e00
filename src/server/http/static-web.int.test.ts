// `/` answers by session (issue 7): a browser without a valid session gets the build's prerendered
// landing page, a signed-in one the app shell that renders the dashboard. Both are revalidated on
// every visit and vary by cookie, so no cache hands one person's answer to the other.
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../test-support/test-app.js';
import { createWebTestApp } from '../test-support/web-test-app.js';
import { LANDING_FILE, visitorIndexHtml } from './static-web.js';

const SHELL = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
// what a browser without a session gets for any page but /: the app starts signed out, without
// asking /api/user (a 401 the browser would log as an error)
const VISITOR_SHELL = SHELL.replace('<div id="root">', '<div id="root" data-visitor="">');
const LANDING = `<!doctype html><html><head></head><body><div id="root" data-prerendered="visitor"><h1>Practice calls</h1>${'<p>landing</p>'.repeat(200)}</div></body></html>`;

const buildWebApp = (files: Record<string, string | Buffer>) => createWebTestApp(files);

describe('with a prerendered landing page in the build', () => {
  let web: Awaited<ReturnType<typeof buildWebApp>>;
  beforeAll(async () => {
    web = await buildWebApp({
      'index.html': SHELL,
      [LANDING_FILE]: LANDING,
      [`${LANDING_FILE}.br`]: brotliCompressSync(LANDING),
    });
  });
  afterAll(() => web?.close());

  it('sends a visitor the landing page at /, revalidated and varying by cookie', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('data-prerendered="visitor"');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/\bcookie\b/i);
  });

  it('sends the landing page with a query string, and brotli-compressed when accepted', async () => {
    const res = await web.app.inject({
      method: 'GET',
      url: '/?utm_source=mail',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/\bcookie\b/i);
    expect(res.rawPayload.length).toBeLessThan(LANDING.length);
  });

  it('treats an unknown, malformed or expired session cookie as a visitor', async () => {
    for (const cookie of ['sid=not-a-session', `sid=${'x'.repeat(500)}`]) {
      const res = await web.app.inject({ method: 'GET', url: '/', headers: { cookie } });
      expect(res.body, cookie.slice(0, 20)).toContain('data-prerendered="visitor"');
    }
  });

  it('sends a signed-in user the app shell at /, so the dashboard never shows the landing page', async () => {
    const { cookie } = await registerUser(web.app);
    const res = await web.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/\bcookie\b/i);

    await web.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    const after = await web.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(after.body, 'signed out: the session is gone').toContain('data-prerendered="visitor"');
  });

  it("sends the app shell for every other page: marked as a visitor's without a session", async () => {
    const { cookie } = await registerUser(web.app);
    for (const url of ['/scenarios', '/auth', '/dashboard']) {
      const visitor = await web.app.inject({ method: 'GET', url });
      expect(visitor.body, url).toBe(VISITOR_SHELL);
      expect(String(visitor.headers.vary), url).toMatch(/\bcookie\b/i);
      const user = await web.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(user.body, url).toBe(SHELL);
      expect(String(user.headers.vary), url).toMatch(/\bcookie\b/i);
    }
  });
});

describe('with a build that has no prerendered page', () => {
  let web: Awaited<ReturnType<typeof buildWebApp>>;
  beforeAll(async () => {
    web = await buildWebApp({ 'index.html': SHELL });
  });
  afterAll(() => web?.close());

  it('sends the app shell at /', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(VISITOR_SHELL);
  });
});

// The landing page's scripts run on the visitor's first intent: until then its mailto links are
// the HTML's own, so they must name this server's SUPPORT_EMAIL, not the build's default.
describe('with its own SUPPORT_EMAIL', () => {
  const MAIL = '<a href="mailto:support@example.com?subject=Support%20request">Email Us</a>';
  const WITH_MAIL = LANDING.replace('<h1>', `${MAIL}<h1>`).replace('</div>', `${MAIL}</div>`);
  let web: Awaited<ReturnType<typeof buildWebApp>>;
  beforeAll(async () => {
    web = await createWebTestApp(
      {
        'index.html': SHELL,
        [LANDING_FILE]: WITH_MAIL,
        [`${LANDING_FILE}.br`]: brotliCompressSync(WITH_MAIL),
      },
      { SUPPORT_EMAIL: 'help@coach.example' },
    );
  });
  afterAll(() => web?.close());

  it("sends a visitor the landing page with the server's address in every mailto link", async () => {
    const res = await web.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toMatch(/\bcookie\b/i);
    expect(res.body).not.toContain('support@example.com');
    expect(res.body.match(/mailto:help@coach\.example\?subject=Support%20request/g)).toHaveLength(2);
    expect(res.body).toBe(WITH_MAIL.replaceAll('support@example.com', 'help@coach.example'));

    const br = await web.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);

    const again = await web.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('still sends a signed-in user the app shell', async () => {
    const { cookie } = await registerUser(web.app);
    const res = await web.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.body).toBe(SHELL);
  });
});

describe("a visitor's app shell", () => {
  it('leaves out the early /api/user request and its comment, and marks the root', () => {
    const index = `<head>
    <title>x</title>
    <!-- Who is signed in decides what / shows: ask while the scripts download.
         The auth provider's fetch picks this response up. -->
    <link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials" />
  </head><body><div id="root"></div></body>`;
    expect(visitorIndexHtml(index)).toBe(
      '<head>\n    <title>x</title>\n  </head><body><div id="root" data-visitor=""></div></body>',
    );
    expect(visitorIndexHtml('<div id="root">prerendered</div>')).toBeNull();
  });
});
