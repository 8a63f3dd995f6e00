// The call flow's layout and its leave-call guard (issue 20, "Call flow"):
// 1. the Selected scenario banner never sits under the sticky header after scrolling the list;
// 2. Start Call is on screen, without scrolling, on the pre-call screen;
// 3. leaving a live call (a header link, the browser's back, closing the tab) asks first and ends
//    the call at once, so it is listed and the credit rule holds;
// 4. focus moves to each step's heading.
// Set SHOTS_DIR (for example /tmp/shots/after) to keep screenshots of the banner and the pre-call
// screen at both sizes and in both themes.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, signUp } from './support/practice';

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
}

/** The element's box in the viewport, read in the page (no scrolling into view). */
const boxOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });

/** Whether a click at the middle of the element, where it is now, would land on it. */
const hitsItself = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });

const scrollToBottom = (page: Page) =>
  page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });

const headingFocused = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { name })).toBeFocused();

async function credits(page: Page): Promise<number> {
  const res = await page.request.get('/api/user');
  expect(res.status()).toBe(200);
  return (await res.json()).credits as number;
}

/**
 * Opens New Call (`fromDashboard`: by the dashboard's link, inside the app), picks Sarah Chen,
 * continues, starts the call and waits until the agent listens.
 */
async function startCall(page: Page, fromDashboard = false): Promise<number> {
  if (fromDashboard) await page.getByRole('main').getByRole('link', { name: 'New Call' }).click();
  else await page.goto('/new-call');
  await page.getByRole('button', { name: /Sarah Chen/ }).click(FIRST_LOAD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/interviews',
  );
  await page.getByRole('button', { name: 'Start Call' }).click();
  const interview = (await (await created).json()) as { id: number };
  await expect(page.getByTestId('connection-status')).toHaveText('Connected', { timeout: 30_000 });
  await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', { timeout: 30_000 });
  return interview.id;
}

async function answerOnce(page: Page) {
  const answer = 'I led the onboarding redesign and cut drop-off by eighteen percent in one quarter.';
  await page.getByLabel('Type an answer').fill(answer);
  await page.getByRole('button', { name: 'Send' }).click();
  const transcript = page.getByRole('region', { name: 'Live transcript', exact: true });
  await expect(transcript.locator('[data-role="user"]', { hasText: answer })).toHaveCount(1);
}

async function statusOf(page: Page, id: number): Promise<string> {
  const res = await page.request.get(`/api/interviews/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).status as string;
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`the selected-scenario banner stays below the header and Start Call is on screen (${size.name}, ${theme})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
      await signUp(page, 'Layout Checker');
      await page.goto('/new-call');
      const cards = page.getByRole('main').locator('button[aria-pressed]');
      await expect(page.getByRole('heading', { name: 'Choose a scenario' })).toBeVisible(FIRST_LOAD);

      // scroll the list, pick the last scenario, scroll on
      await scrollToBottom(page);
      await cards.last().click();
      await scrollToBottom(page);
      const banner = page.getByRole('region', { name: 'Selected scenario' });
      await expect(banner).toBeVisible();
      await shoot(page, `banner-${size.name}-${theme}`);

      const header = await boxOf(page.getByRole('banner'));
      const box = await boxOf(banner);
      expect.soft(box.top, 'banner top edge is below the header').toBeGreaterThanOrEqual(header.bottom - 0.5);
      expect.soft(box.bottom, 'banner is inside the viewport').toBeLessThanOrEqual(size.height);
      const proceed = banner.getByRole('button', { name: 'Continue' });
      expect.soft(await hitsItself(proceed), 'nothing covers Continue').toBe(true);

      // halfway down too
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      const half = await boxOf(banner);
      expect.soft(half.top).toBeGreaterThanOrEqual(header.bottom - 0.5);
      expect.soft(half.bottom).toBeLessThanOrEqual(size.height);
      expect.soft(await hitsItself(proceed)).toBe(true);

      // Continue, where it is, leads to the pre-call screen with Start Call on screen
      await scrollToBottom(page);
      const at = await boxOf(proceed);
      await page.mouse.click((at.left + at.right) / 2, (at.top + at.bottom) / 2);
      await expect(page.getByRole('heading', { name: 'Call Details' })).toBeVisible();
      const start = page.getByRole('button', { name: 'Start Call' });
      await expect.soft(start).toBeInViewport({ ratio: 1 });
      expect.soft(await hitsItself(start), 'nothing covers Start Call').toBe(true);
      await shoot(page, `precall-${size.name}-${theme}`);

      // from the top of the page too (a fresh load of the pre-call screen)
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.soft(start).toBeInViewport({ ratio: 1 });
      expect.soft(await hitsItself(start)).toBe(true);
      await shoot(page, `precall-top-${size.name}-${theme}`);
    });
  }
}

test('focus moves to each step heading: picker, details, back, details', async ({ page }) => {
  await signUp(page, 'Focus Checker');
  await page.goto('/new-call');
  await page.getByRole('button', { name: /Sarah Chen/ }).click(FIRST_LOAD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await headingFocused(page, 'Call Details');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await headingFocused(page, 'Choose a scenario');
  await page.getByRole('button', { name: 'Continue' }).click();
  await headingFocused(page, 'Call Details');
});

test('leaving a live call by a header link asks first, then ends the call and lists it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signUp(page, 'Leaving Caller');
  const before = await credits(page);
  const id = await startCall(page);
  await headingFocused(page, /Sarah Chen/);
  await answerOnce(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await shoot(page, 'live-call-desktop');

  // Stay: nothing changes
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tracks' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave the call?' });
  await expect(dialog).toContainText('Your call will end and be evaluated.');
  await shoot(page, 'leave-dialog-desktop');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/new-call');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  expect(await statusOf(page, id)).toBe('in_progress');

  // Leave: the call ends at once
  const ended = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/interviews/${id}/end`,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await ended;
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => statusOf(page, id), { timeout: 45_000 }).not.toBe('in_progress');
  // the dashboard lists it once evaluated (it refetches when the end has been answered)
  await expect(page.getByTestId('call-card').filter({ hasText: 'Sarah Chen' })).toHaveCount(1, {
    timeout: 45_000,
  });
  // the user answered, so the call used its credit
  expect(await credits(page)).toBe(before - 1);
});

test('pressing back during a live call asks first; Leave ends the call', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'Back Presser');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible(FIRST_LOAD);
  // inside the app, so back is the app's own history (a popstate), not another page load
  const id = await startCall(page, true);

  await page.goBack();
  const dialog = page.getByRole('alertdialog', { name: 'Leave the call?' });
  await expect(dialog).toContainText('Your call will end and be evaluated.');
  // the step back is undone while the user chooses: the address is the call's again
  await expect(page).toHaveURL(/\/new-call$/);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page).toHaveURL(/\/new-call$/);
  expect(await statusOf(page, id)).toBe('in_progress');

  await page.goBack();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => statusOf(page, id), { timeout: 45_000 }).not.toBe('in_progress');
});

test('closing the tab during a live call ends the call', async ({ context, page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'Tab Closer');
  const id = await startCall(page);
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  await expect.poll(() => page.isClosed()).toBe(true);
  const other = await context.newPage();
  await expect.poll(() => statusOf(other, id), { timeout: 45_000 }).not.toBe('in_progress');
});

test('signing out during a live call asks first; Leave ends the call before the session goes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { email, password } = await signUp(page, 'Signing Out');
  const before = await credits(page);
  const id = await startCall(page);
  await answerOnce(page);

  const openMenu = () => page.getByRole('button', { name: 'User menu' }).click();
  // Stay: still signed in, the call goes on
  await openMenu();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave the call?' });
  await expect(dialog).toContainText('Your call will end and be evaluated.');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  expect(await statusOf(page, id)).toBe('in_progress');

  // Leave: the end is answered while the session exists, then the user is signed out
  const ended = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/interviews/${id}/end`,
  );
  await openMenu();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  expect((await ended).status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible({ timeout: 15_000 });

  // signed in again: the call is over, listed, and used its credit (the user answered)
  const login = await page.request.post('/api/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  await expect.poll(() => statusOf(page, id), { timeout: 45_000 }).not.toBe('in_progress');
  expect(await credits(page)).toBe(before - 1);
});
