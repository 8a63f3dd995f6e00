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
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (opts.within) builder = builder.include(opts.within);
  if (opts.disable?.length) builder = builder.disableRules(opts.disable);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
