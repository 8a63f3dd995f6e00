import { expect, test } from './support/fixtures';
import { FIRST_LOAD, holdTypedCall, signUp } from './support/practice';

// Issue 10: join a seeded track, complete its first scenario by a call, see the second unlock and
// the progress move, leave (with the exact confirmation) and rejoin with progress intact.
test('a user works through a track: join, first call, unlock, leave and rejoin', async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, 'Tara Tracker');
  const trackName = 'Product Manager Interview Loop';

  await page.goto('/tracks');
  await expect(page.getByText("You haven't joined any tracks yet.")).toBeVisible(FIRST_LOAD);
  const card = page.getByTestId(/^track-/).filter({ hasText: trackName });
  await card.getByRole('button', { name: 'Join Track' }).click();
  await expect(page.getByText('Successfully joined the track')).toBeVisible();
  const active = page.getByRole('region', { name: 'Active Tracks' });
  await expect(active.getByText(trackName)).toBeVisible();

  await active.getByRole('link', { name: trackName }).click();
  const steps = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Start|Retry/ }) });
  await expect(steps).toHaveCount(4, FIRST_LOAD);
  await expect(steps.nth(0).getByRole('button')).toBeEnabled();
  await expect(steps.nth(1).getByRole('button')).toBeDisabled();

  await steps.nth(0).getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/interview\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Call Details' })).toBeVisible(FIRST_LOAD);
  await holdTypedCall(page);

  await page.goto('/tracks');
  await active.getByRole('link', { name: trackName }).click();
  await expect(page.getByLabel('Overall progress')).toBeVisible(FIRST_LOAD);
  await expect(page.getByText('25%')).toBeVisible();
  await expect(steps.nth(0).getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(steps.nth(0)).toContainText('Best Score:');
  await expect(steps.nth(1).getByRole('button', { name: 'Start' })).toBeEnabled();

  await page.getByRole('button', { name: 'Leave Track' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave the track' });
  await expect(dialog).toContainText(
    'This will remove you from this track. Your progress and score data will not be deleted, but you will need to rejoin the track to continue. This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Leave Track' }).click();
  await expect(page).toHaveURL(/\/tracks$/);
  await expect(page.getByText("You haven't joined any tracks yet.")).toBeVisible();

  await card.getByRole('button', { name: 'Join Track' }).click();
  await expect(active.getByText('25%')).toBeVisible();
});
