// POST /api/webhooks/stripe. Stripe signs the exact bytes it sends, so this route lives in its own
// encapsulated scope whose only body parser keeps the raw Buffer; every other route keeps JSON.
import { webhookAck } from '../../../shared/contracts/billing.js';
import type { Db } from '../../db/client.js';
import { invalid } from '../../errors.js';
import type { App } from '../../http/types.js';
import { type StripePaymentProvider, WebhookSignatureError } from '../../providers/payments/index.js';
import { completePurchase, failPurchase } from './service.js';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export async function registerStripeWebhook(app: App, db: Db, stripe: StripePaymentProvider) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    scope.post('/api/webhooks/stripe', { schema: { response: { 200: webhookAck } } }, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['stripe-signature'];
      let event: ReturnType<StripePaymentProvider['parseWebhook']>;
      try {
        event = stripe.parseWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          req.log.warn({ reason: err.message }, 'stripe webhook refused: bad signature');
          throw invalid('Webhook signature verification failed');
        }
        throw invalid('Webhook payload is not a valid event');
      }

      if (event.kind === 'succeeded') {
        const outcome = await completePurchase(db, event.paymentIntentId, event);
        if (outcome === 'not-found' || outcome === 'amount-mismatch') {
          req.log.error({ paymentIntentId: event.paymentIntentId, outcome }, 'stripe payment not credited');
        }
      } else if (event.kind === 'failed') {
        await failPurchase(db, event.paymentIntentId);
      }
      return { received: true };
    });
  });
}
