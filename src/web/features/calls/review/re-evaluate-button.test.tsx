// @vitest-environment jsdom
import type { Interview } from '@shared/contracts/calls';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('sonner', () => ({
  toast: { error: (...a: unknown[]) => toastError(...a), success: (...a: unknown[]) => toastSuccess(...a) },
}));
const { ReEvaluateButton, canReEvaluate } = await import('./re-evaluate-button');

const failedCall = {
  id: 7,
  status: 'completed_with_errors',
  transcript: 'Sarah: Tell me about yourself.\nYou: I lead a team of five.',
  evaluation: {
    error: 'Evaluation failed',
    message: 'The interview could not be evaluated due to an error.',
  },
} as unknown as Interview;

afterEach(() => {
  cleanup();
  toastError.mockReset();
  toastSuccess.mockReset();
  vi.unstubAllGlobals();
});

function renderButton(onUpdated = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReEvaluateButton interview={failedCall} onUpdated={onUpdated} />
    </QueryClientProvider>,
  );
  return onUpdated;
}

describe('Evaluate again', () => {
  it('is offered only for ended calls whose evaluation failed and that have a transcript', () => {
    expect(canReEvaluate(failedCall)).toBe(true);
    expect(canReEvaluate({ ...failedCall, status: 'completed' })).toBe(false);
    expect(canReEvaluate({ ...failedCall, status: 'failed', transcript: '' })).toBe(false);
    expect(canReEvaluate({ ...failedCall, transcript: '  ' })).toBe(false);
  });

  it('posts to the re-evaluate route and hands the new evaluation back', async () => {
    const scored = { ...failedCall, status: 'completed', evaluation: [{ name: 'Clarity', score: 7 }] };
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(scored), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onUpdated = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate again' }));
    await waitFor(() => expect(onUpdated).toHaveBeenCalledWith(scored));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/interviews/7/re-evaluate');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
    expect(toastSuccess).toHaveBeenCalledWith('Evaluation ready', expect.anything());
  });

  it("shows the server's message when the model is still down", async () => {
    const message =
      'The call could not be evaluated right now; the earlier evaluation is kept. Please try again later.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message }), { status: 502 })),
    );
    const onUpdated = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate again' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: message }));
    expect(onUpdated).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Evaluate again' })).toBeTruthy();
  });
});
