import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { FIRST_LOAD, holdTypedCall, newUser, signUp, typedTurns } from './support/practice';

// Issue 21 "What it must show": a custom persona generated from a distinctive description asks
// about that description and opens in character; the owner edits and deletes their own custom
// scenario, and another user can neither see, edit nor delete it.

/** A custom scenario of the signed-in user, made through the API (the journey is about editing). */
async function createScenario(request: APIRequestContext, name: string) {
  const res = await request.post('/api/interviewers', {
    data: {
      name,
      role: 'Procurement Lead',
      company: 'Northwind Health',
      voiceId: 'sarah',
      bio: 'Sofia Reyes is a sceptical procurement lead at Northwind Health.',
      systemPrompt: `You are ${name}, Procurement Lead at Northwind Health.\n\nTemperament: sceptical`,
      welcomeMessage: "I'm Sofia. I'll be honest, I have my doubts about the implementation timeline.",
      rubricName: 'Sales Conversation Rubric',
      rubricCriteria: [{ name: 'Objection Handling', description: 'Answers concerns with evidence.' }],
      sampleQuestions: ["I'm not convinced about the implementation timeline. What's the evidence?"],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** The custom-call form filled in with Sarah's voice, on to the generated scenario's review. */
async function describeScenario(page: Page, texts: { about: string; persona: string; scenario: string }) {
  await page.goto('/custom-call');
  await page.getByLabel('About You').fill(texts.about);
  await page.getByLabel('Persona Details').fill(texts.persona);
  await page.getByLabel('Scenario', { exact: true }).fill(texts.scenario);
  await page.getByRole('radio', { name: /Sarah/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The scenario's card in the new-call picker (its own button, not the Edit/Delete beside it). */
const card = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Custom Scenario' }).locator('button[aria-pressed]', { hasText: name });

test('a persona generated from a distinctive description opens in character and asks about it', async ({
  page,
}) => {
  test.slow();
  await signUp(page, 'Riley Platform');
  await describeScenario(page, {
    about: 'I lead the platform team at Fjordline Ferries and I ran last night’s database migration.',
    persona: 'A furious CTO the morning after our migration took the production database down for six hours.',
    scenario: 'An urgent call at 8 am, before the ferries sail.',
  });

  // Review: a person (not "Custom Interviewer"), the CTO of the user's company, angry, with an
  // opening line that is curt and questions about the migration and the six hours.
  const name = page.getByLabel('Scenario name');
  await expect(name).toHaveValue(/^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u, FIRST_LOAD);
  const personaName = await name.inputValue();
  const first = personaName.split(' ')[0];
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('CTO');
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Fjordline Ferries');
  await expect(page.getByLabel('System Prompt')).toHaveValue(/\nTemperament: angry\n/);
  const opening = `${first} here. We need to talk about your migration, and I haven't got long.`;
  await expect(page.getByLabel('Opening line')).toHaveValue(opening);
  const questions = page.getByLabel('Sample Questions');
  await expect(questions).toHaveValue(/^Your migration took the production database down for six hours\./);
  await expect(questions).toHaveValue(/Six hours with the production database down/);
  await expect(questions).toHaveValue(/what happens now with the migration/);
  await expect(questions).not.toHaveValue(/walk me through the situation/i);
  await page.screenshot({ path: test.info().outputPath('generated-scenario.png'), fullPage: true });

  await page.getByRole('button', { name: 'Confirm & Create' }).click();
  await expect(page.getByText('Scenario created').first()).toBeVisible();

  // The picker shows the persona with its role and organisation.
  await page.goto('/new-call');
  const persona = card(page, personaName);
  await expect(persona).toContainText('CTO at Fjordline Ferries', FIRST_LOAD);
  await persona.click();
  await page
    .getByRole('region', { name: 'Selected scenario' })
    .getByRole('button', { name: 'Continue' })
    .click();

  // The call: the persona opens in character, then asks about what the description says happened.
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', { timeout: 30_000 });
  const transcript = page.getByRole('region', { name: 'Live transcript', exact: true });
  const agent = transcript.locator('[data-role="agent"]');
  await expect(agent.first()).toContainText('We need to talk about your migration');
  await expect(agent.first()).not.toContainText(/thank/i);
  // Concrete answers (none naming the database or the hours), until the persona asks about what
  // the description says happened: the listening engine may first follow up on an answer.
  const answers = [
    'I ran the migration at 23:00. The schema change locked the orders table for 40 minutes, our rollback script failed, and I restored from the 22:00 backup myself.',
    'I personally rewrote the rollback script and tested it twice on staging; restore time is now 12 minutes, which I measured on Tuesday.',
    'I own the fix: I will run a blameless review by Friday and send you the report with three concrete changes and their owners.',
  ];
  const aboutTheDescription = /production database|six hours|signed off/i;
  for (const [i, answer] of answers.entries()) {
    await page.getByLabel('Type an answer').fill(answer);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(agent).toHaveCount(i + 2, { timeout: 20_000 });
    await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', {
      timeout: 20_000,
    });
    if ((await agent.filter({ hasText: aboutTheDescription }).count()) > 0) break;
  }
  await expect(agent.filter({ hasText: aboutTheDescription }).first()).toBeVisible();
  // in character throughout: the angry persona thanks nobody
  for (const line of await agent.allTextContents()) expect(line).not.toMatch(/thank/i);
  await page.screenshot({ path: test.info().outputPath('call-in-character.png'), fullPage: true });
});

test('a custom prospect answers the questions its description answers, in its own words', async ({
  page,
}) => {
  test.slow();
  await signUp(page, 'Sam Routewise');
  await describeScenario(page, {
    about: "I'm an account executive at Routewise, selling route-planning software to distributors.",
    persona:
      'Priya Raman, CFO of a regional food distributor. Sceptical, numbers-driven, had her budget cut by 20% this year.',
    scenario:
      'A discovery call. She is worried about implementation time and is locked into a contract with a competitor until March. I want her to agree to a pilot.',
  });
  // the prompt tells the persona its situation in the second person, before any heading
  const prompt = page.getByLabel('System Prompt');
  await expect(prompt).toHaveValue(
    /\n\nYou are Priya Raman, CFO of a regional food distributor\. You had your budget cut/,
    FIRST_LOAD,
  );
  await page.getByRole('button', { name: 'Confirm & Create' }).click();
  await expect(page.getByText('Scenario created').first()).toBeVisible();

  await page.goto('/new-call');
  await card(page, 'Priya Raman').click();
  await page
    .getByRole('region', { name: 'Selected scenario' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', { timeout: 30_000 });
  const agent = page
    .getByRole('region', { name: 'Live transcript', exact: true })
    .locator('[data-role="agent"]');
  const asks = [
    [
      'Thanks for the time, Priya. When does your current contract end?',
      /locked into a contract with a competitor until March/,
    ],
    ['And how much budget do you have this year?', /I had my budget cut by 20% this year/],
  ] as const;
  for (const [i, [question, answer]] of asks.entries()) {
    await page.getByLabel('Type an answer').fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(agent.nth(i + 1)).toContainText(answer, { timeout: 20_000 });
    await expect(page.getByTestId('agent-mode')).toHaveAttribute('data-mode', 'listening', {
      timeout: 20_000,
    });
  }
  // the writer's own aim stays theirs
  for (const line of await agent.allTextContents()) expect(line).not.toMatch(/pilot/i);
  await page.screenshot({ path: test.info().outputPath('custom-prospect-answers.png'), fullPage: true });
});

test('the owner edits their custom scenario and sees the change', async ({ page }) => {
  await signUp(page, 'Owen Owner');
  const scenario = await createScenario(page.request, 'Sofia Reyes');
  await page.goto('/new-call');
  await expect(card(page, 'Sofia Reyes')).toBeVisible(FIRST_LOAD);
  // presets have no Edit or Delete
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(1);

  await page
    .getByRole('region', { name: 'Custom Scenario' })
    .screenshot({ path: test.info().outputPath('own-scenario-card.png') });

  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.getByRole('button', { name: 'Edit Sofia Reyes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Scenario' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Sofia Reyes');
  await expect(dialog.getByLabel('Company', { exact: true })).toHaveValue('Northwind Health');
  await dialog.getByLabel('Name', { exact: true }).fill('Sofia Reyes (final round)');
  await dialog.getByLabel('Role', { exact: true }).fill('Head of Procurement');
  await dialog
    .getByLabel('Opening line')
    .fill("Sofia again. Last time you dodged the timeline question. Let's try that again.");
  await dialog.getByLabel('Sample Questions').fill('When exactly would we be live on all three sites?');
  await dialog.evaluate((el) => {
    el.scrollTop = 0;
  });
  await page.screenshot({ path: test.info().outputPath('edit-dialog.png') });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Scenario updated successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const edited = card(page, 'Sofia Reyes (final round)');
  await expect(edited).toContainText('Head of Procurement at Northwind Health');
  await edited.click();
  await page
    .getByRole('region', { name: 'Selected scenario' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByRole('heading', { name: 'Call Details' })).toBeVisible();
  await expect(page.getByText('Sofia Reyes (final round)').first()).toBeVisible();

  const stored = await (await page.request.get(`/api/interviewers/${scenario.id}`)).json();
  expect(stored).toMatchObject({
    name: 'Sofia Reyes (final round)',
    role: 'Head of Procurement',
    welcomeMessage: "Sofia again. Last time you dodged the timeline question. Let's try that again.",
    sampleQuestions: ['When exactly would we be live on all three sites?'],
    isCustomScenario: true,
  });
});

test('the owner deletes their custom scenario after confirming; a past call with it is kept', async ({
  page,
}) => {
  test.slow();
  await signUp(page, 'Dora Deleter');
  const unused = await createScenario(page.request, 'Una Unused');
  const used = await createScenario(page.request, 'Ulla Used');

  // a call with one of them, so it has results to keep
  await page.goto(`/new-call?interviewerId=${used.id}`);
  await expect(page.getByRole('heading', { name: 'Call Details' })).toBeVisible(FIRST_LOAD);
  await holdTypedCall(page);

  await page.goto('/new-call');
  await expect(card(page, 'Una Unused')).toBeVisible(FIRST_LOAD);
  // Cancel keeps it
  await page.getByRole('button', { name: 'Delete Una Unused' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Delete “Una Unused”?' })).toBeVisible();
  await expect(confirm).toContainText('Your past calls with it, their recordings and evaluations are kept.');
  await confirm.screenshot({ path: test.info().outputPath('delete-confirmation.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Una Unused')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Una Unused' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Scenario' }).click();
  await expect(page.getByText('Scenario deleted successfully').first()).toBeVisible();
  await expect(card(page, 'Una Unused')).toHaveCount(0);
  expect((await page.request.get(`/api/interviewers/${unused.id}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Delete Ulla Used' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Scenario' }).click();
  await expect(page.getByText('Your past calls with it are kept.').first()).toBeVisible();
  await expect(card(page, 'Ulla Used')).toHaveCount(0);
  // the call and its evaluation stay on the dashboard, under the scenario's name
  const calls = await (await page.request.get('/api/interviews')).json();
  const kept = (calls as { interviewerId: number; interviewerName: string; evaluation: unknown }[]).find(
    (c) => c.interviewerId === used.id,
  );
  expect(kept?.interviewerName).toBe('Ulla Used');
  expect(kept?.evaluation).toBeTruthy();
});

test("another user can neither see, edit nor delete someone's custom scenario", async ({ page, browser }) => {
  await signUp(page, 'Alma Owner');
  const scenario = await createScenario(page.request, 'Sofia Private');
  const other = await newUser(browser, 'Otto Other');
  try {
    await other.page.goto('/new-call');
    await expect(other.page.getByRole('heading', { name: 'Choose a scenario' })).toBeVisible(FIRST_LOAD);
    await expect(other.page.getByText('Sofia Private')).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

    const url = `/api/interviewers/${scenario.id}`;
    const read = await other.page.request.get(url);
    const edit = await other.page.request.patch(url, { data: { name: 'Hijacked' } });
    const del = await other.page.request.delete(url);
    for (const res of [read, edit, del]) {
      expect(res.status()).toBe(404);
      expect((await res.json()).message).toBe('Interviewer not found');
    }
  } finally {
    await other.context.close();
  }
  // the owner's scenario is untouched
  const mine = await (await page.request.get(`/api/interviewers/${scenario.id}`)).json();
  expect(mine).toMatchObject({ name: 'Sofia Private', isArchived: false });
});

test('a generated supplier bargains over the price its description gives it, and agrees on its condition', async ({
  page,
}) => {
  test.slow();
  await signUp(page, 'Bakery Buyer');
  await describeScenario(page, {
    about: 'I run a small bakery and buy flour in bulk.',
    persona:
      'Mark, sales manager at a flour mill. He wants to raise our price from 400 to 460 per tonne. He can go as low as 430 if we sign a 12-month contract.',
    scenario: "Negotiate the flour price for next year's contract.",
  });
  // the persona asks the user to move on the price, not on its own move
  await expect(page.getByLabel('Sample Questions')).toHaveValue(
    /Why should I move on your price\?/,
    FIRST_LOAD,
  );
  await page.getByRole('button', { name: 'Confirm & Create' }).click();
  await expect(page.getByText('Scenario created').first()).toBeVisible();

  await page.goto('/new-call');
  await card(page, 'Mark').click();
  await page
    .getByRole('region', { name: 'Selected scenario' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await page.getByRole('button', { name: 'Start Call' }).click();
  const say = typedTurns(page);
  await say('Hi Mark, thanks for calling.');
  // countered, and the condition that would take him further named
  const counter = await say(
    '460 is too much for us. Our volumes grew 20 percent this year. Could you do 420 per tonne?',
  );
  await expect(counter).toContainText('420 per tonne');
  await expect(counter).toContainText('455 per tonne');
  await expect(counter).toContainText('sign a 12-month contract');
  // the trade met: the deal, said back with its condition
  const deal = await say('What if we sign for 12 months at 430?');
  await expect(deal).toContainText('the price at 430 per tonne, provided you sign a 12-month contract');
  await page.screenshot({ path: test.info().outputPath('generated-supplier-bargains.png'), fullPage: true });
});
