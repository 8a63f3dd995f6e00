// @vitest-environment jsdom
import { interviewResponse } from '@shared/contracts/calls';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('sonner', () => ({
  toast: { error: (...a: unknown[]) => toastError(...a), success: (...a: unknown[]) => toastSuccess(...a) },
}));
const { ReEvaluateButton, canReEvaluate } = await import('./re-evaluate-button');
const { contractReply, errorReply, fakeInterview } = await import('@/test-support/contract-replies');

const failedEvaluation = {
  error: 'Evaluation failed',
  message: 'The interview could not be evaluated due to an error.',
};
const failedCall = fakeInterview({
  id: 7,
  status: 'completed_with_errors',
  transcript: 'Sarah: Tell me about yourself.\nYou: I lead a team of five.',
  evaluation: failedEvaluation,
});

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
    // ended before the user answered: nothing to score, so nothing to evaluate again
    const nothingSaid = {
      error: 'Evaluation failed',
      message:
        'You ended the call before answering, so there was nothing to score. No credit was used for it.',
    };
    expect(canReEvaluate({ ...failedCall, evaluation: nothingSaid })).toBe(false);
  });

  it('posts to the re-evaluate route and hands the new evaluation back', async () => {
    const scored = {
      ...failedCall,
      status: 'completed',
      evaluation: {
        criteria: [{ name: 'Clarity', score: 7, feedback: 'Clear and concrete.' }],
        overallScore: 7,
        evaluator: 'built-in',
      },
    };
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      contractReply(interviewResponse, scored),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onUpdated = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate again' }));
    await waitFor(() => expect(onUpdated).toHaveBeenCalledWith(scored));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/interviews/7/re-evaluate');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
    expect(toastSuccess).toHaveBeenCalledWith('Evaluation ready', expect.anything());
  });

  // The server answers a failed evaluation that fails again with 200 and the call as it stays
  // (completed_with_errors, a failed evaluation): its 502 is only for a call whose good evaluation
  // it keeps, and this button is offered only for failed ones (re-evaluate-call.ts).
  it('says the evaluation failed again when the model is still down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => contractReply(interviewResponse, failedCall)),
    );
    const onUpdated = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate again' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Evaluation failed again', {
        description: 'Please try again in a few minutes.',
      }),
    );
    expect(onUpdated).toHaveBeenCalledWith(failedCall);
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Evaluate again' })).toBeTruthy();
  });

  it("shows the server's message when it refuses, and keeps the call as it was", async () => {
    // what the per-user limit on evaluations answers (http/errors.ts)
    const message = 'Too many requests, please try again later';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorReply(429, { message })),
    );
    const onUpdated = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate again' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: message }));
    expect(onUpdated).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Evaluate again' })).toBeTruthy();
  });
});
