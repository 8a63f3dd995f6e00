// Stripe's Payment Element, loaded only when Stripe is the provider (its script comes from
// js.stripe.com, allowed by the server's CSP). Confirmation returns to /profile with the user's
// billing email and redirects only when the payment method requires it.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type Props = {
  publishableKey: string;
  clientSecret: string;
  paymentIntentId: string;
  email: string;
  priceLabel: string;
  onPaid: (paymentIntentId: string) => void;
  /** `declined`: the card was refused (Stripe's card_error): the next try is a new payment */
  onFailed: (message: string, declined: boolean) => void;
};

const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let p = stripeByKey.get(key);
  if (!p) {
    p = loadStripe(key);
    stripeByKey.set(key, p);
  }
  return p;
};

function PaymentForm({
  paymentIntentId,
  email,
  priceLabel,
  onPaid,
  onFailed,
}: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}/profile`,
          payment_method_data: { billing_details: { email } },
        },
        redirect: 'if_required',
      });
      if (error) onFailed(error.message || 'An error occurred during payment', error.type === 'card_error');
      else if (paymentIntent?.status === 'requires_payment_method')
        onFailed('An error occurred during payment', true);
      else onPaid(paymentIntent?.id ?? paymentIntentId);
    } catch (err) {
      onFailed(err instanceof Error && err.message ? err.message : 'An error occurred during payment', false);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Card payment">
      <PaymentElement options={{ fields: { billingDetails: { email: 'never' } } }} />
      <Button type="submit" disabled={!stripe || !elements || submitting}>
        {submitting && <Spinner />}
        Pay {priceLabel}
      </Button>
    </form>
  );
}

export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <PaymentForm {...rest} />
    </Elements>
  );
}
