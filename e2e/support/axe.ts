// Accessibility checks in the journeys: axe-core's violations on a page, once its CSS transitions
// have settled, and the serious and critical WCAG 2.1 A/AA ones as lines.
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 levels A and AA */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What a check looks at: inside `within` only, without the `disable`d rules, with only the rules of `tags` (all of axe's default rules without). */
export type AxeScope = { within?: string; disable?: string[]; tags?: string[] };

/**
 * axe's violations on the page (or inside `within`), once running CSS transitions have ended. A
 * button re-enabled after a request fades back in (the Button's `transition-all`, 150 ms): axe
 * reading it mid-fade reports its contrast; animations that loop, such as a spinner, are not waited
 * for.
 *
 * axe-core runs in the page itself, put there once per document: `@axe-core/playwright` injected
 * its 0.5 MB source before every check (0.4 s of a 0.7–1.4 s check, 27 Nov) and, by default, joined
 * each check's per-frame parts in a blank page it opened for the purpose. The app's pages hold no
 * frame for it to reach into. Only the violations come back (the passes were serialised and dropped).
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<axe.Result[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  await withAxe(page);
  const results = await page.evaluate(
    ({ within, disable, tags }) =>
      window.axe.run(within ? { include: [within] } : document, {
        ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}),
        rules: Object.fromEntries(disable.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      }),
    { within: scope.within, disable: scope.disable ?? [], tags: scope.tags },
  );
  return results.violations;
}

/** Puts axe-core into the page's document unless it holds it already. */
async function withAxe(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
}

/** The part of axe-core's colour utilities (`axe.commons.color`, not in its type declarations) used here. */
type AxeColour = { alpha: number; parseString(css: string): AxeColour };
type AxeColours = {
  Color: new () => AxeColour;
  flattenColors(fg: AxeColour, bg: AxeColour): AxeColour;
  getContrast(bg: AxeColour, fg: AxeColour): number;
};

/**
 * The contrast ratio of each element's text (`selector`; an SVG text's fill) against the backgrounds
 * under it (its ancestors' background colours, down from the first opaque one). For text axe leaves "incomplete"
 * because something drawn sits beside it (a chart's legend beside its swatches), whose contrast its
 * own check then never judges.
 */
export async function textContrasts(page: Page, selector: string) {
  await withAxe(page);
  return page.$$eval(selector, (elements) => {
    const colours = (window.axe.commons as unknown as { color: AxeColours }).color;
    const parse = (css: string) => new colours.Color().parseString(css);
    return elements.map((element) => {
      const layers: AxeColour[] = [];
      for (let at: Element | null = element; at; at = at.parentElement) {
        const layer = parse(getComputedStyle(at).backgroundColor);
        if (layer.alpha > 0) layers.push(layer);
        if (layer.alpha >= 1) break;
      }
      const background = layers.reduceRight(
        (under, over) => colours.flattenColors(over, under),
        parse('#fff'),
      );
      // SVG text is painted by its fill, HTML text by its colour
      const style = getComputedStyle(element);
      const paint = element instanceof SVGElement ? style.fill : style.color;
      const text = colours.flattenColors(parse(paint), background);
      return { text: element.textContent ?? '', ratio: colours.getContrast(background, text) };
    });
  });
}

/** Serious and critical only. */
export const isSerious = (v: axe.Result) => v.impact === 'serious' || v.impact === 'critical';

/** What axe measured on an element, where it says (a contrast's colours and ratio). */
function measured(node: axe.NodeResult) {
  const data = node.any.find((c) => c.data?.contrastRatio)?.data as
    | { fgColor: string; bgColor: string; contrastRatio: number; expectedContrastRatio: string }
    | undefined;
  return data
    ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio} < ${data.expectedContrastRatio}]`
    : '';
}

/** A violation as a line naming the rule and the elements (with a contrast's measure). */
const describeViolation = (v: axe.Result) =>
  `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')}${measured(n)}`).join(', ')}`;

/** The page's serious and critical WCAG 2.1 A/AA problems (or inside `within`), as lines (describeViolation). */
export async function seriousViolations(page: Page, opts: { within?: string; disable?: string[] } = {}) {
  const violations = await axeViolations(page, { ...opts, tags: WCAG_21_AA });
  return violations.filter(isSerious).map(describeViolation);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
