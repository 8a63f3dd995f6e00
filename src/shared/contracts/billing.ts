import { z } from 'zod';

export const paymentProviderKind = z.enum(['stripe', 'sandbox']);
export type PaymentProviderKind = z.infer<typeof paymentProviderKind>;

export const purchaseStatus = z.enum(['pending', 'completed', 'failed']);
export type PurchaseStatus = z.infer<typeof purchaseStatus>;

const wholeNumber = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be a whole number`)
    .max(1_000_000_000, `${field} must be a whole number`);

/** `amount` is in cents and must be exactly the price of the pack with that many credits. */
export const createPaymentIntentRequest = z.object({
  credits: wholeNumber('Credits'),
  amount: wholeNumber('Amount'),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequest>;

export const createPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: paymentProviderKind,
  publishableKey: z.string().optional(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponse>;

export const paymentIntentIdParam = z.object({
  paymentIntentId: z.string().trim().min(1).max(255),
});

/** `processed` is true once the purchase's credits are on the account. */
export const paymentStatusResponse = z.object({
  status: purchaseStatus,
  processed: z.boolean(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;

export const purchaseResponse = z.object({
  id: z.number(),
  userId: z.number(),
  amount: z.number(),
  credits: z.number(),
  status: purchaseStatus,
  stripePaymentId: z.string(),
  provider: paymentProviderKind,
  createdAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseResponse>;

export const purchaseListResponse = z.union([
  z.array(purchaseResponse),
  z.object({ items: z.array(purchaseResponse), total: z.number() }),
]);
export type PagedPurchases = { items: Purchase[]; total: number };

/** The sandbox's card form sends the test card number; without one the payment succeeds. */
export const sandboxConfirmRequest = z.object({
  paymentIntentId: z.string().trim().min(1).max(255),
  cardNumber: z.string().max(40).optional(),
});
export type SandboxConfirmRequest = z.infer<typeof sandboxConfirmRequest>;

export const sandboxConfirmResponse = paymentStatusResponse;

export const paymentsConfigResponse = z.object({
  /** 'none': a deployment without Stripe that has not opted in to the sandbox (nothing to buy) */
  provider: z.enum(['stripe', 'sandbox', 'none']),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigResponse>;

export const webhookAck = z.object({ received: z.boolean() });
