// @vitest-environment jsdom
import { openCallsResponse } from '@shared/contracts/call-review';
import { interviewResponse } from '@shared/contracts/calls';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('sonner', () => ({
  toast: { error: (...a: unknown[]) => toastError(...a), success: (...a: unknown[]) => toastSuccess(...a) },
}));
const { OpenCallsNotice } = await import('./open-calls-notice');
const { contractReply, fakeInterview } = await import('@/test-support/contract-replies');

afterEach(() => {
  cleanup();
  toastError.mockReset();
  toastSuccess.mockReset();
  vi.unstubAllGlobals();
});

const open = [
  {
    id: 9,
    interviewerName: 'Sarah Chen',
    startTime: '2026-01-05T10:00:00.000Z',
    endsBy: '2026-01-05T10:31:00.000Z',
  },
];

function renderNotice() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <OpenCallsNotice />
    </QueryClientProvider>,
  );
}

describe('calls still open', () => {
  it('names each call left open, when it ends on its own, and ends it on request', async () => {
    let listed = open;
    const ended = fakeInterview({
      id: 9,
      status: 'completed_with_errors',
      evaluation: {
        error: 'Evaluation failed',
        message:
          'You ended the call before answering, so there was nothing to score. No credit was used for it.',
      },
    });
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/interviews/open') return contractReply(openCallsResponse, listed);
      listed = [];
      return contractReply(interviewResponse, ended);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderNotice();
    const region = await screen.findByRole('region', { name: 'Calls still open' });
    expect(region.textContent).toContain('A call is still open');
    expect(region.textContent).toMatch(
      /Your call with Sarah Chen, started at .+, is still open\. It ends on its own at .+\./,
    );
    expect(region.textContent).toContain('if you said nothing, its credit comes back');
    fireEvent.click(screen.getByRole('button', { name: 'End it now' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Evaluation Issue', {
        description:
          'You ended the call before answering, so there was nothing to score. No credit was used for it.',
      }),
    );
    expect(
      fetchMock.mock.calls.some(([u, init]) => u === '/api/interviews/9/end' && init?.method === 'POST'),
    ).toBe(true);
    // read again once ended: nothing open, nothing shown
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Calls still open' })).toBeNull());
  });

  it('shows nothing while no call is open', async () => {
    const fetchMock = vi.fn(async () => contractReply(openCallsResponse, []));
    vi.stubGlobal('fetch', fetchMock);
    renderNotice();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Calls still open' })).toBeNull();
  });
});
