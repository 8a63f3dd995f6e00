// What a call's bargaining came to, said to the user (decision 025): for each figure the persona's
// brief let it move, where it opened, where the call left it, how far it could have gone and on
// what condition, and what was left on the table. The results page shows it; the built-in
// evaluator cites it in a rubric's outcome criterion.
import { type Deal, type DealTerm, deal as dealSchema } from '../contracts/evaluation.js';

/** a figure as the persona says it: "165,000", "430 per tonne", "7.5 percent" */
export function formatDealFigure(t: Pick<DealTerm, 'percent' | 'unit'>, value: number): string {
  const digits = value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return [digits, t.percent ? 'percent' : '', t.unit ?? ''].filter(Boolean).join(' ');
}

/** what a term is called: "Base salary", else "The figure" */
export const dealTermName = (t: Pick<DealTerm, 'name'>) =>
  t.name ? t.name[0].toUpperCase() + t.name.slice(1) : 'The figure';

/** how far towards the user a figure stands past another (positive: better for the user) */
const gain = (t: DealTerm, from: number, to: number) => (to - from) * t.gives;

/** the share of the room the brief allowed that the call won: 0 at the opening, 1 at the furthest */
export function roomWon(t: DealTerm): number {
  const room = gain(t, t.opening, t.furthest);
  return room > 0 ? Math.max(0, Math.min(1, gain(t, t.opening, t.reached) / room)) : 1;
}

/** where the call left a term: "agreed at 165,000", "its offer was 155,000 (not agreed)" */
export function dealTermReached(t: DealTerm): string {
  const figure = formatDealFigure(t, t.reached);
  if (t.agreed) return `agreed at ${figure}`;
  if (!t.asked) return t.opening === 0 ? 'no figure asked for' : `left at ${figure} (no figure asked for)`;
  return `its offer was ${figure} (not agreed)`;
}

/** what to learn from a term: what was left on the table and what would have moved it further */
export function dealTermVerdict(t: DealTerm): string {
  const f = (v: number) => formatDealFigure(t, v);
  const left = (to: number) => `${f(Math.abs(to - t.reached))} left on the table`;
  const beyond = t.condition !== null && gain(t, t.reach, t.furthest) > 0;
  const withCondition = beyond ? `, and to ${f(t.furthest)} if you ${t.condition}` : '';
  if (!t.asked) {
    const could =
      t.conditionMet && beyond ? `${f(t.furthest)}, since you had met its condition (${t.condition})` : null;
    return t.opening === 0
      ? `You did not ask for a figure on it. It could offer up to ${could ?? `${f(t.reach)}${withCondition}`}.`
      : `You did not ask for a figure on it. It could go to ${could ?? `${f(t.reach)} without any condition${withCondition}`}.`;
  }
  if (gain(t, t.reached, t.furthest) <= 0) return 'You reached the most its brief allowed.';
  // with its condition met, how far it could go is the furthest
  if (beyond && t.conditionMet) {
    return `You had met its condition (${t.condition}), so it could go to ${f(t.furthest)}: ${left(t.furthest)}.`;
  }
  if (gain(t, t.reached, t.reach) > 0) {
    return `It could go to ${f(t.reach)} without any condition${withCondition}: ${left(t.reach)}.`;
  }
  return beyond
    ? `You reached the most it could give without a condition. It could go to ${f(t.furthest)} if you ${t.condition}.`
    : 'You reached the most its brief allowed.';
}

/** the deal of a stored evaluation, when it has one in the contract's form */
export function dealOf(evaluation: unknown): Deal | undefined {
  if (!evaluation || typeof evaluation !== 'object') return undefined;
  const parsed = dealSchema.safeParse((evaluation as { deal?: unknown }).deal);
  return parsed.success ? parsed.data : undefined;
}
