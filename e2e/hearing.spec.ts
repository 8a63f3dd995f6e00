// Issue 20, "ears chosen before the call": the pre-call check says how the call will hear the user
// — the server's recogniser when it has one, else the browser's own speech recognition (chosen
// automatically where the browser has it, with a note that its vendor processes the audio), else
// typing only — and the live call starts with that choice made.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, signUp } from './support/practice';

/** A SpeechRecognition that starts and stays silent, so the browser path can be seen without a vendor. */
const stubRecognition = () => {
  class StubRecognition {
    continuous = false;
    interimResults = false;
    lang = 'en-US';
    onresult: unknown = null;
    onerror: unknown = null;
    onend: unknown = null;
    start() {}
    stop() {}
    abort() {}
  }
  Object.assign(window, { SpeechRecognition: StubRecognition, webkitSpeechRecognition: StubRecognition });
};
const removeRecognition = () => {
  Object.assign(window, { SpeechRecognition: undefined, webkitSpeechRecognition: undefined });
};

/** The server as if it had no recogniser of its own (the default without pocketsphinx or STT keys). */
async function withoutServerRecogniser(page: Page) {
  await page.route('**/api/public-config', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { ...body, speech: { ...body.speech, server: 'none' } } });
  });
}

async function preCall(page: Page) {
  await page.goto('/new-call');
  await page.getByRole('button', { name: /Sarah Chen/ }).click(FIRST_LOAD);
  await page.getByRole('button', { name: 'Continue' }).click();
  return page.getByTestId('hearing-check');
}

test('the pre-call check names the browser’s recognition where the server has none, and the call starts with it on', async ({
  page,
}) => {
  await page.addInitScript(stubRecognition);
  await withoutServerRecogniser(page);
  await signUp(page, 'Browser Listener');
  const check = await preCall(page);
  await expect(check).toHaveAttribute('data-path', 'browser');
  await expect(check).toContainText('Your browser’s own speech recognition will transcribe your answers.');
  await expect(check).toContainText('vendor processes the audio');
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByRole('switch', { name: "Use my browser's speech recognition" })).toBeChecked();
  await expect(page.getByTestId('browser-speech-note')).toBeVisible();
});

test('without any recogniser the pre-call check says typing only, before the call', async ({ page }) => {
  await page.addInitScript(removeRecognition);
  await withoutServerRecogniser(page);
  await signUp(page, 'Typist');
  const check = await preCall(page);
  await expect(check).toHaveAttribute('data-path', 'typing');
  await expect(check).toContainText('Typing only');
});

test('with the server’s own recogniser the pre-call check names it, whatever the browser has', async ({
  page,
}) => {
  await page.addInitScript(removeRecognition);
  await signUp(page, 'Server Listener');
  const server = (await (await page.request.get('/api/public-config')).json()).speech.server as string;
  const check = await preCall(page);
  await expect(check).toHaveAttribute('data-path', server === 'none' ? 'typing' : server);
});
