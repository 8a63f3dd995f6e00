import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

// The account journey through the real app (issue 2: "What it must show"): one user in one
// browser page, in order, so the session carries from step to step.
test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
});
test.afterAll(() => page.context().close());

const user = {
  name: 'Taylor Tester',
  email: `taylor-${Date.now()}@example.com`,
  password: 'correct-horse-1',
};

test('a visitor opening /new-call lands on the sign-in screen, which remembers where they were going', async () => {
  await page.goto('/new-call');
  await expect(page).toHaveURL(/\/auth\?next=%2Fnew-call$/);
  await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible();
  await expect(page.getByText('Sign in to your account or create a new one to get started')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByPlaceholder('Enter your email')).toBeVisible();
  await expect(page.getByPlaceholder('Enter your password')).toBeVisible();
  await expect(page.getByText('Practice calls with AI-Powered Feedback')).toBeVisible();
  await expect(page.getByText('Real-time Feedback')).toBeVisible();
  await expect(page.getByText('Natural Voice AI')).toBeVisible();
  expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);
});

test('registering with invalid fields shows each spec message under its field, then succeeds', async () => {
  await page.goto('/auth?tab=signup');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  const fields = [
    {
      label: 'Name',
      placeholder: 'Enter your name',
      bad: 'A',
      good: user.name,
      message: 'Name must be at least 2 characters',
    },
    {
      label: 'Email',
      placeholder: 'Enter your email',
      bad: 'not-an-email',
      good: user.email,
      message: 'Invalid email address',
    },
    {
      label: 'Password',
      placeholder: 'Create a password',
      bad: 'short',
      good: user.password,
      message: 'Password must be at least 8 characters',
    },
    {
      label: 'Confirm Password',
      placeholder: 'Confirm your password',
      bad: 'different-1',
      good: user.password,
      message: "Passwords don't match",
    },
  ];
  for (const f of fields) await page.getByPlaceholder(f.placeholder).fill(f.bad);
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const f of fields) {
    const input = page.getByLabel(f.label, { exact: true });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(f.message);
  }
  // Correcting a field clears its own message only.
  for (const [i, f] of fields.entries()) {
    await page.getByLabel(f.label, { exact: true }).fill(f.good);
    await expect(page.getByText(f.message)).toHaveCount(0);
    for (const later of fields.slice(i + 1)) await expect(page.getByText(later.message)).toHaveCount(1);
  }
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('after registering the header shows the name initial and 1 credit', async () => {
  await expect(page.getByTestId('user-avatar')).toHaveText('T');
  await expect(page.getByTestId('credits-badge')).toHaveText('1 credit');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText(user.name)).toBeVisible();
  await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('the theme choice survives a reload and a signed-in user on /auth goes home', async () => {
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Theme' }).press('ArrowRight');
  await page.getByRole('menuitemradio', { name: 'Light' }).press('Enter');
  await expect(html).toHaveClass(/\blight\b/);
  await page.reload();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
});

test('signing out returns to the landing page and signing in again works', async () => {
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page.getByTestId('user-avatar')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // said beside the form, where the eyes are, as well as in the toast
  await expect(page.getByTestId('form-alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/auth/);

  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-avatar')).toHaveText('T');
});
