import { expect, test } from './support/fixtures';
import { FIRST_LOAD, signUp } from './support/practice';

// Issue 12 §3: stored text is rendered escaped. A scenario named with markup and an answer holding
// markup are shown as the characters typed, in the picker, the live transcript, the results and the
// dashboard; none of it becomes an element or runs (each payload would set window.pwned).
const SCENARIO_NAME = '<img src=x onerror="window.pwned=1">Markup <b>Mentor</b>';
const ANSWER =
  'I led the rollout <script>window.pwned=2</script> and measured it <img src=y onerror="window.pwned=3"> weekly.';

test('a scenario name and an answer holding markup show as text everywhere, and nothing runs', async ({
  page,
}) => {
  test.slow();
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await signUp(page, 'Markup Tester');
  const created = await page.request.post('/api/interviewers', {
    data: {
      name: SCENARIO_NAME,
      systemPrompt: 'You interview the caller about a project they led.',
      sampleQuestions: ['<i>Which</i> project are you proudest of?'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const noInjectedElements = async () => {
    expect(await page.locator('img[src="x"], img[src="y"], b:text("Mentor"), i:text("Which")').count()).toBe(
      0,
    );
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  };

  await page.goto('/new-call');
  const custom = page.getByRole('region', { name: 'Custom Scenario' });
  await expect(custom.getByText(SCENARIO_NAME, { exact: true })).toBeVisible(FIRST_LOAD);
  // the card's own button (its owner also sees Edit and Delete buttons named after it)
  await custom.locator('button[aria-pressed]').filter({ hasText: 'Markup <b>Mentor</b>' }).click();
  await page
    .getByRole('region', { name: 'Selected scenario' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByRole('heading', { name: 'Call Details' })).toBeVisible();
  await noInjectedElements();

  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', { timeout: 30_000 });
  await page.getByLabel('Type an answer').fill(ANSWER);
  await page.getByRole('button', { name: 'Send' }).click();
  const live = page.getByRole('region', { name: 'Live transcript', exact: true });
  await expect(live.locator('[data-role="user"]', { hasText: ANSWER })).toHaveCount(1);
  await noInjectedElements();

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(SCENARIO_NAME).first()).toBeVisible();
  await noInjectedElements();

  await page.goto('/');
  const card = page.getByTestId('call-card').first();
  await expect(card).toContainText(SCENARIO_NAME, FIRST_LOAD);
  await card.getByRole('button').first().click();
  await expect(card.getByTestId('transcript')).toContainText(ANSWER);
  await noInjectedElements();
  expect(dialogs).toEqual([]);
});
