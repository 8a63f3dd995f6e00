// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxCardForm } from './sandbox-card-form';

const intent = {
  clientSecret: 'sandbox_pi_1_secret_x',
  paymentIntentId: 'sandbox_pi_1',
  provider: 'sandbox' as const,
};

function stubConfirm(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function fill(card: string, expiry = '12/34', cvc = '123') {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: card } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: expiry } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: cvc } });
  fireEvent.click(screen.getByRole('button', { name: 'Pay $19.99 (test)' }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SandboxCardForm', () => {
  it('says TEST MODE and names the test cards', () => {
    render(<SandboxCardForm intent={intent} priceLabel="$19.99" onPaid={vi.fn()} onFailed={vi.fn()} />);
    expect(screen.getByText('TEST MODE — no real card is charged')).toBeTruthy();
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeTruthy();
    expect(screen.getByText(/4000 0000 0000 0002/)).toBeTruthy();
  });

  it('shows field errors and sends nothing for an invalid card, expiry or CVC', async () => {
    const fetchMock = stubConfirm(200, { status: 'completed', processed: true });
    render(<SandboxCardForm intent={intent} priceLabel="$19.99" onPaid={vi.fn()} onFailed={vi.fn()} />);
    fill('4242 4242 4242 4241', '13/30', '1');
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    expect(screen.getByText('Enter the expiry date as MM/YY')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digit security code')).toBeTruthy();
    fill('4242 4242 4242 4242', '01/20');
    expect(await screen.findByText('Your card has expired')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms the payment with the card number and reports it paid', async () => {
    const fetchMock = stubConfirm(200, { status: 'completed', processed: true });
    const onPaid = vi.fn();
    render(<SandboxCardForm intent={intent} priceLabel="$19.99" onPaid={onPaid} onFailed={vi.fn()} />);
    fill('4242424242424242');
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('sandbox_pi_1'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/payments/sandbox/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({
      paymentIntentId: 'sandbox_pi_1',
      cardNumber: '4242 4242 4242 4242',
    });
  });

  it("passes the server's decline message on", async () => {
    stubConfirm(402, { message: 'Your card was declined.' });
    const onFailed = vi.fn();
    const onPaid = vi.fn();
    render(<SandboxCardForm intent={intent} priceLabel="$19.99" onPaid={onPaid} onFailed={onFailed} />);
    fill('4000 0000 0000 0002');
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('Your card was declined.', true));
    expect(onPaid).not.toHaveBeenCalled();
  });
});
