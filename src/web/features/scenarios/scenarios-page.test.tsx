// @vitest-environment jsdom
import type { PublicInterviewer } from '@shared/contracts/scenarios';
import { SELECTED_INTERVIEWER_ID_KEY } from '@shared/domain/session-keys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/components/auth/auth-provider';
import ScenariosPage from './scenarios-page';

const rachel: PublicInterviewer = {
  id: 7,
  name: 'Rachel Alvarez',
  role: 'VP of Operations',
  company: 'Harbor Logistics',
  avatar: '/avatars/rachel-alvarez.svg',
  bio: 'Busy and sceptical.',
  voiceId: 'sarah',
  sampleQuestions: ['Why should I switch?', 'What would this cost us?'],
  callType: '',
  rubricName: 'Sales',
  rubricCriteria: [],
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWith(interviewers: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/user') return json(401, { message: 'Not signed in' });
      if (url === '/api/interviewers-public') return interviewers();
      throw new Error(`unexpected request ${url}`);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AuthProvider>
          <ScenariosPage />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('All Scenarios', () => {
  it('shows a spinner while the list loads', () => {
    renderWith(() => new Promise<Response>(() => {}));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it("says 'Failed to load interviewers.' when the list fails", async () => {
    renderWith(() => json(500, { message: 'boom' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load interviewers.');
  });

  it("says 'No interviewers available at the moment.' for an empty list", async () => {
    renderWith(() => json(200, []));
    expect(await screen.findByText('No interviewers available at the moment.')).toBeTruthy();
  });

  it('shows each card with call type (General by default), persona, questions and its New Call link', async () => {
    renderWith(() => json(200, [rachel]));
    expect(await screen.findByRole('heading', { name: 'Rachel Alvarez' })).toBeTruthy();
    expect(screen.getByText('General')).toBeTruthy();
    expect(screen.getByText('VP of Operations at Harbor Logistics')).toBeTruthy();
    expect(screen.getByText('What would this cost us?')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Start Practice Call with Rachel Alvarez' });
    expect(link.getAttribute('href')).toBe('/new-call?interviewerId=7');
    // A visitor's choice is kept for the New Call page they reach after signing in.
    fireEvent.click(link);
    expect(sessionStorage.getItem(SELECTED_INTERVIEWER_ID_KEY)).toBe('7');
  });
});
