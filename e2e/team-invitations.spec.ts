import { expect, test } from './support/fixtures';
import { FIRST_LOAD, newUser } from './support/practice';

// Issue 19 §4: people join a team by invitation. The owner invites a registered user and an address
// with no account — the same answer for both — and the invited user is no member and cannot read
// the team until they accept it on /teams; then they are in the member list. The owner withdraws
// the other invitation (after a confirmation); a third user declines theirs.
test('team membership by invitation: invite, accept, decline, withdraw', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await newUser(browser, 'Ingrid Inviter');
  const invitee = await newUser(browser, 'Jonas Joiner');
  const decliner = await newUser(browser, 'Dora Decliner');
  const stranger = `no-account-${Date.now()}@example.com`;

  await test.step('the owner creates a team', async () => {
    await owner.page.goto('/teams');
    await owner.page.getByRole('button', { name: 'Create Team' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Create Team' });
    await dialog.getByLabel('Name').fill('Invite Crew');
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await expect(owner.page.getByRole('heading', { name: /Invite Crew/ })).toBeVisible(FIRST_LOAD);
  });
  const teamUrl = owner.page.url();

  await test.step('invites a registered user, an unknown address and a third user, alike', async () => {
    for (const email of [invitee.account.email, stranger, decliner.account.email]) {
      await owner.page.getByRole('button', { name: 'Invite', exact: true }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Invite to the team' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await expect(dialog).toBeHidden();
      const pending = owner.page.getByRole('table').filter({ hasText: 'Invited' });
      await expect(pending.getByRole('cell', { name: email.toLowerCase(), exact: true })).toBeVisible();
    }
    // Nobody joined yet: the owner is the only member (the first table is Team Members).
    const members = owner.page.getByRole('table').first();
    await expect(members.getByRole('row')).toHaveCount(2);
    await expect(members.getByRole('cell', { name: owner.account.email, exact: true })).toBeVisible();
  });

  await test.step('the invited user cannot read the team before accepting', async () => {
    await invitee.page.goto(teamUrl);
    await expect(invitee.page.getByText('Team not found.')).toBeVisible(FIRST_LOAD);
  });

  await test.step('the invited user sees the invitation on /teams and accepts it', async () => {
    await invitee.page.goto('/teams');
    const invitations = invitee.page.getByRole('region', { name: 'Invitations' });
    const item = invitations.getByRole('listitem', { name: 'Invitation to Invite Crew' });
    await expect(item).toContainText('Ingrid Inviter invited you', FIRST_LOAD);
    await item.getByRole('button', { name: 'Accept' }).click();
    await expect(invitee.page.getByRole('heading', { name: /Invite Crew/ })).toBeVisible(FIRST_LOAD);
    await expect(invitee.page.getByRole('cell', { name: invitee.account.email, exact: true })).toBeVisible();
  });

  await test.step('the third user declines theirs', async () => {
    await decliner.page.goto('/teams');
    const item = decliner.page.getByRole('listitem', { name: 'Invitation to Invite Crew' });
    await item.getByRole('button', { name: 'Decline' }).click();
    await expect(decliner.page.getByRole('region', { name: 'Invitations' })).toHaveCount(0);
  });

  await test.step('the owner sees the new member; withdraws the unanswered invitation', async () => {
    await owner.page.reload();
    await expect(owner.page.getByRole('cell', { name: invitee.account.email, exact: true })).toBeVisible(
      FIRST_LOAD,
    );
    const pending = owner.page.getByRole('table').filter({ hasText: 'Invited' });
    await expect(pending.getByRole('row')).toHaveCount(2); // header + the address with no account
    await owner.page.getByRole('button', { name: `Withdraw the invitation of ${stranger}` }).click();
    const confirm = owner.page.getByRole('alertdialog', { name: 'Withdraw the invitation?' });
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expect(owner.page.getByText('Invitation withdrawn').first()).toBeVisible();
    await expect(owner.page.getByText('Pending Invitations')).toHaveCount(0);
  });

  for (const u of [owner, invitee, decliner]) await u.context.close();
});
