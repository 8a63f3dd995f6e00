// Issue 20, "a call that hears": with no keys and no network, a user who speaks is understood.
// Chromium's fake microphone plays a human recording (LibriVox, public domain, from Debian's
// pocketsphinx-testdata) and the server's built-in recogniser (pocketsphinx) transcribes it:
// the pre-call microphone check shows the level, the spoken answer appears in the live transcript
// after the persona's opening, marked approximate, and the results page scores the call.
// Needs: apt-get install -y pocketsphinx pocketsphinx-en-us pocketsphinx-testdata sox (.ci/run does).
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { answerRecording, browserHearing } from './support/microphone';
import { FIRST_LOAD, signUp } from './support/practice';

/** words of what the reader says (support/microphone.ts LIBRIVOX_CLIP) */
const CLIP_WORDS = [
  'mister',
  'john',
  'dashwood',
  'leisure',
  'consider',
  'much',
  'might',
  'prudently',
  'power',
];
const SHOTS_DIR = process.env.SHOTS_DIR;

let browser: Browser;

test.beforeAll(async () => {
  browser = await browserHearing(answerRecording('human-answer'));
});
test.afterAll(() => browser?.close());

async function shoot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

const wordsHeard = (text: string) => CLIP_WORDS.filter((w) => text.toLowerCase().includes(w)).length;

test('a spoken answer is heard by the built-in recogniser, shown in order, marked approximate, and scored', async () => {
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const config = await (await page.request.get('/api/public-config')).json();
  // this journey is about the built-in recogniser: without it the test fails rather than hides
  expect(config.speech?.server, 'the e2e server has no built-in recogniser (pocketsphinx)').toBe('builtin');
  await signUp(page, 'Spoken Answer');

  await page.goto('/new-call');
  await page.getByRole('button', { name: /Sarah Chen/ }).click(FIRST_LOAD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('hearing-check')).toHaveAttribute('data-path', 'builtin');

  // the microphone check: the meter moves while the recording plays, and says so
  await page.getByRole('button', { name: 'Test microphone' }).click();
  const meter = page.getByRole('meter', { name: 'Microphone level' });
  await expect(meter).toBeVisible();
  await expect(page.getByTestId('mic-check-result')).toHaveText('We can hear you.', { timeout: 20_000 });
  await shoot(page, 'mic-check');
  await page.getByRole('button', { name: 'Stop check' }).click();
  await expect(meter).toHaveCount(0);

  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected', { timeout: 30_000 });
  const transcript = page.getByRole('region', { name: 'Live transcript', exact: true });
  const spoken = transcript
    .locator('[data-role="user"]')
    .filter({ hasText: /dashwood|leisure|consider|power/i });
  await expect(spoken.first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('approximate-note')).toBeVisible();
  // in order: the persona's opening first, then the answer
  const roles = await transcript
    .locator('[data-role]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-role')));
  expect(roles[0]).toBe('agent');
  expect(roles.indexOf('user')).toBeGreaterThan(0);
  const firstAnswer = (await spoken.first().textContent()) ?? '';
  expect(wordsHeard(firstAnswer), `heard: ${firstAnswer}`).toBeGreaterThanOrEqual(3);
  await shoot(page, 'spoken-answer-live');

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('evaluation-criterion').first()).toBeVisible();
  // the results transcript holds the spoken answer, marked as the built-in recogniser's
  const results = page.getByRole('region', { name: 'Transcript', exact: true });
  await expect(
    results
      .locator('[data-role="user"]')
      .filter({ hasText: /dashwood|leisure|consider|power/i })
      .first(),
  ).toBeVisible();
  await expect(results.getByTestId('approximate-line').first()).toBeVisible();
  await shoot(page, 'spoken-answer-results');
  await context.close();
});
