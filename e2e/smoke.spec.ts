import { expect, test } from './support/fixtures';

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
  expect((await health.json()).database).toMatchObject({ ok: true });
  expect(errors).toEqual([]);
});

// index.html preloads /api/user so the answer is on its way while the scripts download; the auth
// provider's own fetch must take that response instead of asking a second time.
test('the first load asks the server who is signed in exactly once', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/user') asked.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
