// Fair scores in the browser (decision 020): a call whose answers repeat an earlier one, or list
// keywords instead of saying sentences, is scored for what was said once and in sentences, and the
// results page says so in each criterion's rationale.
import { expect, test } from './support/fixtures';
import { signUp, startPresetCall, typedTurns } from './support/practice';

test('an answer given again and a list of keywords are scored as such, and the results say why', async ({
  page,
}) => {
  await signUp(page, 'Fair Scores');
  await startPresetCall(page, /Sarah Chen/);
  const transcript = page.getByRole('region', { name: 'Live transcript', exact: true });

  const strong =
    'In my last role I led a team of five engineers on the onboarding redesign. I interviewed twenty ' +
    'merchants, we shipped a shorter identity check and cut drop-off by eighteen percent in one quarter.';
  const keywords =
    'Stakeholders, metrics, data-driven roadmap, ownership, twenty percent revenue, impact, alignment, results, agile.';
  // the same answer twice, then keywords: each after the persona has spoken again
  for (const answer of [strong, strong, keywords]) {
    await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', {
      timeout: 30_000,
    });
    const agentLines = await transcript.locator('[data-role="agent"]').count();
    await page.getByLabel('Type an answer').fill(answer);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => transcript.locator('[data-role="agent"]').count(), { timeout: 20_000 })
      .toBeGreaterThan(agentLines);
  }
  // the persona heard both: it names the repeat as one and asks the keywords for an example
  const agent = transcript.locator('[data-role="agent"]');
  await expect(
    agent.filter({ hasText: /already|a moment ago|heard that|answer you gave me before/i }),
  ).toHaveCount(1);
  await expect(
    agent.filter({ hasText: /example|concrete|real moment|actually happened/i }).last(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
  const criteria = page.getByTestId('evaluation-criterion');
  await expect(criteria.first()).toBeVisible();
  await expect(
    criteria.filter({ hasText: /Answers that repeat an earlier answer cost \d+% of the score/ }).first(),
  ).toBeVisible();
  await expect(
    criteria
      .filter({ hasText: /Answers given as lists of words instead of sentences cost \d+% of the score/ })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('fair-scores-results.png'), fullPage: true });
});

test("another kind of work's answers: the persona asks how they come in, and the results say they counted nothing", async ({
  page,
}) => {
  await signUp(page, 'Other Work');
  await startPresetCall(page, /Sarah Chen/);
  const say = typedTurns(page);
  await say('Yes, ready.');
  // a nurse's answers, learnt for a ward's interview, said to a product interviewer
  const asked = await say(
    'On a night shift an elderly man became confused, so I did a full set of obs, called the doctor, and the patient was on antibiotics within the hour.',
  );
  await expect(asked).toContainText(/antibiotics/i);
  await expect(asked).toContainText(/comes into this|fits in here|got to do with/i);
  await say(
    'A newly qualified nurse was behind on her drug round, so I took two of her patients for an hour and made sure the night staff knew what was due at handover.',
  );
  await say(
    'I would change how we do handover: at the bedside, with the patient, using SBAR, so nothing gets lost.',
  );

  await page.getByRole('button', { name: 'End Call' }).click();

  await page.getByRole('alertdialog').getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('heading', { name: 'Evaluation Results' })).toBeVisible({ timeout: 45_000 });
  const criteria = page.getByTestId('evaluation-criterion');
  await expect(
    criteria
      .filter({
        hasText:
          /Answers about something other than the call \(.*antibiotics.*\) (cost \d+% of the score|counted nothing)/,
      })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('other-work-results.png'), fullPage: true });
});
