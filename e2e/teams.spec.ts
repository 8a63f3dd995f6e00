import { expect, test } from './support/fixtures';
import { FIRST_LOAD, holdTypedCall, newUser } from './support/practice';

// Issue 11: an owner creates a team, adds a member and promotes them to admin; that admin adds a
// third person; the owner assigns a scenario with a target; the member completes it by a call;
// the owner sees the assignment passed and the progress view.
test('a team practises together: roles, an assignment completed by a call, the progress view', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await newUser(browser, 'Olive Owner');
  const second = await newUser(browser, 'Sam Second');
  const third = await newUser(browser, 'Tess Third');

  await test.step('the owner creates a team', async () => {
    await owner.page.goto('/teams');
    await owner.page.getByRole('button', { name: 'Create Team' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Create Team' });
    await expect(dialog.getByRole('button', { name: 'Create Team' })).toBeDisabled();
    await dialog.getByLabel('Name').fill('Sales Squad');
    await dialog.getByLabel('Description').fill('Quarterly pitch practice');
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await expect(owner.page.getByRole('heading', { name: /Sales Squad/ })).toBeVisible(FIRST_LOAD);
  });
  const teamUrl = owner.page.url();

  await test.step('adds the second user and promotes them to admin', async () => {
    await owner.page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByLabel('Email').fill('nobody-here@example.com');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByRole('alert')).toContainText('No account uses that email');
    await dialog.getByLabel('Email').fill(second.account.email);
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(owner.page.getByRole('cell', { name: second.account.email, exact: true })).toBeVisible();
    await owner.page.getByRole('combobox', { name: `Role of ${second.account.email}` }).click();
    await owner.page.getByRole('option', { name: 'Admin' }).click();
    await expect(owner.page.getByText('Role updated').first()).toBeVisible();
  });

  await test.step('the new admin adds a third person', async () => {
    await second.page.goto(teamUrl);
    await expect(second.page.getByRole('heading', { name: /Sales Squad/ })).toBeVisible(FIRST_LOAD);
    await second.page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = second.page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByLabel('Email').fill(third.account.email);
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(second.page.getByRole('cell', { name: third.account.email, exact: true })).toBeVisible();
  });

  await test.step('the owner assigns a scenario with a target score', async () => {
    await owner.page.reload();
    await owner.page.getByRole('button', { name: 'Assign Practice' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Assign Practice' });
    await dialog.getByLabel('Scenario or track').click();
    await owner.page.getByRole('option', { name: /^Sarah Chen/ }).click();
    await dialog.getByLabel('Assign to').click();
    await owner.page
      .getByRole('option', { name: new RegExp(third.account.email.replace(/\./g, '\\.')) })
      .click();
    await dialog.getByLabel('Target score (optional)').fill('1');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(owner.page.getByText('Practice assigned').first()).toBeVisible();
    await expect(owner.page.getByText('Not started').first()).toBeVisible();
  });

  await test.step('the member sees it on the dashboard and completes it by a call', async () => {
    await third.page.goto('/');
    const card = third.page.getByText('Your assignments').locator('xpath=ancestor::*[@data-slot="card"][1]');
    await expect(card).toContainText('Sarah Chen', FIRST_LOAD);
    await expect(card).toContainText('Not started');
    await card.getByRole('link', { name: 'Practise' }).click();
    await expect(third.page.getByRole('heading', { name: 'Call Details' })).toBeVisible(FIRST_LOAD);
    await holdTypedCall(third.page);
    await third.page.goto('/');
    await expect(card).toContainText('Passed', FIRST_LOAD);
  });

  await test.step('the owner sees the assignment passed and the progress view', async () => {
    await owner.page.reload();
    await expect(owner.page.getByText('Passed').first()).toBeVisible(FIRST_LOAD);
    const progress = owner.page.getByRole('table').filter({ hasText: 'Tracks completed' });
    const row = progress.getByRole('row').filter({ hasText: third.account.email });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  });

  for (const u of [owner, second, third]) await u.context.close();
});
