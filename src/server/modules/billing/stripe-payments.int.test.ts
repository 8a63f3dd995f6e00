// Purchases through the Stripe provider: the real `stripe` package talks to a local fake of the
// Stripe API, and webhooks carry signatures made by the package's own test-header helper.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, purchases, users } from '../../db/schema.js';
import { createStripeProvider } from '../../providers/payments/stripe.js';
import { type FakeStripe, startFakeStripe } from '../../test-support/fake-stripe.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';

const SECRET_KEY = 'sk_test_fake_secret';
const PUBLISHABLE_KEY = 'pk_test_fake_publishable';
const WEBHOOK_SECRET = 'whsec_test_fake_webhook_secret';

let fake: FakeStripe;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  ctx = await createTestContext({
    // user ids start again after every reset while the per-user budgets stay: a budget per file
    env: { PAYMENT_INTENT_RATE_LIMIT: '1000' },
    providers: {
      payments: createStripeProvider({
        secretKey: SECRET_KEY,
        publishableKey: PUBLISHABLE_KEY,
        webhookSecret: WEBHOOK_SECRET,
        apiBase: fake.url,
      }),
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => ctx.reset());

const creditsOf = async (id: number) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0].credits;
const purchaseRow = async (pi: string) =>
  (await ctx.database.db.select().from(purchases).where(eq(purchases.stripePaymentId, pi)))[0];

function intentEvent(
  type: string,
  intent: { id: string; amount: number },
  eventId = `evt_${intent.id}_${type}`,
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: type === 'payment_intent.succeeded' ? intent.amount : 0,
        currency: 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        last_payment_error:
          type === 'payment_intent.payment_failed' ? { message: 'Your card was declined.' } : null,
      },
    },
  });
}

const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

const deliver = (payload: string, signature?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });

async function startPurchase(credits = 5, amount = 1999) {
  const buyer = await registerUser(ctx.app);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: buyer.cookie },
    payload: { credits, amount },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { paymentIntentId: string; clientSecret: string };
  return { ...buyer, ...body, intent: { id: body.paymentIntentId, amount } };
}

describe('Stripe payment intents', () => {
  it('creates the PaymentIntent at Stripe with the server price, currency and billing email', async () => {
    const buyer = await startPurchase(10, 2999);
    const created = fake.intents.get(buyer.paymentIntentId);
    expect(created).toBeDefined();
    expect(buyer.clientSecret).toBe(created?.client_secret);
    expect(created).toMatchObject({
      amount: 2999,
      currency: 'usd',
      receipt_email: buyer.email,
      metadata: { userId: String(buyer.user.id), credits: '10' },
    });
    const request = fake.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(request?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.form['automatic_payment_methods[enabled]']).toBe('true');
    expect(await purchaseRow(buyer.paymentIntentId)).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      amount: 2999,
      credits: 10,
    });
  });

  it('answers the publishable key, never the secret, and turns the sandbox off', async () => {
    const buyer = await startPurchase();
    const config = await ctx.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: PUBLISHABLE_KEY });
    expect(config.body).not.toContain(SECRET_KEY);
    const sandbox = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: { cookie: buyer.cookie },
      payload: { paymentIntentId: buyer.paymentIntentId },
    });
    expect(sandbox.statusCode).toBe(404);
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits);
  });

  it('reconciles a pending purchase with Stripe when the status is polled before the webhook', async () => {
    const buyer = await startPurchase();
    const status = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/payment-status/${buyer.paymentIntentId}`,
        headers: { cookie: buyer.cookie },
      });
    expect((await status()).json()).toEqual({ status: 'pending', processed: false });
    fake.setStatus(buyer.paymentIntentId, 'succeeded');
    expect((await status()).json()).toEqual({ status: 'completed', processed: true });
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits + 5);
    // The late webhook changes nothing.
    const payload = intentEvent('payment_intent.succeeded', buyer.intent);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits + 5);
  });

  it('marks a pending purchase failed when Stripe holds a declined card on it (issue 23 §6)', async () => {
    const buyer = await startPurchase();
    const status = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/payment-status/${buyer.paymentIntentId}`,
        headers: { cookie: buyer.cookie },
      });
    const intent = fake.intents.get(buyer.paymentIntentId)!;
    intent.last_payment_error = { message: 'Your card was declined.', code: 'card_declined' };
    expect((await status()).json()).toEqual({ status: 'failed', processed: false });
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/purchases?page=1',
      headers: { cookie: buyer.cookie },
    });
    expect(history.json().items).toMatchObject([
      { stripePaymentId: buyer.paymentIntentId, status: 'failed' },
    ]);
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits);
  });

  it('answers 502 with a plain message and keeps no purchase when Stripe refuses', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    fake.failWith = 400;
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie },
        payload: { credits: 1, amount: 499 },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('The payment provider could not be reached, please try again');
      expect(res.body).not.toContain('Simulated');
    } finally {
      fake.failWith = null;
    }
    expect(await ctx.database.db.select().from(purchases).where(eq(purchases.userId, user.id))).toEqual([]);
  });

  it('still answers the stored status when Stripe cannot be asked', async () => {
    const buyer = await startPurchase();
    fake.failWith = 400;
    try {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/payment-status/${buyer.paymentIntentId}`,
        headers: { cookie: buyer.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'pending', processed: false });
    } finally {
      fake.failWith = null;
    }
  });
});

describe('Stripe webhook', () => {
  it('completes the purchase and adds the credits once for a validly signed succeeded event', async () => {
    const buyer = await startPurchase();
    const payload = intentEvent('payment_intent.succeeded', buyer.intent);
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await purchaseRow(buyer.paymentIntentId)).status).toBe('completed');
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits + 5);
    const ledger = await ctx.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reason, 'purchase'));
    expect(ledger).toMatchObject([{ userId: buyer.user.id, delta: 5 }]);
  });

  it('refuses a tampered body, a wrong secret and a missing signature with 400 and credits nothing', async () => {
    const buyer = await startPurchase();
    const payload = intentEvent('payment_intent.succeeded', buyer.intent);
    const tampered = payload.replace('"amount":1999', '"amount":1');
    expect(tampered).not.toBe(payload);
    const attempts = [
      await deliver(tampered, sign(payload)),
      await deliver(payload, sign(payload, 'whsec_someone_else')),
      await deliver(payload),
      await deliver(payload, 'garbage'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Webhook signature verification failed');
    }
    expect((await purchaseRow(buyer.paymentIntentId)).status).toBe('pending');
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits);
  });

  it('credits a replayed event once, however often and however concurrently it arrives', async () => {
    const buyer = await startPurchase(25, 4999);
    const payload = intentEvent('payment_intent.succeeded', buyer.intent);
    const header = sign(payload);
    const first = await deliver(payload, header);
    const replays = await Promise.all(Array.from({ length: 5 }, () => deliver(payload, header)));
    expect([first, ...replays].map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits + 25);
    const ledger = await ctx.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reason, 'purchase'));
    expect(ledger).toHaveLength(1);
  });

  it('keeps a completed purchase and its credits when a failed event arrives after success', async () => {
    const buyer = await startPurchase();
    const ok = intentEvent('payment_intent.succeeded', buyer.intent);
    const failed = intentEvent('payment_intent.payment_failed', buyer.intent);
    expect((await deliver(ok, sign(ok))).statusCode).toBe(200);
    expect((await deliver(failed, sign(failed))).statusCode).toBe(200);
    expect((await purchaseRow(buyer.paymentIntentId)).status).toBe('completed');
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits + 5);
  });

  it('marks a purchase failed on payment_failed, and the owner sees it failed', async () => {
    const buyer = await startPurchase();
    const failed = intentEvent('payment_intent.payment_failed', buyer.intent);
    expect((await deliver(failed, sign(failed))).statusCode).toBe(200);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${buyer.paymentIntentId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(status.json()).toEqual({ status: 'failed', processed: false });
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits);
  });

  it('does not credit a succeeded event whose amount differs from the purchase', async () => {
    const buyer = await startPurchase();
    const payload = intentEvent('payment_intent.succeeded', { id: buyer.paymentIntentId, amount: 499 });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect((await purchaseRow(buyer.paymentIntentId)).status).toBe('pending');
    expect(await creditsOf(buyer.user.id)).toBe(buyer.user.credits);
  });

  it('acknowledges other event types and unknown payments without changing anything', async () => {
    const other = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect((await deliver(other, sign(other))).json()).toEqual({ received: true });
    const unknown = intentEvent('payment_intent.succeeded', { id: 'pi_unknown', amount: 499 });
    expect((await deliver(unknown, sign(unknown))).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(creditLedger)).toEqual([]);
  });

  it('keeps JSON parsing for every other route', async () => {
    const { cookie } = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ credits: 1, amount: 499 }),
    });
    expect(res.statusCode).toBe(200);
  });
});
