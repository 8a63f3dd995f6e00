import type { Page } from '@playwright/test';
import {
  CREDIT_PACKS,
  formatCents,
  lowestPerCallCents,
  packSizesText,
} from '../src/shared/domain/credit-packs';
import { axeViolations, isSerious, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { inEachTheme } from './support/themes';

// What a visitor meets (issue 7): the landing page, its carousel, demo call and CTAs, the
// All Scenarios page and its hand-over to New Call, and an accessibility scan.

const carouselStatus = (page: Page) => page.getByTestId('carousel-status');

test('the sample-scenario carousel wraps at both ends, by buttons and by arrow keys', async ({ page }) => {
  await page.goto('/');
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(10);
  await expect(carouselStatus(page)).toContainText('Scenario 1 of 10');

  await carousel.getByRole('button', { name: 'Previous scenario' }).click();
  await expect(carouselStatus(page)).toContainText('Scenario 10 of 10');
  await carousel.getByRole('button', { name: 'Next scenario' }).click();
  await expect(carouselStatus(page)).toContainText('Scenario 1 of 10');

  const viewport = carousel.getByRole('group', { name: /arrow keys/ });
  await viewport.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(carouselStatus(page)).toContainText('Scenario 10 of 10');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(carouselStatus(page)).toContainText('Scenario 2 of 10');
});

test('the demo call plays its recording, shows and hides transcript and evaluation, and leads to sign-up', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Watch a Sample Call' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // a real recording (made by the build with the offline voice), not a fake bar: it plays and
  // its length is the recording's
  const audio = dialog.locator('audio');
  const state = () =>
    audio.evaluate((a: HTMLAudioElement) => ({
      time: a.currentTime,
      duration: a.duration,
      paused: a.paused,
    }));
  await expect.poll(async () => (await state()).time).toBeGreaterThan(0.5);
  const { duration } = await state();
  expect(duration).toBeGreaterThan(20);
  const bar = dialog.getByRole('progressbar', { name: 'Sample call playback' });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await expect(dialog.getByTestId('demo-time')).toContainText(
    `/ ${Math.floor(duration / 60)}:${String(Math.floor(duration % 60)).padStart(2, '0')}`,
  );
  // pausing stops it where it is; playing goes on from there
  await dialog.getByRole('button', { name: 'Pause sample call' }).click();
  const paused = (await state()).time;
  await page.waitForTimeout(500);
  expect((await state()).time).toBe(paused);
  await dialog.getByRole('button', { name: 'Play sample call' }).click();
  await expect.poll(async () => (await state()).time).toBeGreaterThan(paused);

  await expect(dialog.getByRole('region', { name: 'Transcript' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Show Transcript' }).click();
  await expect(dialog.getByRole('region', { name: 'Transcript' })).toContainText('identity check');
  await dialog.getByRole('button', { name: 'Hide Transcript' }).click();
  await expect(dialog.getByRole('region', { name: 'Transcript' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Show Evaluation' }).click();
  await expect(dialog.getByRole('region', { name: 'Evaluation' })).toContainText('Problem Framing');
  await dialog.getByRole('button', { name: 'Show Transcript' }).click();
  const scan = await axeViolations(page, { within: '[role="dialog"]' });
  expect(scan.filter(isSerious).map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Hide Transcript' }).click();
  await dialog.getByRole('button', { name: 'Hide Evaluation' }).click();
  await expect(dialog.getByRole('region', { name: 'Evaluation' })).toHaveCount(0);

  await dialog.getByRole('link', { name: 'Try It Yourself' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
});

test('every landing CTA lands where the spec says', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: /Practice calls with/ });
  // a visitor has no account yet: Get Started opens the Register tab
  await hero.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/');
  await hero.getByRole('link', { name: 'See All Scenarios' }).click();
  await expect(page).toHaveURL(/\/scenarios$/);
  await expect(page.getByRole('heading', { name: 'All Scenarios', level: 1 })).toBeVisible();

  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Simple Pricing' });
  // worded from the packs on sale (src/shared/domain/credit-packs.ts), not the spec's $1.99 and 20
  await expect(pricing).toContainText(`from ${formatCents(lowestPerCallCents())}`);
  await expect(pricing).toContainText(`Packs of ${packSizesText()} calls`);
  for (const pack of CREDIT_PACKS) await expect(pricing).toContainText(formatCents(pack.amount));
  await expect(pricing).not.toContainText('$1.99');
  await expect(pricing).toContainText('$19.99');
  await expect(pricing).toContainText('Coming Soon');
  await expect(pricing.getByRole('link', { name: 'Request Early Access' })).toHaveAttribute(
    'href',
    /^mailto:.+@/,
  );
  await expect(pricing.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', /^mailto:.+@/);
  await expect(
    page.getByRole('region', { name: 'Questions?' }).getByRole('link', { name: 'Email Us' }),
  ).toHaveAttribute('href', /^mailto:.+@/);
  // Sections in the spec's order.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'How It Works',
    'Sample Scenarios',
    'Key Features',
    'Coming Soon',
    'Details',
    'Simple Pricing',
    'Questions?',
  ]);
  await expect(page.getByRole('region', { name: 'How It Works' }).getByRole('img')).toHaveCount(3);
  await pricing.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
});

test('a scenario card pre-selects that scenario in New Call, before and after sign-in', async ({ page }) => {
  await page.goto('/scenarios');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(10);
  const start = page.getByRole('link', { name: 'Start Practice Call with Rachel Alvarez' });
  const href = await start.getAttribute('href');
  expect(href).toMatch(/^\/new-call\?interviewerId=\d+$/);

  // A visitor is sent to sign in first; registration carries on to New Call with that scenario.
  await start.click();
  await expect(page).toHaveURL(/\/auth\?next=/);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByPlaceholder('Enter your name').fill('Pat Visitor');
  await page.getByPlaceholder('Enter your email').fill(`visitor-${Date.now()}@example.com`);
  await page.getByPlaceholder('Create a password').fill('visitor-pass-1');
  await page.getByPlaceholder('Confirm your password').fill('visitor-pass-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`${href?.replace('?', '\\?')}$`));
  await expect(page.getByRole('heading', { name: 'Rachel Alvarez' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Call' })).toBeVisible();

  // Signed in, the link opens New Call with that scenario directly.
  await page.goto('/scenarios');
  await page.getByRole('link', { name: 'Start Practice Call with Tom Brennan' }).click();
  await expect(page).toHaveURL(/\/new-call\?interviewerId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Tom Brennan' })).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical accessibility violations on /, /scenarios and /auth (${theme})`, async ({
    page,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
    for (const [path, ready] of [
      ['/', 'Practice calls with'],
      ['/scenarios', 'Sarah Chen'],
      ['/auth', 'Welcome to'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      if (path === '/')
        await expect(page.getByRole('region', { name: 'How It Works' }).getByRole('img')).toHaveCount(3);
      expect(await seriousViolations(page), `${path} in ${theme}`).toEqual([]);
    }
  });
}

/**
 * Holds back the app's chunk (start-app) until `release()`: until then the landing page is the
 * server's HTML and nothing else, as on a slow phone between the first touch and the app arriving.
 */
async function holdTheApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

// The prerendered / loads the app only on the visitor's first intent (src/web/lib/hydrate-on-intent.ts):
// a click on a control that needs script, made before the app has taken over, is replayed after.
test('clicks on the landing page before its scripts have arrived are kept: carousel, sample call', async ({
  page,
}) => {
  const app = await holdTheApp(page);
  await page.goto('/');
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await carousel.getByRole('button', { name: 'Next scenario' }).click();
  await carousel.getByRole('button', { name: 'Next scenario' }).click();
  await page.getByRole('button', { name: 'Watch a Sample Call' }).click();
  // the first touch asked for the app; nothing has happened yet
  await expect.poll(app.requested).toBe(true);
  await expect(carouselStatus(page)).toContainText('Scenario 1 of 10');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  app.release();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('Sample call');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(carouselStatus(page)).toContainText('Scenario 3 of 10');
  await expect(carousel.locator('[aria-roledescription="slide"][aria-current="true"]')).toHaveAttribute(
    'data-slide-index',
    '2',
  );
});

test('a click on the theme menu or the phone menu before the scripts have arrived opens it', async ({
  browser,
}) => {
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const held = await holdTheApp(desktop);
  await desktop.goto('/');
  await desktop.getByRole('button', { name: 'Theme' }).click();
  await expect.poll(held.requested).toBe(true);
  held.release();
  await desktop.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(desktop.locator('html')).toHaveClass(/light/);
  await desktop.close();

  const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
  const heldOnPhone = await holdTheApp(phone);
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Open menu' }).click();
  await expect.poll(heldOnPhone.requested).toBe(true);
  heldOnPhone.release();
  await expect(
    phone.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign Up' }),
  ).toBeVisible();
  await phone.close();
});

// Once the prerendered / has loaded and the browser is idle, the app's chunks are fetched into the
// cache without running (src/web/lib/prefetch-when-idle.ts), so the first tap waits only for React.
test('after the load the landing page fetches the app without running it, and the first tap uses that copy', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const appChunk: { type?: string; fromCache: boolean }[] = [];
  cdp.on('Network.responseReceived', (e) => {
    if (/\/assets\/start-app-[^/]+\.js$/.test(e.response.url))
      appChunk.push({
        type: e.type,
        // Chromium answers from its prefetch cache or, once that copy is in it, from the disk cache
        fromCache: Boolean(e.response.fromPrefetchCache || e.response.fromDiskCache),
      });
  });
  // the app asks for the public configuration (the support address) as soon as it runs
  const appRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/public-config') appRequests.push(r.url());
  });

  await page.goto('/');
  await expect.poll(() => appChunk.length).toBe(1);
  expect(appChunk[0], 'the prefetch, from the server').toEqual({ type: 'Other', fromCache: false });
  await page.waitForTimeout(300);
  expect(appRequests, 'fetched, not run: the app has not started').toEqual([]);

  await page.getByRole('button', { name: 'Watch a Sample Call' }).click();
  await expect(page.getByRole('dialog')).toContainText('Sample call');
  expect(appChunk[1], "the app's import, from the cache").toEqual({ type: 'Script', fromCache: true });
  expect(appRequests.length).toBeGreaterThan(0);
});

// Before the app runs, the page's own theme script (public/theme-init.js) keeps a `system` theme in
// step with the device.
test('before the app has started, the landing page follows a change of the device’s colour scheme', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('vite-ui-theme', 'system'));
  const appRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/start-app-[^/]+\.js$/.test(r.url()) && r.resourceType() === 'script')
      appRequests.push(r.url());
  });
  await page.goto('/');
  // each theme in turn, the other's class gone
  await inEachTheme(page, async (theme) => {
    const other = theme === 'dark' ? 'light' : 'dark';
    await expect(page.locator('html')).not.toHaveClass(new RegExp(`(^|\\s)${other}(\\s|$)`));
  });
  expect(appRequests, 'the app has not started').toEqual([]);
});

// A first download of the app that fails (a flaky phone link) does not leave the page dead: the
// next tap tries again (src/web/lib/hydrate-on-intent.ts).
test('when the app fails to download on the first tap, the next tap loads it and opens the sample call', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  let imports = 0;
  // the app's import (a script), not the idle prefetch; routing also keeps it out of the cache
  await page.route(/\/assets\/start-app-[^/]+\.js$/, (route) =>
    route.request().resourceType() === 'script' && ++imports === 1 ? route.abort() : route.continue(),
  );
  await page.goto('/');
  const watch = page.getByRole('button', { name: 'Watch a Sample Call' });
  await watch.click();
  await expect.poll(() => errors.some((e) => e.includes('could not start its scripts'))).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await watch.click();
  await expect(page.getByRole('dialog')).toContainText('Sample call');
  expect(imports).toBe(2);
});
