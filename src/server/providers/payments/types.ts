// What the payments module needs from a card-payment provider. Two implementations: Stripe
// (PaymentIntents + signed webhooks) when keyed, and the built-in sandbox otherwise.

export type NewPaymentIntent = {
  amount: number;
  currency: string;
  credits: number;
  userId: number;
  email: string;
};

export type CreatedPaymentIntent = { id: string; clientSecret: string };

/** A verified webhook event, reduced to what the purchase ledger acts on. */
export type PaymentEvent =
  | { kind: 'succeeded'; paymentIntentId: string; amount: number; currency: string }
  | { kind: 'failed'; paymentIntentId: string; message?: string }
  | { kind: 'ignored'; type: string };

/** How the provider itself sees a payment (asked when a webhook is late). */
export type RemotePaymentState = {
  state: 'succeeded' | 'failed' | 'pending';
  amount: number;
  currency: string;
};

export class WebhookSignatureError extends Error {}

/** A deployment without Stripe that has not opted in to the sandbox: nothing can be bought. */
export type NoPaymentProvider = { kind: 'none' };

export type SandboxPaymentProvider = {
  kind: 'sandbox';
  createPaymentIntent: (input: NewPaymentIntent) => Promise<CreatedPaymentIntent>;
};

export type StripePaymentProvider = {
  kind: 'stripe';
  publishableKey: string;
  createPaymentIntent: (input: NewPaymentIntent) => Promise<CreatedPaymentIntent>;
  retrievePaymentState: (paymentIntentId: string) => Promise<RemotePaymentState>;
  /** a cheap authenticated read (the account balance), for the admin's connection test */
  checkConnection: () => Promise<{ livemode: boolean }>;
  /** Verifies the signature over the exact raw bytes; throws WebhookSignatureError otherwise. */
  parseWebhook: (rawBody: Buffer, signature: string | undefined) => PaymentEvent;
};

export type PaymentProvider = SandboxPaymentProvider | StripePaymentProvider | NoPaymentProvider;
