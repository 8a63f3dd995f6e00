// Real card payments through Stripe PaymentIntents. STRIPE_API_BASE (tests, stripe-mock) moves
// the API host; signatures are checked by the stripe package over the raw request bytes.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { PaymentEvent, RemotePaymentState, StripePaymentProvider } from './types.js';
import { WebhookSignatureError } from './types.js';

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiBase?: string;
};

function connectionOptions(apiBase?: string): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function toRemoteState(pi: Stripe.PaymentIntent): RemotePaymentState['state'] {
  if (pi.status === 'succeeded') return 'succeeded';
  if (pi.status === 'canceled') return 'failed';
  // a declined card leaves the intent waiting for another payment method, with the decline on it;
  // the app's next attempt is a new intent, so this one has failed (as payment_intent.payment_failed says)
  if (pi.status === 'requires_payment_method' && pi.last_payment_error) return 'failed';
  return 'pending';
}

export function createStripeProvider(opts: StripeProviderOptions): StripePaymentProvider {
  // required on first use, not imported: a server nobody buys on never loads the SDK (about 20 MB
  // resident), and building the app's dependencies at start costs nothing
  let client: Stripe | null = null;
  const stripe = (): Stripe => {
    if (!client) {
      const StripeClient = createRequire(import.meta.url)('stripe') as typeof Stripe;
      client = new StripeClient(opts.secretKey, {
        ...connectionOptions(opts.apiBase),
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
      });
    }
    return client;
  };

  return {
    kind: 'stripe',
    publishableKey: opts.publishableKey,

    async createPaymentIntent(input) {
      const pi = await stripe().paymentIntents.create({
        amount: input.amount,
        currency: input.currency,
        automatic_payment_methods: { enabled: true },
        receipt_email: input.email,
        description: `${input.credits} practice call credit${input.credits === 1 ? '' : 's'}`,
        metadata: { userId: String(input.userId), credits: String(input.credits) },
      });
      if (!pi.client_secret)
        throw new Error(`Stripe returned payment intent ${pi.id} without a client secret`);
      return { id: pi.id, clientSecret: pi.client_secret };
    },

    async retrievePaymentState(paymentIntentId) {
      const pi = await stripe().paymentIntents.retrieve(paymentIntentId);
      return { state: toRemoteState(pi), amount: pi.amount_received || pi.amount, currency: pi.currency };
    },

    async checkConnection() {
      const balance = await stripe().balance.retrieve({}, { maxNetworkRetries: 0 });
      return { livemode: balance.livemode };
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      const { webhooks } = stripe();
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      return toPaymentEvent(event);
    },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  if (event.type === 'payment_intent.succeeded') {
    const pi = event.data.object;
    return {
      kind: 'succeeded',
      paymentIntentId: pi.id,
      amount: pi.amount_received || pi.amount,
      currency: pi.currency,
    };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const pi = event.data.object;
    return { kind: 'failed', paymentIntentId: pi.id, message: pi.last_payment_error?.message };
  }
  return { kind: 'ignored', type: event.type };
}
