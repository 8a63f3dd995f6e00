import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createPaymentProvider } from './index.js';

const keys = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('payment provider selection', () => {
  it('uses the sandbox with no Stripe keys', () => {
    expect(createPaymentProvider(loadConfig({})).kind).toBe('sandbox');
  });

  it('uses Stripe with all three keys and exposes only the publishable one', () => {
    const provider = createPaymentProvider(loadConfig(keys));
    expect(provider.kind).toBe('stripe');
    expect(provider.kind === 'stripe' && provider.publishableKey).toBe('pk_test_x');
  });

  it('refuses to start with only some of the Stripe keys', () => {
    const partial = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow('must be set together');
  });

  it('rejects a STRIPE_API_BASE that is not a URL', () => {
    expect(() => loadConfig({ ...keys, STRIPE_API_BASE: 'nope' })).toThrow('STRIPE_API_BASE');
  });
});
