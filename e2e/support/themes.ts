// Both themes on one page without repeating the flow that led there: the app's `system` theme
// follows the device's colour scheme (theme-provider.tsx listens for its change), so switching
// Playwright's emulated scheme re-renders the page as it stands — dialog open, form in error — in
// the other theme, through the same provider a user's choice goes through.
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect } from './fixtures';

export const THEMES = ['dark', 'light'] as const;
export type ThemeName = (typeof THEMES)[number];

/** A context whose pages follow the emulated colour scheme (the app's `system` theme). */
export async function followingScheme(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext({ ...options, colorScheme: THEMES[0] });
  await context.addInitScript(() => localStorage.setItem('vite-ui-theme', 'system'));
  return context;
}

/** `check` on the page in each theme in turn, once the page shows that theme and its colours have settled. */
export async function inEachTheme(page: Page, check: (theme: ThemeName) => Promise<void>) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
    // colours that ease into the new theme (a badge's `transition-[color]`), and text fading in, are
    // measured once they are there, not before or half-way (#fafafa, #cdcdcd and #f1f1f1 on
    // #f5f5f5 were caught)
    await page.evaluate(async () => {
      // the new theme's styles are computed, and its transitions started, by the next frames
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      // colours easing into the theme, and a page or slide still fading in (an entry animation:
      // its text, half transparent, measures light on light); not a spinner's endless one
      const settling = document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => null));
      // they take a fraction of a second; one that never ends (paused, off screen) does not hold the
      // check up
      await Promise.race([Promise.all(settling), new Promise((done) => setTimeout(done, 1_500))]);
    });
    await check(theme);
  }
}
