import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Buying credits on the payment sandbox (issue 6, "What it must show"): a declined test card, then
// 5 credits bought, the success dialog, the header badge and the history (the declined attempt
// listed as failed, issue 23 §6); then paging through 8 purchases. One user in one page, in order.
test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL });
  page = await context.newPage();
  const email = `buyer-${Date.now()}@example.com`;
  const res = await context.request.post('/api/register', {
    data: { name: 'Bea Buyer', email, password: 'correct-horse-1', passwordConfirm: 'correct-horse-1' },
  });
  expect(res.status()).toBe(201);
});
test.afterAll(() => context.close());

test('buys 5 credits with the TEST MODE card after a declined card', async () => {
  test.setTimeout(45_000);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await expect(page.getByTestId('profile-credits')).toHaveText('1');
  await expect(page.getByText('No purchases yet.')).toBeVisible();
  await expect(page.getByTestId('credits-badge')).toContainText('1 credit');

  await page.getByRole('button', { name: 'Buy Credits' }).click();
  const dialog = page.getByRole('dialog', { name: /Purchase Credits/ });
  for (const [label, price] of [
    ['1 credit', '$4.99'],
    ['5 credits', '$19.99'],
    ['10 credits', '$29.99'],
    ['25 credits', '$49.99'],
  ]) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    await expect(dialog.getByText(price)).toBeVisible();
  }
  await dialog.getByRole('radio', { name: '5 credits for $19.99' }).check();
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(dialog.getByText('TEST MODE — no real card is charged')).toBeVisible();

  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay $19.99 (test)' }).click();
  // said in the dialog itself (issue 23 §6)
  await expect(dialog.getByRole('alert').filter({ hasText: 'Payment Failed' })).toContainText(
    'Your card was declined.',
  );

  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Pay $19.99 (test)' }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Processing your credit purchase...').first()).toBeVisible();

  // The spec's 5 s wait before the first status check, then Credits Updated.
  const success = page.getByRole('dialog', { name: 'Purchase Successful!' });
  await expect(success).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Credits Updated')).toBeVisible();
  await expect(success.getByTestId('previous-balance')).toHaveText('1');
  await expect(success.getByTestId('new-balance')).toHaveText('6');
  await success.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByTestId('credits-badge')).toContainText('6 credits');
  await expect(page.getByTestId('profile-credits')).toHaveText('6');
  // the declined attempt is listed too, with its status (issue 23 §6)
  const rows = page.getByTestId('purchase-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('5 credits');
  await expect(rows.first()).toContainText('$19.99');
  await expect(rows.first()).toContainText('Completed');
  await expect(rows.last()).toContainText('5 credits');
  await expect(rows.last()).toContainText('Failed');
});

test('pages through 8 purchases (one failed), 5 per page', async () => {
  const packs = [
    { credits: 1, amount: 499 },
    { credits: 10, amount: 2999 },
    { credits: 25, amount: 4999 },
    { credits: 1, amount: 499 },
    { credits: 5, amount: 1999 },
    { credits: 10, amount: 2999 },
  ];
  for (const pack of packs) {
    const res = await context.request.post('/api/create-payment-intent', { data: pack });
    expect(res.status()).toBe(200);
  }
  await page.reload();
  const rows = page.getByTestId('purchase-row');
  await expect(rows).toHaveCount(5);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(rows.first()).toContainText('10 credits');
  await expect(rows.first()).toContainText('Pending');
  // just started: a payment going through, not yet an abandoned one
  await expect(rows.first()).toContainText('waiting for the payment to go through');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('5 credits');
  await expect(rows.nth(1)).toContainText('Completed');
  await expect(rows.last()).toContainText('Failed');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
});
