// Credit purchases on the built-in sandbox provider (no Stripe keys): pricing, ownership,
// crediting exactly once, history and paging.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDIT_PACKS } from '../../../shared/domain/credit-packs.js';
import { MAX_PENDING_PURCHASES } from '../../../shared/domain/limits.js';
import { SANDBOX_DECLINE_CARD, SANDBOX_SUCCESS_CARD } from '../../../shared/domain/sandbox-cards.js';
import { creditLedger, purchases, users } from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';
import { PAYMENT_ALREADY_FAILED_MESSAGE, TOO_MANY_PENDING_MESSAGE } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  // user ids start again after every reset while the per-user budgets stay: a budget per file
  ctx = await createTestContext({ env: { PAYMENT_INTENT_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const post = (cookie: string | undefined, url: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const get = (cookie: string | undefined, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function buy(cookie: string, credits = 5, amount = 1999) {
  const res = await post(cookie, '/api/create-payment-intent', { credits, amount });
  expect(res.statusCode).toBe(200);
  return res.json() as { paymentIntentId: string; clientSecret: string; provider: string };
}

const creditsOf = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0].credits;

describe('sandbox payments', () => {
  it('tells the browser the sandbox is active and has no publishable key', async () => {
    const res = await get(undefined, '/api/payments/config');
    expect(res.json()).toEqual({ provider: 'sandbox', publishableKey: null });
  });

  it('creates a pending purchase priced from the server table for every pack', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    for (const pack of CREDIT_PACKS) {
      const intent = await buy(cookie, pack.credits, pack.amount);
      expect(intent.provider).toBe('sandbox');
      expect(intent.clientSecret).toContain(intent.paymentIntentId);
      const [row] = await ctx.database.db
        .select()
        .from(purchases)
        .where(eq(purchases.stripePaymentId, intent.paymentIntentId));
      expect(row).toMatchObject({
        userId: user.id,
        credits: pack.credits,
        amount: pack.amount,
        status: 'pending',
      });
    }
  });

  it('refuses any credits/amount pair that is not a pack with 400 and creates nothing', async () => {
    const { cookie } = await registerUser(ctx.app);
    for (const body of [
      { credits: 5, amount: 499 },
      { credits: 100, amount: 1 },
      { credits: 25, amount: 4998 },
      { credits: 0, amount: 0 },
      { credits: 5, amount: 19.99 },
    ]) {
      const res = await post(cookie, '/api/create-payment-intent', body);
      expect([body, res.statusCode]).toEqual([body, 400]);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await ctx.database.db.select().from(purchases)).toEqual([]);
  });

  it('answers bad bodies and ids with 4xx, never 5xx', async () => {
    const { cookie } = await registerUser(ctx.app);
    const bodies = [null, 'x', [], {}, { credits: '5', amount: '1999' }, { credits: -1, amount: 1e30 }];
    for (const body of bodies) {
      const a = await post(cookie, '/api/create-payment-intent', body);
      const b = await post(cookie, '/api/payments/sandbox/confirm', body);
      expect(a.statusCode).toBeGreaterThanOrEqual(400);
      expect(a.statusCode).toBeLessThan(500);
      expect(b.statusCode).toBeGreaterThanOrEqual(400);
      expect(b.statusCode).toBeLessThan(500);
    }
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"credits":',
    });
    expect(raw.statusCode).toBe(400);
    const longId = (await get(cookie, `/api/payment-status/${'x'.repeat(300)}`)).statusCode;
    expect([400, 404, 414]).toContain(longId);
    expect((await get(cookie, '/api/purchases?page=0')).statusCode).toBe(400);
    expect((await get(cookie, '/api/purchases?pageSize=abc')).statusCode).toBe(400);
  });

  it('never answers 5xx to arbitrary JSON bodies (property)', async () => {
    const { cookie } = await registerUser(ctx.app);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 2 }), async (body) => {
        for (const url of ['/api/create-payment-intent', '/api/payments/sandbox/confirm']) {
          const res = await ctx.app.inject({
            method: 'POST',
            url,
            headers: { cookie, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(res.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('requires sign-in for every purchase route', async () => {
    expect(
      (await post(undefined, '/api/create-payment-intent', { credits: 1, amount: 499 })).statusCode,
    ).toBe(401);
    expect(
      (await post(undefined, '/api/payments/sandbox/confirm', { paymentIntentId: 'x' })).statusCode,
    ).toBe(401);
    expect((await get(undefined, '/api/payment-status/x')).statusCode).toBe(401);
    expect((await get(undefined, '/api/purchases')).statusCode).toBe(401);
  });

  it('confirms with the success card: completed, credits added and traced in the ledger', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    const before = await creditsOf(user.id);
    const { paymentIntentId } = await buy(cookie);
    expect((await get(cookie, `/api/payment-status/${paymentIntentId}`)).json()).toEqual({
      status: 'pending',
      processed: false,
    });

    const res = await post(cookie, '/api/payments/sandbox/confirm', {
      paymentIntentId,
      cardNumber: SANDBOX_SUCCESS_CARD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'completed', processed: true });
    expect(await creditsOf(user.id)).toBe(before + 5);
    expect((await get(cookie, `/api/payment-status/${paymentIntentId}`)).json()).toEqual({
      status: 'completed',
      processed: true,
    });
    expect((await get(cookie, '/api/user')).json().credits).toBe(before + 5);

    const ledger = await ctx.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reason, 'purchase'));
    const [purchase] = await ctx.database.db.select().from(purchases);
    expect(ledger).toMatchObject([{ userId: user.id, delta: 5, purchaseId: purchase.id }]);
  });

  it('declines the decline card: purchase failed, 402 with the card message, no credits', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    const before = await creditsOf(user.id);
    const { paymentIntentId } = await buy(cookie);
    const res = await post(cookie, '/api/payments/sandbox/confirm', {
      paymentIntentId,
      cardNumber: SANDBOX_DECLINE_CARD,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect((await get(cookie, `/api/payment-status/${paymentIntentId}`)).json()).toEqual({
      status: 'failed',
      processed: false,
    });
    expect(await creditsOf(user.id)).toBe(before);

    const invalid = await post(cookie, '/api/payments/sandbox/confirm', {
      paymentIntentId,
      cardNumber: '1234 5678 9012 3456',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Your card number is invalid.');
  });

  it('keeps a declined attempt failed in the history; the next card is a new payment (issue 23 §6)', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    const before = await creditsOf(user.id);
    const declined = await buy(cookie);
    const decline = await post(cookie, '/api/payments/sandbox/confirm', {
      paymentIntentId: declined.paymentIntentId,
      cardNumber: SANDBOX_DECLINE_CARD,
    });
    expect(decline.statusCode).toBe(402);
    // the same payment cannot be turned into a success afterwards
    const again = await post(cookie, '/api/payments/sandbox/confirm', {
      paymentIntentId: declined.paymentIntentId,
      cardNumber: SANDBOX_SUCCESS_CARD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_ALREADY_FAILED_MESSAGE);
    expect(await creditsOf(user.id)).toBe(before);

    const retry = await buy(cookie);
    const paid = await post(cookie, '/api/payments/sandbox/confirm', {
      paymentIntentId: retry.paymentIntentId,
      cardNumber: SANDBOX_SUCCESS_CARD,
    });
    expect(paid.statusCode).toBe(200);
    expect(await creditsOf(user.id)).toBe(before + 5);
    const history = (await get(cookie, '/api/purchases?page=1')).json();
    expect(history.total).toBe(2);
    expect(
      history.items.map((p: { stripePaymentId: string; status: string }) => [p.stripePaymentId, p.status]),
    ).toEqual([
      [retry.paymentIntentId, 'completed'],
      [declined.paymentIntentId, 'failed'],
    ]);
  });

  it('credits once when the same payment is confirmed 10 times at once', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    const before = await creditsOf(user.id);
    const { paymentIntentId } = await buy(cookie, 10, 2999);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(cookie, '/api/payments/sandbox/confirm', { paymentIntentId })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await creditsOf(user.id)).toBe(before + 10);
    const ledger = await ctx.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reason, 'purchase'));
    expect(ledger).toHaveLength(1);
  });

  it('a declined card and a good one sent at once: either both say what the payment became, and a failed one never credits', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    for (let round = 0; round < 8; round++) {
      const before = await creditsOf(user.id);
      const { paymentIntentId } = await buy(cookie, 5, 1999);
      const [declined, good] = await Promise.all([
        post(cookie, '/api/payments/sandbox/confirm', { paymentIntentId, cardNumber: SANDBOX_DECLINE_CARD }),
        post(cookie, '/api/payments/sandbox/confirm', { paymentIntentId, cardNumber: SANDBOX_SUCCESS_CARD }),
      ]);
      const [row] = await ctx.database.db
        .select()
        .from(purchases)
        .where(eq(purchases.stripePaymentId, paymentIntentId));
      const credited = (await creditsOf(user.id)) - before;
      if (row.status === 'failed') {
        // the decline came first: the good card is told so, and nothing is added
        expect([declined.statusCode, good.statusCode]).toEqual([402, 409]);
        expect(credited).toBe(0);
      } else {
        // the good card came first: paid once, and the decline answer says the payment is completed
        expect(row.status).toBe('completed');
        expect([declined.statusCode, good.statusCode]).toEqual([200, 200]);
        expect(declined.json().status).toBe('completed');
        expect(credited).toBe(5);
      }
    }
  });

  it('refuses a 21st waiting payment, counting only those started in the last day', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const waiting = (n: number, createdAt = new Date()) =>
      Array.from({ length: n }, (_, i) => ({
        userId: user.id,
        amount: 499,
        credits: 1,
        status: 'pending' as const,
        stripePaymentId: `pi_sandbox_waiting_${createdAt.getTime()}_${i}`,
        provider: 'sandbox' as const,
        createdAt,
      }));
    await ctx.database.db
      .insert(purchases)
      .values([...waiting(MAX_PENDING_PURCHASES - 1), ...waiting(5, old)]);
    await buy(cookie, 1, 499);
    const refused = await post(cookie, '/api/create-payment-intent', { credits: 1, amount: 499 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_PENDING_MESSAGE);
    const rows = await ctx.database.db.select().from(purchases).where(eq(purchases.userId, user.id));
    expect(rows).toHaveLength(MAX_PENDING_PURCHASES + 5);
  });

  it("hides another user's payment: status and confirm answer 404 and credit nobody", async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const { paymentIntentId } = await buy(owner.cookie);
    expect((await get(other.cookie, `/api/payment-status/${paymentIntentId}`)).statusCode).toBe(404);
    const confirm = await post(other.cookie, '/api/payments/sandbox/confirm', { paymentIntentId });
    expect(confirm.statusCode).toBe(404);
    expect(await creditsOf(owner.user.id)).toBe(owner.user.credits);
    expect(await creditsOf(other.user.id)).toBe(other.user.credits);
    expect((await get(other.cookie, '/api/purchases')).json()).toEqual([]);
  });

  it('has no Stripe webhook while the sandbox is active', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });

  it("lists only the caller's purchases, newest first, as an array or a page", async () => {
    const { cookie } = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    await buy(other.cookie);
    const ids: string[] = [];
    for (const pack of [...CREDIT_PACKS, ...CREDIT_PACKS.slice(0, 3)]) {
      ids.push((await buy(cookie, pack.credits, pack.amount)).paymentIntentId);
    }
    await post(cookie, '/api/payments/sandbox/confirm', { paymentIntentId: ids[6] });

    const all = (await get(cookie, '/api/purchases')).json();
    expect(all).toHaveLength(7);
    expect(all[0]).toMatchObject({ stripePaymentId: ids[6], status: 'completed', credits: 10, amount: 2999 });
    expect(all.map((p: { stripePaymentId: string }) => p.stripePaymentId)).toEqual([...ids].reverse());

    const page1 = (await get(cookie, '/api/purchases?page=1')).json();
    expect(page1.total).toBe(7);
    expect(page1.items).toHaveLength(5);
    const page2 = (await get(cookie, '/api/purchases?page=2&pageSize=5')).json();
    expect(page2.items.map((p: { stripePaymentId: string }) => p.stripePaymentId)).toEqual([ids[1], ids[0]]);
  });
});

describe('starting payments', () => {
  it('lets a user start ten payments a minute by default, then answers 429 (each start calls the provider)', async () => {
    const limited = await createTestContext();
    try {
      const start = (cookie: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { credits: 1, amount: 499 },
          headers: { cookie },
        });
      const { cookie } = await registerUser(limited.app);
      for (let i = 0; i < 10; i++) expect((await start(cookie)).statusCode).toBe(200);
      expect((await start(cookie)).statusCode).toBe(429);
      // another user has a budget of their own
      const other = await registerUser(limited.app);
      expect((await start(other.cookie)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
