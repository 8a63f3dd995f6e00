// A live hint when the server hears the user poorly: Chromium's fake microphone plays a human
// recording (LibriVox, from Debian's pocketsphinx-testdata) with pink noise over it, which the
// built-in recogniser hears at about 35% confidence ("mr jones guess would have been leisure…").
// After two such answers in a row the live call says so and how to mend it; a typed answer takes
// the hint away. Needs: apt-get install -y pocketsphinx pocketsphinx-en-us pocketsphinx-testdata sox.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { type Browser, chromium } from '@playwright/test';
import { chromiumPath } from '../scripts/chromium-path.mjs';
import { HEARD_POORLY_HINT } from '../src/shared/domain/not-heard';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, signUp } from './support/practice';

const CLIP = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
const DIR = `${process.cwd()}/.tmp/e2e`;
const MIC = `${DIR}/noisy-answer.wav`;
const SHOTS_DIR = process.env.SHOTS_DIR;

let browser: Browser;

test.beforeAll(async () => {
  expect(fs.existsSync(CLIP), `${CLIP} is missing: apt-get install -y pocketsphinx-testdata`).toBe(true);
  fs.mkdirSync(DIR, { recursive: true });
  // the answer with pink noise over it (a loud room), then quiet for the turn to end; looped
  const seconds = execFileSync('soxi', ['-D', CLIP], { encoding: 'utf8' }).trim();
  execFileSync('sox', [
    '-n',
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    `${DIR}/noise.wav`,
    'synth',
    seconds,
    'pinknoise',
    'vol',
    '0.1',
  ]);
  execFileSync('sox', [
    '-m',
    CLIP,
    `${DIR}/noise.wav`,
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    MIC,
    'pad',
    '1',
    '6',
  ]);
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${MIC}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
});
test.afterAll(() => browser?.close());

test('answers heard unclearly twice bring a hint to the live call, and a typed answer takes it away', async () => {
  test.setTimeout(150_000);
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const config = await (await page.request.get('/api/public-config')).json();
  expect(config.speech?.server, 'the e2e server has no built-in recogniser (pocketsphinx)').toBe('builtin');
  await signUp(page, 'Noisy Room');

  await page.goto('/new-call');
  await page.getByRole('button', { name: /Sarah Chen/ }).click(FIRST_LOAD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected', { timeout: 30_000 });

  const transcript = page.getByRole('region', { name: 'Live transcript', exact: true });
  const hint = page.getByTestId('heard-poorly');
  // the first unclear answer alone brings no hint
  await expect(transcript.locator('[data-role="user"]').first()).toBeVisible({ timeout: 60_000 });
  await expect(hint).toHaveCount(0);
  await expect(hint).toHaveText(HEARD_POORLY_HINT, { timeout: 60_000 });
  expect(await transcript.locator('[data-role="user"]').count()).toBeGreaterThanOrEqual(2);
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/heard-poorly.png`, fullPage: true });

  await page.getByLabel('Type an answer').fill('I launched a routing service for a logistics company.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(hint).toHaveCount(0);
  await context.close();
});
