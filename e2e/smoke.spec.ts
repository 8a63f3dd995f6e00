import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, signUp } from './support/practice';

// The built app is served by the real server: the page loads its scripts under the CSP and the
// API answers beside it.
test('the app loads in the browser without console errors', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    // A visitor's GET /api/user answers 401 by design (spec §7: "401 means not signed in"); the
    // browser logs every 4xx resource, so that one line is expected.
    const visitorCheck = msg.location().url.endsWith('/api/user') && msg.text().includes('401');
    if (msg.type() === 'error' && !visitorCheck) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  // a visitor learns whether the service is up, nothing about the database or providers
  expect(await health.json()).toEqual({ status: 'ok' });
  expect(errors).toEqual([]);
});

/** Every console error and uncaught exception of the page (React reports hydration mismatches there). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Runs before the page's HTML is parsed: keeps the first hero heading the parser creates. */
function keepFirstHero() {
  const w = window as unknown as { firstHero?: Element };
  new MutationObserver(() => {
    w.firstHero ??= document.getElementById('hero-title') ?? undefined;
  }).observe(document, { childList: true, subtree: true });
}

// `/` for a visitor is the build's prerendered landing page (issue 7): its content is in the HTML
// itself, and the scripts hydrate that markup instead of drawing the page again.
for (const theme of ['dark', 'light'] as const) {
  test(`a visitor gets the landing page in the HTML, hydrated without errors or a second render (${theme})`, async ({
    page,
    request,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
    const html = await (await request.get('/')).text();
    expect(html).toContain('data-prerendered="visitor"');
    expect(html).toMatch(/<h1[^>]*id="hero-title"[^>]*>Practice calls with/);
    expect(html).toContain('Sample Scenarios');
    // How It Works has its pictures before any script runs (what /api/how-it-works-images answers)
    const images = (await (await request.get('/api/how-it-works-images')).json()) as Record<string, string>;
    for (const src of Object.values(images)) expect(html).toContain(`src="${src}"`);
    expect(html).not.toContain('href="/api/user"');
    // the app's chunks run on the visitor's first intent, not with the page: the one script the page
    // names is the entry, and the app's addresses are only data for its idle prefetch
    expect(html).not.toContain('modulepreload');
    expect(html.match(/<script type="module"[^>]*src="([^"]+)"/g)).toHaveLength(1);
    expect(html).toMatch(/<script type="application\/json" id="app-chunks">\["\/assets\/start-app-/);

    const errors = collectErrors(page);
    const asked: string[] = [];
    const views: unknown[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/user') asked.push(r.url());
      if (new URL(r.url()).pathname === '/api/track/page-view') views.push(r.postDataJSON());
    });
    await page.addInitScript(keepFirstHero);
    await page.goto('/');
    // A click needs the hydrated page: the dialog only opens through React's handler.
    await page.getByRole('button', { name: 'Watch a Sample Call' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { firstHero?: Element }).firstHero === document.getElementById('hero-title'),
      ),
      'the hero from the HTML is still in the page (hydrated, not replaced)',
    ).toBe(true);
    expect(errors).toEqual([]);
    // nobody is signed in, and the server already said so
    expect(asked).toEqual([]);
    // the entry posts the view when it asks for the app, and the app does not post it again
    expect(views).toEqual([{ pageName: 'Home', pageUrl: '/' }]);
  });
}

test('a signed-in user at / gets the dashboard and never the landing page', async ({ page }) => {
  await signUp(page, 'Home Owner');
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain('data-prerendered');
  expect(html).not.toContain('hero-title');

  const errors = collectErrors(page);
  await page.addInitScript(keepFirstHero);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(FIRST_LOAD);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { firstHero?: Element }).firstHero)).toBeUndefined();
  expect(errors).toEqual([]);
});

// index.html preloads /api/user so the answer is on its way while the scripts download; the auth
// provider's own fetch must take that response instead of asking a second time.
test('the first load of / by a signed-in user asks the server who is signed in exactly once', async ({
  page,
}) => {
  await signUp(page, 'Preload Checker');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/user') asked.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIRST_LOAD);
  await page.waitForLoadState('networkidle');
  expect(asked).toHaveLength(1);
  // and that one request is the preload, started by the HTML rather than by the scripts
  const initiators = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname === '/api/user')
      .map((e) => (e as PerformanceResourceTiming).initiatorType),
  );
  expect(initiators).toEqual(['link']);
});

// A browser without a session is told so by the page itself (its root is marked a visitor's), so a
// visitor's page never asks /api/user, whose 401 the browser logs as a console error (issue 23 §12).
test('a visitor on /scenarios is not asked for: no /api/user request and no console error', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/user') asked.push(r.url());
  });
  const errors = collectErrors(page);
  await page.goto('/scenarios');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(FIRST_LOAD);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});
