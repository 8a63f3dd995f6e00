import fs from 'node:fs';
import { type Browser, type BrowserContext, type Page, request } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { seriousViolations, textContrasts } from './support/axe';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, newUser } from './support/practice';
import { followingScheme, inEachTheme } from './support/themes';

// Issue 23 §2–§9, as a new user and an admin meet them: confirmations before what cannot be undone,
// the LLM config tab on a phone, choosing a password after a temporary one, the admin's new-user
// row, a declined card, the first-run dashboard, the trend charts in words, and toasts that keep off
// the header. Then the axe check of every page touched, both themes, phone and desktop, with a
// screenshot of each in /tmp/shots/polish-a/.
test.describe.configure({ mode: 'serial' });

const SHOTS = '/tmp/shots/polish-a';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const TRACK = 'Product Manager Interview Loop';

async function adminContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const res = await context.request.post('/api/login', {
    data: { email: 'admin@example.com', password: 'admin-password-1' },
  });
  expect(res.ok()).toBe(true);
  return context;
}

/** An account made by the admin: its temporary password, not yet used. */
async function createdByAdmin(name: string) {
  const admin = await request.newContext({ baseURL });
  await admin.post('/api/login', { data: { email: 'admin@example.com', password: 'admin-password-1' } });
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}-${Date.now()}@example.com`;
  const res = await admin.post('/api/users', { data: { name, email } });
  expect(res.status()).toBe(201);
  const { temporaryPassword } = (await res.json()) as { temporaryPassword: string };
  await admin.dispose();
  return { email, temporaryPassword };
}

async function joinTrack(page: Page) {
  const body = await (await page.request.get('/api/tracks')).json();
  const list = (Array.isArray(body) ? body : body.items) as { id: number; name: string }[];
  const track = list.find((t) => t.name === TRACK);
  if (!track) throw new Error(`no track ${TRACK}`);
  expect((await page.request.post(`/api/tracks/${track.id}/join`)).ok()).toBe(true);
  return track.id;
}

/** A team owned by `owner` with `member` in it (invited and accepted). */
async function teamWithMember(owner: Page, member: Page, memberEmail: string) {
  const team = await (
    await owner.request.post('/api/teams', { data: { name: 'Polish Crew', description: 'Confirmations' } })
  ).json();
  const invitation = await owner.request.post(`/api/teams/${team.id}/members`, {
    data: { email: memberEmail, role: 'member' },
  });
  expect(invitation.status()).toBe(202);
  const { id } = await invitation.json();
  expect((await member.request.post(`/api/team-invitations/${id}/accept`)).ok()).toBe(true);
  return team.id as number;
}

test('§2 Reset Progress, Remove member and admin Reset Password each ask first', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await newUser(browser, 'Cora Confirm');
  const member = await newUser(browser, 'Mick Member');

  await test.step('track: Reset Progress', async () => {
    const trackId = await joinTrack(owner.page);
    await owner.page.goto(`/tracks/${trackId}`);
    await owner.page.getByRole('button', { name: 'Reset Progress' }).click(FIRST_LOAD);
    const dialog = owner.page.getByRole('alertdialog', { name: 'Reset your progress?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.page.getByText('Successfully reset track progress')).toHaveCount(0);
    await owner.page.getByRole('button', { name: 'Reset Progress' }).click();
    await dialog.getByRole('button', { name: 'Reset Progress' }).click();
    await expect(owner.page.getByText('Successfully reset track progress')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('team: Remove a member', async () => {
    const teamId = await teamWithMember(owner.page, member.page, member.account.email);
    await owner.page.goto(`/teams/${teamId}`);
    const remove = owner.page.getByRole('button', { name: `Remove ${member.account.email}` });
    await remove.click(FIRST_LOAD);
    const dialog = owner.page.getByRole('alertdialog', { name: 'Remove this member?' });
    await expect(dialog).toContainText(member.account.email);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const members = await (await owner.page.request.get(`/api/teams/${teamId}/members`)).json();
    expect(members.map((m: { email: string }) => m.email)).toContain(member.account.email);
    await remove.click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(remove).toHaveCount(0);
  });

  await test.step('admin: Reset Password', async () => {
    const admin = await adminContext(browser);
    const page = await admin.newPage();
    await page.goto('/admin');
    await page.getByLabel('Search users').fill(member.account.email, FIRST_LOAD);
    const reset = page.getByRole('button', { name: `Reset password of ${member.account.email}` });
    await reset.click();
    const dialog = page.getByRole('alertdialog', { name: 'Reset this password?' });
    await expect(dialog).toContainText('stops working at once');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const check = await request.newContext({ baseURL });
    const login = () =>
      check.post('/api/login', { data: { email: member.account.email, password: member.account.password } });
    expect((await login()).status()).toBe(200);
    await reset.click();
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(/User password has been reset\. Temporary password: /)).toBeVisible();
    expect((await login()).status()).toBe(401);
    await check.dispose();
    await admin.close();
  });
  await owner.context.close();
  await member.context.close();
});

test('§3 the LLM config tab fits a 390 px phone', async ({ browser }) => {
  const admin = await adminContext(browser, PHONE);
  const page = await admin.newPage();
  await page.goto('/admin?tab=llm-config');
  await expect(page.getByRole('button', { name: 'Test connection for Text to speech' })).toBeVisible(
    FIRST_LOAD,
  );
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
    // anything sticking out of the screen, even where the page clips it, or out of its card
    outside: [...document.querySelectorAll('main *')]
      .filter((el) => {
        const box = el.parentElement?.closest('[data-slot="card-content"], [data-slot="card-header"]');
        const limit = box
          ? box.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(box).paddingRight)
          : document.documentElement.clientWidth;
        return el.getBoundingClientRect().right > limit + 0.5;
      })
      .map((el) => `${el.tagName} ${(el.textContent ?? '').slice(0, 30)}`),
  }));
  expect(widths.page).toBe(390);
  expect(widths.viewport).toBe(390);
  expect(widths.outside).toEqual([]);
  await admin.close();
});

test('§4 after the temporary password: straight to a new one, only Sign out beside it', async ({
  browser,
}) => {
  const { email, temporaryPassword } = await createdByAdmin('Tia Temporary');
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(temporaryPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible(FIRST_LOAD);
  // no second request for the temporary password; the header has nothing that leads back here
  await expect(page.getByLabel('Temporary password')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button')).toHaveText(['Set Password', 'Sign out']);
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);

  await page.getByLabel('New password', { exact: true }).fill('tias-own-password');
  await page.getByLabel('Confirm new password').fill('tias-own-password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const check = await request.newContext({ baseURL });
  expect((await check.post('/api/login', { data: { email, password: 'tias-own-password' } })).status()).toBe(
    200,
  );
  await check.dispose();
  await context.close();
});

test("§5 the admin's new-user row: placeholders, and errors on the fields", async ({ browser }) => {
  const admin = await adminContext(browser);
  const page = await admin.newPage();
  const created: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/users')) created.push(r.url());
  });
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Create User' }).click(FIRST_LOAD);
  const name = page.getByLabel('Name', { exact: true });
  const email = page.getByLabel('Email', { exact: true });
  await expect(name).toHaveAttribute('placeholder', 'Full name');
  await expect(email).toHaveAttribute('placeholder', 'name@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Invalid email address');
  await expect(name).toBeFocused();
  expect(created).toEqual([]);
  await page.getByLabel('Credits').fill('');
  await name.fill('Nell Newrow');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Credits')).toHaveAccessibleDescription(
    'Credits must be a whole number from 0 to 1,000,000',
  );
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/admin-new-user-errors-desktop.png` });

  // the server's own answer lands on its field too: a taken email
  await email.fill('admin@example.com');
  await page.getByLabel('Credits').fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(email).toHaveAccessibleDescription('An account with this email already exists');
  const fresh = `nell-${Date.now()}@example.com`;
  await email.fill(fresh);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/User created successfully with password: /)).toBeVisible();
  // listed (the list is paged, and earlier journeys made many users: look it up)
  await page.getByLabel('Search users').fill(fresh);
  await expect(page.getByRole('cell', { name: fresh, exact: true })).toBeVisible();
  await admin.close();
});

test('§6 a declined card is said in the dialog and stays in Purchase History as failed', async ({
  browser,
}) => {
  const buyer = await newUser(browser, 'Dee Declined');
  const page = buyer.page;
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Buy Credits' }).click(FIRST_LOAD);
  const dialog = page.getByRole('dialog', { name: /Purchase Credits/ });
  await dialog.getByRole('radio', { name: '1 credit for $4.99' }).check();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay $4.99 (test)' }).click();
  const failure = dialog.getByRole('alert').filter({ hasText: 'Payment Failed' });
  await expect(failure).toContainText('Your card was declined.');
  await page.screenshot({ path: `${SHOTS}/purchase-declined-desktop.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();
  const rows = page.getByTestId('purchase-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('1 credit');
  await expect(rows.first()).toContainText('$4.99');
  await expect(rows.first()).toContainText('Failed');
  await expect(rows.first()).toContainText('not charged');
  await buyer.context.close();
});

test("§7 a new user's dashboard leads to a first call", async ({ browser }) => {
  const { context, page } = await newUser(browser, 'Finn First');
  await page.goto('/');
  const firstRun = page.getByTestId('first-run');
  await expect(firstRun).toBeVisible(FIRST_LOAD);
  await expect(firstRun.getByRole('heading', { name: 'Start your first practice call' })).toBeVisible();
  await expect(firstRun.getByRole('link', { name: 'Start your first call' })).toHaveAttribute(
    'href',
    '/new-call',
  );
  await expect(page.getByText('Average Score')).toHaveCount(0);
  await expect(page.getByText('No calls found matching your filters.')).toHaveCount(0);
  await firstRun.getByRole('link', { name: 'Start your first call' }).click();
  await expect(page).toHaveURL(/\/new-call$/);
  await context.close();
});

test('§8 the trend charts speak in words and a table, not as an "application"', async ({ browser }) => {
  const { context, page, account } = await newUser(browser, 'Trudy Trend');
  const admin = await request.newContext({ baseURL });
  await admin.post('/api/login', { data: { email: 'admin@example.com', password: 'admin-password-1' } });
  const seeded = await admin.post('/api/test-support/seed-calls', {
    data: { userId: account.id, completed: 4, unfinished: 0 },
  });
  expect(seeded.status()).toBe(201);
  await admin.dispose();
  // the seeded calls are a day apart: put them all on one day, an hour apart (as a busy practice
  // morning), where every label used to read the same day
  await page.route('**/api/interviews/trends*', async (route) => {
    const response = await route.fetch();
    const points = (await response.json()) as { date: string }[];
    const morning = new Date(2026, 2, 5, 8, 0).getTime();
    const sameDay = points.map((p, i) => ({ ...p, date: new Date(morning + i * 3_600_000).toISOString() }));
    await route.fulfill({ response, json: sameDay });
  });
  await page.goto('/');
  const charts = page.getByTestId('progress-charts');
  await expect(charts).toBeVisible(FIRST_LOAD);
  await expect(charts.locator('.recharts-surface').first()).toBeVisible();
  // the score's line itself is drawn, not just the axes
  await expect(charts.locator('.recharts-line-curve').first()).toBeVisible();
  await expect(page.getByRole('application')).toHaveCount(0);
  await expect(page.getByTestId('score-trend-summary')).toContainText(/^4 scored calls on .+\. Latest score/);
  // every x-axis label different
  const tickLabels = charts.locator('.recharts-xAxis-tick-labels').first().locator('text');
  await expect(tickLabels.first()).toBeVisible();
  const ticks = await tickLabels.allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  expect(new Set(ticks).size).toBe(ticks.length);
  await page.getByText('Show the numbers as a table').click();
  const table = page.getByTestId('trend-table').getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('columnheader', { name: 'Average score' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-trends-desktop.png`, fullPage: true });
  await context.close();
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`§9 one toast at a time, clear of the header's controls (${label})`, async ({ browser }) => {
    const admin = await adminContext(browser, viewport);
    const page = await admin.newPage();
    await page.goto('/admin?tab=llm-config');
    for (const provider of ['Payments', 'Recordings storage', 'Language model']) {
      await page.getByRole('button', { name: `Test connection for ${provider}` }).click(FIRST_LOAD);
      await expect(
        page.getByTestId(
          `provider-test-${provider === 'Payments' ? 'payments' : provider === 'Language model' ? 'llm' : 'recordings'}`,
        ),
      ).not.toBeEmpty();
    }
    const toasts = page.locator('[data-sonner-toast]');
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText('Language model: connection works');
    const header = await page.getByRole('banner').boundingBox();
    expect(header).toBeTruthy();
    // where the toast comes to rest: it slides in from above, so a box read mid-animation sits higher
    if (header)
      await expect
        .poll(async () => (await toasts.boundingBox())?.y ?? -1)
        .toBeGreaterThanOrEqual(header.y + header.height);
    await page.screenshot({ path: `${SHOTS}/toast-${label}.png` });
    await admin.close();
  });
}

test.describe('axe: every page touched, both themes, phone and desktop (with screenshots)', () => {
  // accounts: a user with a joined track, a team with a member and seeded calls; a new user; an
  // admin. Each check makes an account on a temporary password and signs it in once.
  type State = Awaited<ReturnType<BrowserContext['storageState']>>;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let member: Awaited<ReturnType<typeof newUser>>;
  let fresh: Awaited<ReturnType<typeof newUser>>;
  let trackId: number;
  let teamId: number;
  let ownerState: State;
  let freshState: State;
  let adminState: State;
  test.beforeAll(async ({ browser }) => {
    owner = await newUser(browser, 'Axel Axe');
    member = await newUser(browser, 'Mona Member');
    fresh = await newUser(browser, 'Nina New');
    trackId = await joinTrack(owner.page);
    teamId = await teamWithMember(owner.page, member.page, member.account.email);
    const seeder = await adminContext(browser);
    await seeder.request.post('/api/test-support/seed-calls', {
      data: { userId: owner.account.id, completed: 3, unfinished: 0 },
    });
    ownerState = await owner.context.storageState();
    freshState = await fresh.context.storageState();
    adminState = await seeder.storageState();
    await seeder.close();
  });
  test.afterAll(async () => {
    for (const u of [owner, member, fresh]) await u?.context.close();
  });

  // each flow once per viewport, each page it reaches checked in both themes (support/themes.ts)
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`both themes, ${label}`, async ({ browser }) => {
      test.setTimeout(150_000);
      const problems: string[] = [];
      const open = async (state: State | undefined) => {
        const context = await followingScheme(browser, { viewport, storageState: state });
        return { context, page: await context.newPage() };
      };
      const check = (page: Page, name: string, within?: string, disable?: string[]) =>
        inEachTheme(page, async (theme) => {
          for (const p of await seriousViolations(page, { within, disable }))
            problems.push(`${name} (${theme}): ${p}`);
          await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${label}.png`, fullPage: !within });
        });

      const user = await open(ownerState);
      await user.page.goto('/');
      await expect(user.page.getByTestId('score-trend-summary')).toBeVisible(FIRST_LOAD);
      await check(user.page, 'dashboard-trends');
      // the charts' text (the speech trend's legend in its lines' colours, the axes' labels), which
      // axe leaves undecided beside what is drawn: measured here against the card, at AA's 4.5:1
      await inEachTheme(user.page, async (theme) => {
        const legend = await textContrasts(user.page, '.recharts-legend-item-text');
        expect(legend.map((l) => l.text).sort()).toEqual(['Fillers per 100 words', 'Words per minute']);
        const ticks = await textContrasts(user.page, '.recharts-cartesian-axis-tick-value');
        expect(ticks.length).toBeGreaterThan(4);
        for (const { text, ratio } of [...legend, ...ticks])
          if (ratio < 4.5) problems.push(`trend chart text "${text}" (${theme}): ${ratio.toFixed(2)}:1`);
      });
      await user.page.goto(`/tracks/${trackId}`);
      await user.page.getByRole('button', { name: 'Reset Progress' }).click(FIRST_LOAD);
      await expect(user.page.getByRole('alertdialog')).toBeVisible();
      await check(user.page, 'track-reset-dialog', '[role="alertdialog"]');
      await user.page.keyboard.press('Escape');
      await user.page.goto(`/teams/${teamId}`);
      await user.page.getByRole('button', { name: `Remove ${member.account.email}` }).click(FIRST_LOAD);
      await expect(user.page.getByRole('alertdialog')).toBeVisible();
      await check(user.page, 'team-remove-dialog', '[role="alertdialog"]');
      await user.page.keyboard.press('Escape');
      await user.page.goto('/profile');
      await user.page.getByRole('button', { name: 'Buy Credits' }).click(FIRST_LOAD);
      const dialog = user.page.getByRole('dialog', { name: /Purchase Credits/ });
      await dialog.getByRole('button', { name: 'Continue to payment' }).click();
      await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
      await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: 'Payment Failed' })).toBeVisible();
      await check(user.page, 'purchase-declined-dialog', '[role="dialog"]');
      await user.page.keyboard.press('Escape');
      await expect(user.page.getByTestId('purchase-row').first()).toContainText('Failed');
      await check(user.page, 'profile-history');
      await user.context.close();

      const newcomer = await open(freshState);
      await newcomer.page.goto('/');
      await expect(newcomer.page.getByTestId('first-run')).toBeVisible(FIRST_LOAD);
      await check(newcomer.page, 'dashboard-first-run');
      await newcomer.context.close();

      const admin = await open(adminState);
      await admin.page.goto('/admin');
      await admin.page.getByLabel('Search users').fill(member.account.email, FIRST_LOAD);
      await admin.page.getByRole('button', { name: `Reset password of ${member.account.email}` }).click();
      await expect(admin.page.getByRole('alertdialog')).toBeVisible();
      await check(admin.page, 'admin-reset-dialog', '[role="alertdialog"]');
      await admin.page.keyboard.press('Escape');
      await admin.page.getByRole('button', { name: 'Create User' }).click();
      await admin.page.getByRole('button', { name: 'Save' }).click();
      await expect(admin.page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      // The users and audit-log tables on a phone (a scrolling region with nothing to focus in
      // it) are issue 23 §14's, another change's: not checked here.
      await check(admin.page, 'admin-users-new-row', undefined, ['scrollable-region-focusable']);
      await admin.page.goto('/admin?tab=llm-config');
      await expect(admin.page.getByRole('button', { name: 'Test connection for Payments' })).toBeVisible(
        FIRST_LOAD,
      );
      await check(admin.page, 'admin-llm-config');
      await admin.context.close();

      const temporary = await createdByAdmin('Tom Temp');
      const temp = await open(undefined);
      const signIn = await temp.context.request.post('/api/login', {
        data: { email: temporary.email, password: temporary.temporaryPassword },
      });
      expect(signIn.ok()).toBe(true);
      await temp.page.goto('/');
      await expect(temp.page.getByRole('heading', { name: 'Set a new password' })).toBeVisible(FIRST_LOAD);
      await check(temp.page, 'set-password');
      await temp.context.close();
      expect(problems).toEqual([]);
    });
  }
});
