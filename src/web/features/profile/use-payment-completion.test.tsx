// @vitest-environment jsdom
// The after-payment flow with the spec's timings on fake timers: toasts, balances, give-up path.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '@/components/auth/auth-provider';
import { MAX_RETRIES_MESSAGE, UPDATE_NEEDED_MESSAGE, usePaymentCompletion } from './use-payment-completion';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let queryClient: QueryClient;
let statusAnswers: { status: string; processed: boolean }[];
let statusCalls: number;
let credits: number;

beforeEach(() => {
  vi.useFakeTimers();
  statusCalls = 0;
  credits = 6;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(USER_QUERY_KEY, { id: 1, credits: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/payment-status/')) {
        return json(statusAnswers[Math.min(statusCalls++, statusAnswers.length - 1)]);
      }
      if (url === '/api/user') return json({ id: 1, credits });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

async function run(known = { credits: 5, previousBalance: 1 }) {
  const { result } = renderHook(() => usePaymentCompletion(), { wrapper });
  let done: Promise<void> = Promise.resolve();
  act(() => {
    done = result.current.follow('pi_1', known);
  });
  return { result, done };
}

describe('usePaymentCompletion', () => {
  it('toasts, waits 5 s before the first check, then shows Credits Updated and both balances', async () => {
    statusAnswers = [
      { status: 'pending', processed: false },
      { status: 'completed', processed: true },
    ];
    const { result, done } = await run();
    expect(toastMock.success).toHaveBeenCalledWith('Payment Successful', {
      description: 'Processing your credit purchase...',
    });
    expect(result.current.following).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(statusCalls).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(statusCalls).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
      await done;
    });
    expect(statusCalls).toBe(2);
    expect(toastMock.success).toHaveBeenCalledWith('Credits Updated', {
      description: 'Your credits have been added to your account.',
    });
    expect(result.current.result).toEqual({ credits: 5, previousBalance: 1, newBalance: 6 });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual({ id: 1, credits: 6 });
    expect(result.current.following).toBe(false);
  });

  it('gives up after 5 checks with Update Needed and the maximum-retries notice', async () => {
    statusAnswers = [{ status: 'pending', processed: false }];
    const { result, done } = await run();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000 + 4 * 2_000);
      await done;
    });
    expect(statusCalls).toBe(5);
    expect(toastMock.warning).toHaveBeenCalledWith('Update Needed', { description: UPDATE_NEEDED_MESSAGE });
    expect(result.current.notUpdated).toBe(true);
    expect(result.current.result).toBeNull();
    expect(MAX_RETRIES_MESSAGE).toBe('Credits not updated after maximum retries');
  });

  it('reports a failed payment at once', async () => {
    statusAnswers = [{ status: 'failed', processed: false }];
    const { result, done } = await run();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
      await done;
    });
    expect(toastMock.error).toHaveBeenCalledWith('Payment Failed', {
      description: 'An error occurred during payment',
    });
    expect(result.current.result).toBeNull();
  });
});
