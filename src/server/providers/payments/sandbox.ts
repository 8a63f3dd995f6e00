// The built-in payment provider used when Stripe is not configured: intents are local ids and
// the browser's TEST MODE card form confirms them through /api/payments/sandbox/confirm.
import { randomBytes } from 'node:crypto';
import type { SandboxPaymentProvider } from './types.js';

export const SANDBOX_INTENT_PREFIX = 'sandbox_pi_';

export function createSandboxProvider(): SandboxPaymentProvider {
  return {
    kind: 'sandbox',
    createPaymentIntent: async () => {
      const id = `${SANDBOX_INTENT_PREFIX}${randomBytes(12).toString('hex')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}` };
    },
  };
}
