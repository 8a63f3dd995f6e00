// @vitest-environment jsdom
// The Payment Element itself needs js.stripe.com; here the Stripe React bindings are replaced so
// the test can check what the form asks Stripe to do on confirmation (administration §7).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StripePaymentForm from './stripe-payment-form';

const stripe = vi.hoisted(() => ({ confirmPayment: vi.fn() }));
const elements = vi.hoisted(() => ({ id: 'elements' }));
const loadStripe = vi.hoisted(() => vi.fn(async () => stripe));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <div data-testid="elements">{children}</div>,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => stripe,
  useElements: () => elements,
}));

afterEach(cleanup);

function renderForm(onPaid = vi.fn(), onFailed = vi.fn()) {
  render(
    <StripePaymentForm
      publishableKey="pk_test_123"
      clientSecret="pi_1_secret_2"
      paymentIntentId="pi_1"
      email="payer@example.com"
      priceLabel="$19.99"
      onPaid={onPaid}
      onFailed={onFailed}
    />,
  );
  return { onPaid, onFailed };
}

describe('StripePaymentForm', () => {
  it('confirms with return URL /profile, the billing email and no redirect unless required', async () => {
    stripe.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const { onPaid } = renderForm();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_1'));
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      confirmParams: {
        return_url: `${window.location.origin}/profile`,
        payment_method_data: { billing_details: { email: 'payer@example.com' } },
      },
      redirect: 'if_required',
    });
  });

  it("reports Stripe's error message, or the spec's fallback", async () => {
    stripe.confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const { onFailed, onPaid } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('Your card has insufficient funds.', true));
    stripe.confirmPayment.mockResolvedValueOnce({ error: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('An error occurred during payment', false));
    expect(onPaid).not.toHaveBeenCalled();
  });
});
