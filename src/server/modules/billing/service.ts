// Purchases of credit packs: pricing from the server's pack table, the pending purchase row, and
// the one crediting path (Stripe webhook, status reconciliation and sandbox confirm all call
// completePurchase), which adds a purchase's credits exactly once inside one transaction.
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type {
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  PaymentStatusResponse,
  Purchase,
} from '../../../shared/contracts/billing.js';
import { findCreditPack, PAYMENT_CURRENCY } from '../../../shared/domain/credit-packs.js';
import { MAX_PENDING_PURCHASES } from '../../../shared/domain/limits.js';
import {
  SANDBOX_DECLINE_MESSAGE,
  SANDBOX_INVALID_CARD_MESSAGE,
  sandboxCardOutcome,
} from '../../../shared/domain/sandbox-cards.js';
import type { Db } from '../../db/client.js';
import { creditLedger, purchases, users } from '../../db/schema.js';
import {
  conflict,
  DomainError,
  invalid,
  notFound,
  paymentRequired,
  tooMany,
  unavailable,
} from '../../errors.js';
import type { PaymentProvider } from '../../providers/payments/index.js';

export const INVALID_PACK_MESSAGE = 'Invalid credit package';
export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';
export const PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider could not be reached, please try again';
export const PAYMENT_ALREADY_FAILED_MESSAGE = 'This payment has already failed. Please start a new payment.';
export const TOO_MANY_PENDING_MESSAGE =
  'Too many payments are waiting to be completed. Finish one of them, or try again tomorrow.';
/** how long a started payment counts as waiting (after it, its page says it was not completed) */
const PENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The card provider failed us (not the caller's fault): 502 with a plain message, cause kept for logs. */
export class PaymentProviderError extends DomainError {
  constructor(override readonly cause: unknown) {
    super('upstream_failed', PROVIDER_UNAVAILABLE_MESSAGE);
  }
}

type PurchaseRow = typeof purchases.$inferSelect;

export function toPurchaseResponse(p: PurchaseRow): Purchase {
  return {
    id: p.id,
    userId: p.userId,
    amount: p.amount,
    credits: p.credits,
    status: p.status,
    stripePaymentId: p.stripePaymentId,
    provider: p.provider,
    createdAt: p.createdAt.toISOString(),
  };
}

const toStatus = (p: PurchaseRow): PaymentStatusResponse => ({
  status: p.status,
  processed: p.status === 'completed',
});

export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not configured on this server yet. Please contact the administrator to add credits.';

export async function createPurchase(
  db: Db,
  provider: PaymentProvider,
  user: { id: number; email: string },
  input: CreatePaymentIntentRequest,
): Promise<CreatePaymentIntentResponse> {
  if (provider.kind === 'none') throw unavailable(PAYMENTS_NOT_CONFIGURED);
  const pack = findCreditPack(input.credits, input.amount);
  if (!pack) throw invalid(INVALID_PACK_MESSAGE);
  // each start is a row here and a call to the provider: a loop of them is refused (the route also
  // limits them per minute)
  const [{ waiting }] = await db
    .select({ waiting: count() })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, user.id),
        eq(purchases.status, 'pending'),
        gt(purchases.createdAt, new Date(Date.now() - PENDING_WINDOW_MS)),
      ),
    );
  if (waiting >= MAX_PENDING_PURCHASES) throw tooMany(TOO_MANY_PENDING_MESSAGE);
  const intent = await provider
    .createPaymentIntent({
      amount: pack.amount,
      currency: PAYMENT_CURRENCY,
      credits: pack.credits,
      userId: user.id,
      email: user.email,
    })
    .catch((err: unknown) => {
      throw new PaymentProviderError(err);
    });
  await db.insert(purchases).values({
    userId: user.id,
    amount: pack.amount,
    credits: pack.credits,
    status: 'pending',
    stripePaymentId: intent.id,
    provider: provider.kind,
  });
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.kind,
    ...(provider.kind === 'stripe' ? { publishableKey: provider.publishableKey } : {}),
  };
}

/** The caller's own purchase; someone else's is indistinguishable from a missing one. */
async function findOwnPurchase(db: Db, userId: number, paymentIntentId: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.stripePaymentId, paymentIntentId));
  if (!row || row.userId !== userId) throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
  return row;
}

export type CompleteOutcome =
  | 'credited'
  | 'already-completed'
  | 'already-failed'
  | 'not-found'
  | 'amount-mismatch';

/**
 * Completes a purchase and adds its credits, once: the row is locked, so of any number of
 * concurrent or replayed confirmations exactly one sees it not yet completed.
 */
export async function completePurchase(
  db: Db,
  paymentIntentId: string,
  paid?: { amount: number; currency: string },
  /** the sandbox: a declined card ends the payment (Stripe may still succeed after a failed attempt) */
  failedIsFinal = false,
): Promise<CompleteOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(purchases)
      .where(eq(purchases.stripePaymentId, paymentIntentId))
      .for('update');
    if (!row) return 'not-found';
    if (row.status === 'completed') return 'already-completed';
    if (failedIsFinal && row.status === 'failed') return 'already-failed';
    if (paid && (paid.amount !== row.amount || paid.currency.toLowerCase() !== PAYMENT_CURRENCY)) {
      return 'amount-mismatch';
    }
    await tx
      .update(purchases)
      .set({ status: 'completed', updatedAt: new Date() })
      .where(eq(purchases.id, row.id));
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${row.credits}` })
      .where(eq(users.id, row.userId));
    await tx
      .insert(creditLedger)
      .values({ userId: row.userId, delta: row.credits, reason: 'purchase', purchaseId: row.id });
    return 'credited';
  });
}

/** Marks a pending purchase failed. A completed one stays completed (events can arrive out of order). */
export async function failPurchase(db: Db, paymentIntentId: string): Promise<boolean> {
  const changed = await db
    .update(purchases)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(purchases.stripePaymentId, paymentIntentId), eq(purchases.status, 'pending')))
    .returning({ id: purchases.id });
  return changed.length > 0;
}

/**
 * The owner's view of a payment. While a Stripe payment is still pending here, Stripe itself is
 * asked, so a late or lost webhook does not leave paid credits missing.
 */
export async function getPaymentStatus(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  paymentIntentId: string,
  onProviderError: (err: unknown) => void,
): Promise<PaymentStatusResponse> {
  const row = await findOwnPurchase(db, userId, paymentIntentId);
  if (row.status !== 'pending' || provider.kind !== 'stripe' || row.provider !== 'stripe') {
    return toStatus(row);
  }
  try {
    const remote = await provider.retrievePaymentState(paymentIntentId);
    if (remote.state === 'succeeded') await completePurchase(db, paymentIntentId, remote);
    if (remote.state === 'failed') await failPurchase(db, paymentIntentId);
  } catch (err) {
    onProviderError(err);
  }
  return toStatus(await findOwnPurchase(db, userId, paymentIntentId));
}

/**
 * The sandbox's card confirmation: test cards decide the outcome, crediting is the webhook's path.
 * Each confirmation is one attempt: a declined one leaves the purchase failed for good (409 on
 * another try), so the history lists it; the browser starts a new payment for the next card.
 */
export async function confirmSandboxPayment(
  db: Db,
  userId: number,
  input: { paymentIntentId: string; cardNumber?: string },
): Promise<PaymentStatusResponse> {
  const row = await findOwnPurchase(db, userId, input.paymentIntentId);
  if (row.provider !== 'sandbox') throw notFound(PAYMENT_NOT_FOUND_MESSAGE);
  if (row.status === 'completed') return toStatus(row);
  const outcome = input.cardNumber === undefined ? 'succeeds' : sandboxCardOutcome(input.cardNumber);
  if (outcome === 'invalid')
    throw invalid(SANDBOX_INVALID_CARD_MESSAGE, { cardNumber: SANDBOX_INVALID_CARD_MESSAGE });
  // A declined attempt stays in the purchase history as failed: another card is a new payment.
  if (row.status === 'failed') throw conflict(PAYMENT_ALREADY_FAILED_MESSAGE);
  // two attempts at once (a declined card and a good one): each is decided under the purchase's
  // lock, and the loser is told what happened to the payment
  if (outcome === 'declined') {
    if (await failPurchase(db, input.paymentIntentId)) throw paymentRequired(SANDBOX_DECLINE_MESSAGE);
    const now = await findOwnPurchase(db, userId, input.paymentIntentId);
    if (now.status === 'failed') throw conflict(PAYMENT_ALREADY_FAILED_MESSAGE);
    return toStatus(now);
  }
  const completed = await completePurchase(db, input.paymentIntentId, undefined, true);
  if (completed === 'already-failed') throw conflict(PAYMENT_ALREADY_FAILED_MESSAGE);
  return toStatus(await findOwnPurchase(db, userId, input.paymentIntentId));
}

export async function listPurchases(db: Db, userId: number, page?: number, pageSize = 5) {
  const base = db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
  if (!page) return { rows: await base, total: undefined };
  const [rows, [{ total }]] = await Promise.all([
    base.limit(pageSize).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(purchases).where(eq(purchases.userId, userId)),
  ]);
  return { rows, total };
}
