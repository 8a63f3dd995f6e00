// The credit packs on sale (administration §9). The server prices every purchase from this table;
// the browser only displays it. Amounts are in cents, shown divided by 100.
export type CreditPack = { credits: number; amount: number };

export const CREDIT_PACKS: readonly CreditPack[] = [
  { credits: 1, amount: 499 },
  { credits: 5, amount: 1999 },
  { credits: 10, amount: 2999 },
  { credits: 25, amount: 4999 },
] as const;

export const PAYMENT_CURRENCY = 'usd';

/** The pack matching exactly this credits/amount pair, or undefined for any other pair. */
export function findCreditPack(credits: number, amount: number): CreditPack | undefined {
  return CREDIT_PACKS.find((p) => p.credits === credits && p.amount === amount);
}

/** 1999 → "$19.99" */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The lowest price of one call in any pack, in cents, rounded up: never below what a call costs. */
export function lowestPerCallCents(packs: readonly CreditPack[] = CREDIT_PACKS): number {
  return Math.min(...packs.map((p) => Math.ceil(p.amount / p.credits)));
}

/** "1, 5, 10 or 25": the pack sizes on sale, smallest first. */
export function packSizesText(packs: readonly CreditPack[] = CREDIT_PACKS): string {
  const sizes = [...packs].sort((a, b) => a.credits - b.credits).map((p) => String(p.credits));
  return sizes.length > 1
    ? `${sizes.slice(0, -1).join(', ')} or ${sizes[sizes.length - 1]}`
    : (sizes[0] ?? '');
}
