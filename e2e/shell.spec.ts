import { expect, test } from './support/fixtures';

// The header for the three audiences and on a phone-sized screen (spec: Header and navigation).
test('an admin sees the Admin and All Calls links; a visitor on a phone gets the menu sheet', async ({
  browser,
}) => {
  const admin = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await admin.goto('/auth');
  await admin.getByLabel('Email').fill('admin@example.com');
  await admin.getByLabel('Password').fill('admin-password-1');
  await admin.getByRole('button', { name: 'Sign In' }).click();
  const nav = admin.getByRole('navigation', { name: 'Main' });
  for (const name of ['Dashboard', 'Tracks', 'Teams', 'Profile', 'Admin', 'All Calls'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(admin.getByRole('banner').getByRole('link', { name: 'New Call' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /^mailto:/);
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.close();

  const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
  await phone.goto('/scenarios');
  await expect(phone.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await phone.getByRole('button', { name: 'Open menu' }).click();
  const menu = phone.getByRole('navigation', { name: 'Mobile' });
  for (const name of ['See All Scenarios', 'Support', 'Sign Up', 'Sign In'])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Sign Up' }).click();
  await expect(phone).toHaveURL(/\/auth\?tab=signup$/);
  await expect(phone.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await phone.close();
});

test('a signed-in user who is not an admin is sent home from /admin and sees no admin links', async ({
  page,
}) => {
  await page.goto('/auth?tab=signup');
  await page.getByLabel('Name').fill('Robin Regular');
  await page.getByLabel('Email').fill(`robin-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('regular-pass-1');
  await page.getByLabel('Confirm Password').fill('regular-pass-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('user-avatar')).toHaveText('R');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'All Calls' })).toHaveCount(0);

  // On a phone the menu sheet also holds the credit balance and Sign Out.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  for (const name of ['Dashboard', 'Tracks', 'Teams', 'New Call', 'Profile'])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Credits: 1' })).toBeVisible();
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByTestId('user-avatar')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('an account on a temporary password must set its own before using the app', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const login = await adminContext.request.post('/api/login', {
    data: { email: 'admin@example.com', password: 'admin-password-1' },
  });
  expect(login.status()).toBe(200);
  const email = `temp-${Date.now()}@example.com`;
  const created = await adminContext.request.post('/api/users', { data: { name: 'Pat Temporary', email } });
  expect(created.status()).toBe(201);
  const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };
  await adminContext.close();

  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(temporaryPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.goto('/tracks');
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('my-own-password-1');
  await page.getByLabel('Confirm new password').fill('my-own-password-2');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription("Passwords don't match");
  await page.getByLabel('Confirm new password').fill('my-own-password-1');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toHaveCount(0);
  await expect(page.getByTestId('user-avatar')).toHaveText('P');
  await page.context().close();
});
