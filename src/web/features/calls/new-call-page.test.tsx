// @vitest-environment jsdom
import type { Interviewer } from '@shared/contracts/scenarios';
import { SELECTED_INTERVIEWER_ID_KEY, SELECTED_TRACK_SCENARIO_ID_KEY } from '@shared/domain/session-keys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/components/auth/auth-provider';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

import { fakeInterview, fakeScenario } from '@/test-support/contract-replies';
import NewCallPage from './new-call-page';

const sarah: Interviewer = fakeScenario();
const tom: Interviewer = { ...sarah, id: 2, name: 'Tom Brennan', callType: 'Customer Escalation' };
const user = { id: 42, name: 'Casey', email: 'c@example.com', credits: 0, role: 'user', isAdmin: false };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** GET /api/interviews/{id} of the calls a page is opened on (`?call=`) */
const linkedCalls: Record<string, Response> = {};

function renderAt(
  path: string,
  startAnswer: () => Response = () => json(402, { message: "You don't have enough credits" }),
) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url === '/api/user') return json(200, user);
      if (url === '/api/interviewers') return json(200, [sarah, tom]);
      if (url === '/api/interviews' && init?.method === 'POST') return startAnswer();
      const call = /^\/api\/interviews\/(\d+)$/.exec(url);
      if (call) return linkedCalls[call[1]] ?? json(404, { message: 'Interview not found' });
      throw new Error(`unexpected request ${url}`);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          {/* the header's New Call */}
          <Link to="/new-call">Header New Call</Link>
          <Routes>
            <Route path="/new-call" element={<NewCallPage />} />
            <Route path="/interview/:interviewerId" element={<NewCallPage />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  sessionStorage.clear();
});

describe('New Call page', () => {
  it("opened on a call's results (?call=), shows them; a call not found or not ended says so", async () => {
    linkedCalls['7'] = json(
      200,
      fakeInterview({
        id: 7,
        interviewerName: 'Sarah Chen',
        transcript: 'Sarah Chen: Tell me about a launch.\nYou: I led the checkout redesign.',
        evaluation: {
          criteria: [{ name: 'Clarity', score: 7, feedback: 'Clear and specific.' }],
          overallScore: 7,
          evaluator: 'built-in',
        },
      }),
    );
    linkedCalls['8'] = json(200, fakeInterview({ id: 8, endTime: null, status: 'in_progress' }));
    renderAt('/new-call?call=7');
    expect(await screen.findByRole('heading', { name: 'Evaluation Results' })).toBeTruthy();
    expect(screen.getByText('Clear and specific.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sarah Chen/ })).toBeNull();
    // the header's New Call from the results: the picker, not the same results again
    fireEvent.click(screen.getByRole('link', { name: 'Header New Call' }));
    expect(await screen.findByRole('button', { name: /Sarah Chen/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Evaluation Results' })).toBeNull();
    cleanup();
    renderAt('/new-call?call=9');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This call could not be found. It may belong to another account.',
    );
    cleanup();
    renderAt('/interview/1?call=8');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This call has not ended, so it has no results yet.',
    );
    expect(screen.getByRole('link', { name: 'Start a new call' })).toBeTruthy();
  });

  it('groups scenarios by call type and continues from the selected banner to the details', async () => {
    renderAt('/new-call');
    fireEvent.click(await screen.findByRole('button', { name: /Tom Brennan/ }));
    expect(screen.getByRole('heading', { name: 'Customer Escalation' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Selected scenario' }).textContent).toContain('Tom Brennan');
    fireEvent.click(screen.getByRole('button', { name: 'Remove selection' }));
    expect(screen.queryByRole('region', { name: 'Selected scenario' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Sarah Chen/ }));
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Call Details' })).toBeTruthy();
    expect(screen.getByText('Understands the merchant.')).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Important Information' }).textContent).toMatch(/30 minutes/);
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toBeTruthy();
  });

  it('says Interviewer Not Found for an unknown interviewerId and stays on the picker', async () => {
    renderAt('/new-call?interviewerId=999');
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Interviewer Not Found', {
        description: 'The requested interviewer could not be found. Please select an interviewer manually.',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Choose a scenario' })).toBeTruthy();
  });

  it('opens a track scenario from session storage once and offers Buy Credits when the credit runs out', async () => {
    sessionStorage.setItem(SELECTED_INTERVIEWER_ID_KEY, '1');
    sessionStorage.setItem(SELECTED_TRACK_SCENARIO_ID_KEY, '5');
    const requests = renderAt('/new-call');
    fireEvent.click(await screen.findByRole('button', { name: /Start Call/ }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalled());
    expect(sessionStorage.getItem(SELECTED_INTERVIEWER_ID_KEY)).toBeNull();
    expect(sessionStorage.getItem(SELECTED_TRACK_SCENARIO_ID_KEY)).toBeNull();
    const start = requests.find((r) => r.url === '/api/interviews');
    expect(start?.body).toMatchObject({ type: 'single', interviewerId: 1, userId: 42, trackScenarioId: 5 });
    const startTime = (start?.body as { startTime?: string } | undefined)?.startTime ?? '';
    expect(Number.isNaN(Date.parse(startTime))).toBe(false);
    const [title, options] = toasts.error.mock.calls[0] ?? [];
    expect(title).toBe("You don't have enough credits");
    expect(options).toMatchObject({
      description: 'Purchase more credits to start an interview',
      action: { label: 'Buy Credits' },
    });
  });

  it('shows the server message when a start fails for another reason', async () => {
    renderAt('/interview/1', () => json(404, { message: 'Interviewer not found' }));
    fireEvent.click(await screen.findByRole('button', { name: /Start Call/ }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Error', { description: 'Interviewer not found' }),
    );
  });
});
