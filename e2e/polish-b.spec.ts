// Issue 23, items 10–14: the landing page's copy and sample call, a visitor's chosen scenario kept
// through sign-up and sign-in, the small things, the admin's voice settings and the labels that
// read wrong; with an accessibility scan of every page touched, in both themes, on a phone and a
// desktop. Set SHOTS_DIR (for example /tmp/shots/polish-b) to keep screenshots of the changed screens.
import fs from 'node:fs';
import { type APIRequestContext, type Browser, type Locator, type Page, request } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  CREDIT_PACKS,
  formatCents,
  lowestPerCallCents,
  packSizesText,
} from '../src/shared/domain/credit-packs';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, signUp } from './support/practice';
import { followingScheme, inEachTheme } from './support/themes';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
}

const boxOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width };
  });
const overlaps = (
  a: { top: number; bottom: number; left: number; right: number },
  b: { top: number; bottom: number; left: number; right: number },
) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

let admin: APIRequestContext;
test.beforeAll(async () => {
  admin = await request.newContext({ baseURL });
  const res = await admin.post('/api/login', {
    data: { email: 'admin@example.com', password: 'admin-password-1' },
  });
  expect(res.ok()).toBe(true);
});
test.afterAll(() => admin.dispose());

async function signInAsAdmin(page: Page) {
  const res = await page.request.post('/api/login', {
    data: { email: 'admin@example.com', password: 'admin-password-1' },
  });
  expect(res.ok()).toBe(true);
}

/** A signed-up user with `completed` evaluated calls, each with a recording. */
async function userWithCalls(page: Page, completed = 3) {
  const account = await signUp(page, 'Robin Reviewer');
  const seeded = await admin.post('/api/test-support/seed-calls', {
    data: { userId: account.id, completed, unfinished: 0, withRecording: true },
  });
  expect(seeded.status()).toBe(201);
  return account;
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

// ---- 10 and 13: the landing page ----

test('the landing page sells what the app sells, ships Teams, starts at Register and has a footer', async ({
  page,
}) => {
  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Simple Pricing' });
  await expect(pricing).toContainText(`from ${formatCents(lowestPerCallCents())}`);
  await expect(pricing).toContainText(`Packs of ${packSizesText()} calls`);
  for (const pack of CREDIT_PACKS) {
    await expect(pricing).toContainText(
      `${pack.credits} ${pack.credits === 1 ? 'call' : 'calls'}${formatCents(pack.amount)}`,
    );
  }
  await expect(pricing).not.toContainText('$1.99');
  await expect(pricing).not.toContainText('20 calls');

  // Teams ships: a key feature, not a promise
  await expect(page.getByRole('region', { name: 'Coming Soon' })).not.toContainText('Teams');
  await expect(page.getByRole('region', { name: 'Key Features' })).toContainText('Tracks and teams');

  const footer = page.getByRole('contentinfo').or(page.locator('footer'));
  await expect(footer).toContainText('All Scenarios');
  await expect(footer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@/);
  await footer.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/');
  await page
    .getByRole('region', { name: /Practice calls with/ })
    .getByRole('link', { name: 'Get Started' })
    .click();
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
});

test('the sample call is a real recording made by the build with the offline voice', async ({ page }) => {
  const mp3 = await page.request.get('/sample-call.mp3');
  expect(mp3.status()).toBe(200);
  expect(mp3.headers()['content-type']).toContain('audio/mpeg');
  expect((await mp3.body()).length).toBeGreaterThan(50_000);

  await page.goto('/');
  await page.getByRole('button', { name: 'Watch a Sample Call' }).click();
  const dialog = page.getByRole('dialog');
  // it plays at once, and it is not silent: the decoded samples have speech-level energy
  await expect(dialog.getByTestId('demo-player')).toHaveAttribute('data-state', 'playing');
  const loudness = await page.evaluate(async () => {
    const bytes = await (await fetch('/sample-call.mp3')).arrayBuffer();
    const audio = await new OfflineAudioContext(1, 1, 16_000).decodeAudioData(bytes);
    const data = audio.getChannelData(0);
    let sum = 0;
    for (const s of data) sum += s * s;
    return { rms: Math.sqrt(sum / data.length), seconds: audio.duration };
  });
  expect(loudness.seconds).toBeGreaterThan(20);
  expect(loudness.rms).toBeGreaterThan(0.02);
  await expect(dialog.getByTestId('demo-time')).not.toContainText('4:12');
});

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`the sample call dialog's close button clears the title and stays in view (${size})`, async ({
    browser,
  }) => {
    const page = await newPage(browser, viewport);
    await page.goto('/');
    await page.getByRole('button', { name: 'Watch a Sample Call' }).click();
    const dialog = page.getByRole('dialog');
    const close = dialog.getByRole('button', { name: 'Close' });
    const title = dialog.getByRole('heading', { name: /Sample call/ });
    await expect(title).toBeVisible();
    expect(overlaps(await boxOf(close), await boxOf(title)), 'close button over the title').toBe(false);
    await shoot(page, `${size}-demo-dialog`);

    // open everything, scroll the dialog to its end: the close button is still there
    await dialog.getByRole('button', { name: 'Show Transcript' }).click();
    await dialog.getByRole('button', { name: 'Show Evaluation' }).click();
    await dialog.locator('[data-slot="dialog-body"]').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(dialog.getByRole('link', { name: 'Try It Yourself' })).toBeInViewport();
    await expect(close).toBeInViewport();
    const closeBox = await boxOf(close);
    const dialogBox = await boxOf(dialog);
    expect(closeBox.top).toBeGreaterThanOrEqual(dialogBox.top);
    await shoot(page, `${size}-demo-dialog-scrolled`);
    await close.click();
    await expect(dialog).toHaveCount(0);
    await page.context().close();
  });
}

// ---- 11: visitor to user ----

test('a visitor who chose a scenario signs in, and New Call opens with that scenario', async ({
  page,
  browser,
}) => {
  // someone with an account, signed out
  const account = await signUp(page, 'Sam Returning');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/scenarios');
  await visitor.getByRole('link', { name: 'Start Practice Call with Tom Brennan' }).click();
  await expect(visitor).toHaveURL(/\/auth\?next=%2Fnew-call%3FinterviewerId%3D\d+$/);
  // a tab switch keeps where they were going
  await visitor.getByRole('tab', { name: 'Register' }).click();
  await visitor.getByRole('tab', { name: 'Login' }).click();
  await expect(visitor).toHaveURL(/next=%2Fnew-call/);
  // both tabs have an email field: fill the login form's, once it is the one shown (on a busy
  // machine the register form could still be on screen and take the email)
  await expect(visitor.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  const login = visitor.getByRole('tabpanel', { name: 'Login' });
  await login.getByPlaceholder('Enter your email').fill(account.email);
  await login.getByPlaceholder('Enter your password').fill(account.password);
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(visitor).toHaveURL(/\/new-call\?interviewerId=\d+$/, FIRST_LOAD);
  await expect(visitor.getByRole('heading', { name: 'Tom Brennan' })).toBeVisible(FIRST_LOAD);
  await expect(visitor.getByRole('button', { name: 'Start Call' })).toBeVisible();
  await visitor.context().close();
});

// ---- 12: the small things ----

test('All Calls shows its rating filters whole', async ({ browser }) => {
  const page = await newPage(browser, DESKTOP);
  await signInAsAdmin(page);
  await page.goto('/all-calls');
  for (const name of ['Call rating', 'Evaluation rating']) {
    const trigger = page.getByRole('combobox', { name });
    await expect(trigger).toContainText(`Any ${name.toLowerCase()}`, FIRST_LOAD);
    const clipped = await trigger
      .locator('[data-slot="select-value"]')
      .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(clipped, `${name} clipped`).toBe(false);
  }
  await shoot(page, 'desktop-all-calls');
  await page.context().close();
});

test("a user's dashboard: length before play, coloured score bars, own ratings labelled, its own title", async ({
  browser,
}) => {
  const page = await newPage(browser, DESKTOP);
  await userWithCalls(page);
  await page.goto('/');
  await expect(page.getByTestId('call-card').first()).toBeVisible(FIRST_LOAD);
  await expect(page).toHaveTitle('Dashboard · CallCoach');
  const card = page.getByTestId('call-card').first();
  await expect(card.getByTestId('call-card-ratings')).toHaveText(
    'Your ratings — Call: Not Rated · Evaluation: Not Rated',
  );
  await card.getByRole('button').first().click();
  // the call's length shows before the recording is fetched
  await expect(card.getByTestId('audio-player')).toHaveAttribute('data-state', 'idle');
  await expect(card.getByTestId('audio-time')).not.toHaveText('0:00 / 0:00');
  await expect(card.getByTestId('audio-time')).toHaveText(/^0:00 \/ \d+:\d\d$/);
  // each bar in its number's colour
  const bars = card.getByTestId('evaluation-criterion').getByRole('progressbar');
  await expect(bars.first()).toBeVisible();
  const tones = await bars.evaluateAll((els) =>
    els.map((el) => ({
      tone: el.getAttribute('data-tone'),
      score: Number(el.getAttribute('aria-valuenow')) / 10,
      colour: getComputedStyle(el.firstElementChild as Element).backgroundColor,
    })),
  );
  for (const t of tones) {
    expect(t.tone).toBe(t.score >= 7 ? 'good' : t.score >= 4 ? 'fair' : 'poor');
  }
  const primary = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.className = 'bg-primary';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
  expect(tones.every((t) => t.colour !== primary)).toBe(true);
  await card.getByTestId('evaluation-criterion').first().scrollIntoViewIfNeeded();
  await shoot(page, 'desktop-dashboard-open');
  await page.context().close();
});

test('the picker on a desktop lays its groups side by side with wide cards', async ({ browser }) => {
  const page = await newPage(browser, DESKTOP);
  await signUp(page, 'Pat Picker');
  await page.goto('/new-call');
  // the call-type groups (sections named by their type)
  const groups = page.locator('main section[aria-label]');
  await expect(groups.first()).toBeVisible(FIRST_LOAD);
  const boxes = await groups.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: Math.round(r.left), width: r.width };
    }),
  );
  // two columns: groups start at two x positions, and a card is wide (it was 280 px)
  expect(new Set(boxes.map((b) => b.left)).size).toBe(2);
  const card = page.getByRole('button', { name: /Sarah Chen/ }).first();
  expect((await boxOf(card)).width).toBeGreaterThan(360);
  await shoot(page, 'desktop-picker');
  await page.context().close();
});

test('the results page uses the custom player and opens its transcript at the start', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, PHONE);
  await signUp(page, 'Riley Results');
  await page.goto('/new-call');
  await page
    .getByRole('button', { name: /Sarah Chen/ })
    .first()
    .click();
  await page.getByRole('button', { name: /Continue/ }).click();
  // three answers, so the transcript is longer than its box
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', { timeout: 30_000 });
  const live = page.getByRole('region', { name: 'Live transcript', exact: true });
  for (const answer of [
    'I led the onboarding redesign for merchants and interviewed twenty of them before writing a line of spec.',
    'We shipped a shorter identity check with camera capture, and measured completion weekly against a holdout.',
    'Drop-off fell by eighteen percent in one quarter, and support tickets about onboarding halved.',
  ]) {
    const agentLines = await live.locator('[data-role="agent"]').count();
    await page.getByLabel('Type an answer').fill(answer);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => live.locator('[data-role="agent"]').count(), { timeout: 30_000 })
      .toBeGreaterThan(agentLines);
  }
  await page.getByRole('button', { name: 'End Call' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('audio-player')).toBeVisible();
  await expect(page.locator('audio[controls]')).toHaveCount(0);
  await expect(page.getByTestId('audio-time')).not.toHaveText('0:00 / 0:00');
  const transcript = page.getByRole('region', { name: 'Transcript', exact: true }).getByTestId('transcript');
  await expect(transcript).toContainText('eighteen percent');
  const scroll = await transcript.evaluate((el) => ({
    top: el.scrollTop,
    overflows: el.scrollHeight > el.clientHeight,
  }));
  expect(scroll.overflows, 'the transcript is long enough to scroll').toBe(true);
  expect(scroll.top).toBe(0);
  await page.getByRole('button', { name: 'Play recording' }).click();
  await expect(page.getByTestId('audio-player')).toHaveAttribute('data-state', 'playing');
  await transcript.scrollIntoViewIfNeeded();
  await shoot(page, 'phone-results');
  await page.context().close();
});

test('the audit log names who changed what', async ({ page }) => {
  const account = await signUp(page, 'Audrey Audited');
  const changed = await admin.patch(`/api/users/${account.id}`, { data: { credits: 7 } });
  expect(changed.ok()).toBe(true);
  await signInAsAdmin(page);
  await page.goto('/admin');
  const row = page.getByRole('row').filter({ hasText: 'User Audrey Audited' }).first();
  await expect(row).toContainText('Changed account: credits', FIRST_LOAD);
  await expect(row).toContainText('→ 7');
  await expect(row).toContainText('Administrator');
  await expect(row).not.toContainText(`#${account.id}`);
});

test('visitor pages log no console error (no 401 for /api/user) and a signed-in / is titled Dashboard', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  for (const [path, ready] of [
    ['/scenarios', 'Sarah Chen'],
    ['/auth', 'Welcome to'],
    ['/auth?tab=signup', 'Welcome to'],
    ['/', 'Practice calls with'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible(FIRST_LOAD);
    await page.waitForLoadState('networkidle');
  }
  await page.getByRole('button', { name: 'Watch a Sample Call' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  await expect(page).toHaveTitle('CallCoach — practice calls with AI-powered feedback');
});

// ---- 13: the admin's voice settings say what they apply to ----

test('the Voice settings say which voices they apply to', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin?tab=llm-config');
  const scope = page.getByTestId('voice-settings-scope');
  await expect(scope).toContainText('ElevenLabs', FIRST_LOAD);
  await expect(scope).toContainText('built-in offline voice uses none');
  await expect(page.getByText('Streaming (MP3)')).toHaveCount(0);
});

// ---- 14: labels ----

test('scenario subtitles read as relations, not companies', async ({ page }) => {
  await page.goto('/scenarios');
  await expect(page.getByText('Sarah Chen').first()).toBeVisible(FIRST_LOAD);
  await expect(page.getByText(/ at Your (Manager|Team)/)).toHaveCount(0);
  await expect(page.getByText(', your manager').first()).toBeVisible();
  await expect(page.getByText(' on your team').first()).toBeVisible();
  await page.getByText(', your manager').first().scrollIntoViewIfNeeded();
  await shoot(page, 'desktop-scenarios');
});

test("on a phone the admin Users table shows every column's value on screen", async ({ browser }) => {
  const page = await newPage(browser, PHONE);
  await signInAsAdmin(page);
  await page.goto('/admin');
  // the Users table's row (the audit log below names the admin too)
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /Reset password of/ }) })
    .first();
  await expect(row).toBeVisible(FIRST_LOAD);
  // Credits, Role, and the actions
  for (const cell of [
    row.getByRole('cell').nth(2),
    row.getByRole('cell').nth(3),
    row.getByRole('button', { name: /Reset password of/ }),
    row.getByRole('button', { name: /Edit / }),
  ]) {
    const box = await boxOf(cell.first());
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
  }
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'phone-admin-users');
  await page.context().close();
});

// ---- accessibility of every page touched ----

// each flow once per size, each page it reaches checked in both themes (support/themes.ts)
for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`no serious accessibility violations on the pages touched (both themes, ${size})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await followingScheme(browser, { viewport });
    const visitor = await context.newPage();
    const check = (page: Page, where: string, within?: string, shot?: string) =>
      inEachTheme(page, async (theme) => {
        // asked again for a few seconds: the landing page's cards fade in as they scroll into view,
        // and text half faded measures light on light; a real violation stays
        await expect
          .poll(() => seriousViolations(page, { within }), {
            message: `${where} (${theme}, ${size})`,
            timeout: 5_000,
          })
          .toEqual([]);
        if (shot) await shoot(page, `${size}-${theme}-${shot}`);
      });

    await visitor.goto('/');
    await expect(visitor.getByRole('region', { name: 'How It Works' }).getByRole('img')).toHaveCount(3);
    await visitor.locator('footer').scrollIntoViewIfNeeded();
    await check(visitor, '/');
    await visitor.getByRole('button', { name: 'Watch a Sample Call' }).click();
    await visitor.getByRole('dialog').getByRole('button', { name: 'Show Evaluation' }).click();
    await check(visitor, 'sample call', '[role="dialog"]');
    await visitor.goto('/auth?next=%2Fnew-call');
    await expect(visitor.getByText('Welcome to').first()).toBeVisible();
    await check(visitor, '/auth');

    const user = await context.newPage();
    await user.context().clearCookies();
    await userWithCalls(user, 2);
    await user.goto('/');
    await expect(user.getByTestId('call-card').first()).toBeVisible(FIRST_LOAD);
    await user.getByTestId('call-card').first().getByRole('button').first().click();
    await expect(user.getByTestId('audio-player')).toBeVisible();
    await check(user, 'dashboard');
    await user.goto('/new-call');
    await expect(user.getByTestId('scenario-groups')).toBeVisible(FIRST_LOAD);
    await check(user, '/new-call', undefined, 'picker');

    await user.context().clearCookies();
    await signInAsAdmin(user);
    for (const [path, ready] of [
      ['/admin', 'Audit log'],
      ['/admin?tab=llm-config', 'Voice'],
      ['/all-calls', 'All Calls'],
    ] as const) {
      await user.goto(path);
      await expect(user.getByRole('main').getByText(ready).first()).toBeVisible(FIRST_LOAD);
      // All Calls' Refresh button is disabled (faded) while its list loads
      if (path === '/all-calls') await expect(user.getByTestId('all-calls-total')).toBeVisible();
      await check(user, path);
    }
    await context.close();
  });
}
