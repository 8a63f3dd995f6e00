// Serious and critical WCAG 2.1 A/AA problems on a page, once its CSS transitions have settled.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page's serious and critical WCAG 2.1 A/AA problems (or inside `within`), as lines naming the
 * rule and the elements. A button re-enabled after a request fades back in (the Button's
 * `transition-all`, 150 ms): axe reading it mid-fade reports its contrast, so the check waits for
 * running CSS transitions (animations that loop, such as a spinner, are not waited for).
 */
export async function seriousViolations(page: Page, opts: { within?: string; disable?: string[] } = {}) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  // Legacy mode: axe.run in the page itself. The default splits the run by frame and joins the
  // parts in a blank page it opens for each check, half of a check's time here (1.2–1.7 s against
  // 0.6–0.9 s, 27 Nov); the app's pages hold no cross-origin frame for that to reach. Only the
  // violations are written out in full (the passes were serialised and then dropped).
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (opts.within) builder = builder.include(opts.within);
  if (opts.disable?.length) builder = builder.disableRules(opts.disable);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
