// Chooses the payment provider from configuration (config.paymentsProvider): Stripe when its three
// keys are set (config.ts insists on all or none); the sandbox on a local machine or when a
// deployment opts in with PAYMENTS=sandbox; otherwise none — a deployment without Stripe must not
// hand out free credits, so purchases answer 503 and the dialog says payments are not configured.
import type { Config } from '../../config.js';
import { createSandboxProvider } from './sandbox.js';
import { createStripeProvider } from './stripe.js';
import type { PaymentProvider } from './types.js';

export * from './types.js';

export function createPaymentProvider(config: Config): PaymentProvider {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config;
  if (config.paymentsProvider === 'none') return { kind: 'none' };
  if (
    config.paymentsProvider === 'stripe' &&
    STRIPE_SECRET_KEY &&
    STRIPE_PUBLISHABLE_KEY &&
    STRIPE_WEBHOOK_SECRET
  ) {
    return createStripeProvider({
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  return createSandboxProvider();
}
