import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, signUp } from './support/practice';

// Issue 8 "What it must show": describe a conversation, watch the word-count guidance, generate
// (built-in generator: no model configured), edit a criterion and a question, confirm, go home
// after 2 s, find the scenario in the new-call picker, hold a call with it and get an evaluation
// against the edited rubric.
const words = (n: number, word = 'detail') => Array.from({ length: n }, () => word).join(' ');

const PERSONA =
  'Dana is the CTO of a retail customer, direct and impatient, angry after a second outage this month.';
const SCENARIO =
  'An angry customer escalation after an outage took their checkout down for three hours. She is upset about the lack of status updates and wants a refund.';
const EDITED_CRITERION = 'Owning the Outage';
const EDITED_QUESTION = 'Why should I trust your status page ever again?';

const guidance = (page: Page, id: string) => page.getByTestId(`${id}-guidance`);

test('a user creates a custom scenario, finds it in the picker and practises it', async ({ page }) => {
  test.slow();
  await signUp(page, 'Casey Custom');
  await page.goto('/custom-call');
  const cont = page.getByRole('button', { name: 'Continue' });
  await expect(cont).toBeDisabled(FIRST_LOAD);

  // Guidance follows the word count: About You has minimum 50, ideal 150, maximum 500.
  const about = page.getByLabel('About You');
  await about.fill('I am an account manager at a hosting company.');
  await expect(guidance(page, 'user-context')).toHaveText('Needs more detail for optimal results');
  await about.fill(words(60));
  await expect(guidance(page, 'user-context')).toHaveText('Getting better, add more details');
  await about.fill(words(150));
  await expect(guidance(page, 'user-context')).toHaveText('Great level of detail!');
  await about.fill(words(501));
  await expect(guidance(page, 'user-context')).toHaveText(
    "You've exceeded the ideal length, but that's okay!",
  );
  await about.fill(
    'I am an account manager for a cloud hosting company and I look after our largest retail customers.',
  );

  await page.getByLabel('Persona Details').fill(PERSONA);
  await expect(cont).toBeDisabled();
  await page.getByLabel('Scenario', { exact: true }).fill(SCENARIO);
  const preview = page.waitForResponse((r) => r.url().includes('/api/custom-calls/voice-preview/sarah'));
  await page.getByRole('button', { name: 'Play Sarah preview' }).click();
  expect((await preview).headers()['content-type']).toContain('audio');
  await page.getByRole('radio', { name: /Sarah/ }).check();
  await expect(cont).toBeEnabled();
  await cont.click();

  // Review: the generated prompt, an escalation rubric and questions from the scenario.
  await expect(page.getByLabel('System Prompt')).toHaveValue(
    /^You are Dana, CTO\. In this call you are an unhappy customer/,
  );
  await expect(page.getByLabel('System Prompt')).toHaveValue(/\nTemperament: angry\n/);
  await expect(page.getByLabel('Rubric name')).toHaveValue('Customer Escalation Rubric');
  const questions = page.getByLabel('Sample Questions');
  await expect(questions).toHaveValue(/the lack of status updates/);
  await page.getByLabel('Criterion 1 name').fill(EDITED_CRITERION);
  const generated = await questions.inputValue();
  await questions.fill(`${EDITED_QUESTION}\n${generated.split('\n').slice(1).join('\n')}`);

  await page.getByRole('button', { name: 'Confirm & Create' }).click();
  await expect(page.getByText('Scenario created').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

  // The new-call picker offers it under Custom Scenario.
  await page.goto('/new-call');
  const custom = page.getByRole('region', { name: 'Custom Scenario' });
  // the card itself (its Edit and Delete buttons sit beside it)
  await custom.locator('button[aria-pressed]', { hasText: 'Dana' }).click(FIRST_LOAD);
  await page
    .getByRole('region', { name: 'Selected scenario' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByText(EDITED_CRITERION)).toBeVisible();

  // A short call: the persona asks the edited question first; the evaluation uses the edited rubric.
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', { timeout: 30_000 });
  await page
    .getByLabel('Type an answer')
    .fill(
      'I understand how much the outage hurt your checkout. I own this: I will send you the root cause report by Friday and a credit for the three hours.',
    );
  await page.getByRole('button', { name: 'Send' }).click();
  const transcript = page.getByRole('region', { name: 'Live transcript', exact: true });
  await expect(transcript).toContainText(EDITED_QUESTION, { timeout: 20_000 });
  await page.getByRole('button', { name: 'End Call' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('evaluation-criterion').first()).toContainText(EDITED_CRITERION);
});
