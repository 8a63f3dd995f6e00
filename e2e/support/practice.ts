// Shared steps of the journeys: accounts made through the API (the browser context keeps the
// session cookie) and a short voice call answered by typing, ended and evaluated.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

export type Account = { id: number; name: string; email: string; password: string };

let counter = 0;
export async function signUp(page: Page, name: string): Promise<Account> {
  counter += 1;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}-${Date.now()}-${counter}@example.com`;
  const password = 'practice-pass-1';
  const res = await page.request.post('/api/register', {
    data: { name, email, password, passwordConfirm: password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...(await res.json()), name, email, password };
}

/** A separate browser (own cookies) with a fresh signed-up user. */
export async function newUser(browser: Browser, name: string) {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  const account = await signUp(page, name);
  return { context, page, account };
}

export const FIRST_LOAD = { timeout: 30_000 };

/** From a signed-in page: a call with a preset persona, started and connected. */
export async function startPresetCall(page: Page, persona: RegExp) {
  await page.goto('/new-call');
  await page.getByRole('button', { name: persona }).click(FIRST_LOAD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected', { timeout: 30_000 });
}

/**
 * From the Call Details step: start the call, wait for the agent to finish its welcome, type a
 * specific answer, end the call and wait for the evaluation.
 */
export async function holdTypedCall(page: Page) {
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected', { timeout: 30_000 });
  await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', { timeout: 30_000 });
  const answer =
    'In my last role I led a team of five engineers on the onboarding redesign. I interviewed twenty merchants, ' +
    'we shipped a shorter identity check and cut drop-off by eighteen percent in one quarter, which I measured weekly.';
  await page.getByLabel('Type an answer').fill(answer);
  await page.getByRole('button', { name: 'Send' }).click();
  const transcript = page.getByRole('region', { name: 'Live transcript', exact: true });
  await expect(transcript.locator('[data-role="user"]', { hasText: 'eighteen percent' })).toHaveCount(1);
  await page.getByRole('button', { name: 'End Call' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('evaluation-criterion').first()).toBeVisible();
}

/**
 * A call in progress answered by typing: the returned `say` waits for the persona to listen, sends
 * a turn and gives the persona's reply.
 */
export function typedTurns(page: Page) {
  const agent = page
    .getByRole('region', { name: 'Live transcript', exact: true })
    .locator('[data-role="agent"]');
  return async (text: string) => {
    await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', {
      timeout: 30_000,
    });
    const before = await agent.count();
    await page.getByLabel('Type an answer').fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => agent.count(), { timeout: 20_000 }).toBeGreaterThan(before);
    return agent.last();
  };
}
