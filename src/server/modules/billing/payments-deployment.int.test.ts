// Issue 19 §6: the payment sandbox credits anyone, so it is the zero-key default only on a local
// machine. A deployment (a PUBLIC_URL that is not localhost) without Stripe keys sells nothing
// unless it opts in with PAYMENTS=sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, loadConfig } from '../../config.js';
import type { App } from '../../http/types.js';
import {
  createTestContext,
  depsWithConfig,
  registerUser,
  type TestContext,
} from '../../test-support/test-app.js';
import { providersStatus } from '../health/service.js';
import { PAYMENTS_NOT_CONFIGURED } from './service.js';

const keys = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('which payments run', () => {
  it('is the sandbox on a local machine, none on a deployment without keys, Stripe with keys', () => {
    expect(loadConfig({}).paymentsProvider).toBe('sandbox');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).paymentsProvider).toBe('sandbox');
    expect(loadConfig({ PUBLIC_URL: 'https://calls.example.com' }).paymentsProvider).toBe('none');
    expect(
      loadConfig({ PUBLIC_URL: 'https://calls.example.com', PAYMENTS: 'sandbox' }).paymentsProvider,
    ).toBe('sandbox');
    expect(loadConfig({ PUBLIC_URL: 'https://calls.example.com', ...keys }).paymentsProvider).toBe('stripe');
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow('PAYMENTS');
  });

  it('is what the admin page lists, with a warning for the sandbox on a deployment', () => {
    expect(providersStatus(loadConfig({ PUBLIC_URL: 'https://calls.example.com' })).payments.kind).toBe(
      'none',
    );
    const optedIn = providersStatus(
      loadConfig({ PUBLIC_URL: 'https://calls.example.com', PAYMENTS: 'sandbox' }),
    );
    expect(optedIn.payments).toMatchObject({
      kind: 'sandbox',
      detail: expect.stringMatching(/TEST MODE on a deployment/),
    });
    expect(providersStatus(loadConfig({})).payments.kind).toBe('sandbox');
  });
});

describe('a deployment without Stripe keys', () => {
  let ctx: TestContext;
  let app: App;
  beforeAll(async () => {
    ctx = await createTestContext();
    // what main.ts would build for a deployment's config: its payment provider is none
    app = await buildApp(depsWithConfig(ctx.deps, { PUBLIC_URL: 'https://calls.example.com' }), {
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('sells nothing and credits nothing: the sandbox is off and the answer says why', async () => {
    const { cookie } = await registerUser(app);
    const headers = { cookie, origin: 'https://calls.example.com' };
    const config = await app.inject({ method: 'GET', url: '/api/payments/config', headers });
    expect(config.json()).toEqual({ provider: 'none', publishableKey: null });
    const buy = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers,
      payload: { credits: 5, amount: 1999 },
    });
    expect(buy.statusCode).toBe(503);
    expect(buy.json().message).toBe(PAYMENTS_NOT_CONFIGURED);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers,
      payload: { paymentIntentId: 'sandbox_pi_x', cardNumber: '4242424242424242' },
    });
    expect(confirm.statusCode).toBe(404);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json().credits).toBe(1);
  });
});
