// Credit purchases: payment intents, status polling, purchase history, the Stripe webhook and the
// sandbox's confirm endpoint (which exists only while Stripe is not configured).

import {
  createPaymentIntentRequest,
  createPaymentIntentResponse,
  paymentIntentIdParam,
  paymentStatusResponse,
  paymentsConfigResponse,
  purchaseListResponse,
  sandboxConfirmRequest,
  sandboxConfirmResponse,
} from '../../../shared/contracts/billing.js';
import { pageQuery } from '../../../shared/contracts/common.js';
import { PURCHASE_PAGE_SIZE } from '../../../shared/domain/limits.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { App } from '../../http/types.js';
import { perUserRateLimit } from '../auth/per-user-rate-limit.js';
import { requireUser } from '../auth/session-auth.js';
import * as payments from './service.js';
import { registerStripeWebhook } from './webhook.js';

export async function paymentRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const payer = deps.payments;

  app.get('/api/payments/config', { schema: { response: { 200: paymentsConfigResponse } } }, async () => ({
    provider: payer.kind,
    publishableKey: payer.kind === 'stripe' ? payer.publishableKey : null,
  }));

  // each start calls the payment provider: a few a minute per user (PAYMENT_INTENT_RATE_LIMIT)
  const startLimit = perUserRateLimit(app, deps.config.PAYMENT_INTENT_RATE_LIMIT);
  app.post(
    '/api/create-payment-intent',
    {
      preHandler: startLimit,
      schema: { body: createPaymentIntentRequest, response: { 200: createPaymentIntentResponse } },
    },
    async (req) => {
      const user = requireUser(req);
      try {
        return await payments.createPurchase(db, payer, user, req.body);
      } catch (err) {
        if (err instanceof payments.PaymentProviderError) {
          req.log.error({ err: err.cause }, 'payment provider refused to create a payment intent');
        }
        throw err;
      }
    },
  );

  app.get(
    '/api/payment-status/:paymentIntentId',
    { schema: { params: paymentIntentIdParam, response: { 200: paymentStatusResponse } } },
    async (req) => {
      const user = requireUser(req);
      return payments.getPaymentStatus(db, payer, user.id, req.params.paymentIntentId, (err) =>
        req.log.warn({ err }, 'could not ask the payment provider for a payment status'),
      );
    },
  );

  app.get(
    '/api/purchases',
    { schema: { querystring: pageQuery, response: { 200: purchaseListResponse } } },
    async (req) => {
      const user = requireUser(req);
      const pageSize = req.query.pageSize ?? PURCHASE_PAGE_SIZE;
      const { rows, total } = await payments.listPurchases(db, user.id, req.query.page, pageSize);
      const items = rows.map(payments.toPurchaseResponse);
      return total === undefined ? items : { items, total };
    },
  );

  app.post(
    '/api/payments/sandbox/confirm',
    {
      schema: {
        description:
          'Confirms a sandbox payment with a test card: 402 when the card is declined (the purchase is then failed for good), ' +
          '409 when confirming a purchase that has already failed (a new card is a new payment intent), 400 for an invalid card number.',
        body: sandboxConfirmRequest,
        response: { 200: sandboxConfirmResponse },
      },
    },
    async (req) => {
      if (payer.kind !== 'sandbox') throw notFound('The payment sandbox is disabled');
      const user = requireUser(req);
      return payments.confirmSandboxPayment(db, user.id, req.body);
    },
  );

  // Without Stripe there is no webhook route at all: the not-found handler answers 404.
  if (payer.kind === 'stripe') await registerStripeWebhook(app, db, payer);
}
