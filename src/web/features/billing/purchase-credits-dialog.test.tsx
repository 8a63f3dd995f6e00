// @vitest-environment jsdom
// Issue 23 §6: a declined card is said inside the Purchase Credits dialog (not only in a toast),
// and the next card is a new payment, so the declined one stays failed in the purchase history.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PurchaseCreditsDialog } from './purchase-credits-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The sandbox server: payment intents sandbox_pi_1, _2, …; the decline card is refused with 402. */
function stubServer() {
  let intents = 0;
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    if (url === '/api/payments/config') return json(200, { provider: 'sandbox', publishableKey: null });
    if (url === '/api/create-payment-intent') {
      intents += 1;
      const id = `sandbox_pi_${intents}`;
      return json(200, { clientSecret: `${id}_secret`, paymentIntentId: id, provider: 'sandbox' });
    }
    if (url === '/api/payments/sandbox/confirm') {
      return body.cardNumber === '4000 0000 0000 0002'
        ? json(402, { message: 'Your card was declined.' })
        : json(200, { status: 'completed', processed: true });
    }
    if (url.startsWith('/api/payment-status/')) return json(200, { status: 'failed', processed: false });
    return json(404, { message: 'not stubbed' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function pay(dialog: HTMLElement, card: string) {
  fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: card } });
  fireEvent.change(within(dialog).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/34' } });
  fireEvent.change(within(dialog).getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $19.99 (test)' }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PurchaseCreditsDialog', () => {
  it('shows a declined card in the dialog, then pays the same pack as a new payment', async () => {
    const calls = stubServer();
    const onPaid = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PurchaseCreditsDialog open onOpenChange={vi.fn()} email="payer@example.com" onPaid={onPaid} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await within(dialog).findByText('TEST MODE — no real card is charged');

    pay(dialog, '4000 0000 0000 0002');
    const alert = await within(dialog).findByTestId('payment-failure');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Payment Failed');
    expect(alert.textContent).toContain('Your card was declined.');
    // the server is asked about the declined payment (so the history can list it failed)
    await waitFor(() => expect(calls.some((c) => c.url === '/api/payment-status/sandbox_pi_1')).toBe(true));

    pay(dialog, '4242 4242 4242 4242');
    await waitFor(() =>
      expect(onPaid).toHaveBeenCalledWith('sandbox_pi_2', expect.objectContaining({ credits: 5 })),
    );
    expect(within(dialog).queryByTestId('payment-failure')).toBeNull();
    const confirms = calls.filter((c) => c.url === '/api/payments/sandbox/confirm').map((c) => c.body);
    expect(confirms).toEqual([
      { paymentIntentId: 'sandbox_pi_1', cardNumber: '4000 0000 0000 0002' },
      { paymentIntentId: 'sandbox_pi_2', cardNumber: '4242 4242 4242 4242' },
    ]);
    const created = calls.filter((c) => c.url === '/api/create-payment-intent').map((c) => c.body);
    expect(created).toEqual([
      { credits: 5, amount: 1999 },
      { credits: 5, amount: 1999 },
    ]);
  });
});
