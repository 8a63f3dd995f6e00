// @vitest-environment jsdom
// Issue 20: focus follows the call flow's steps, and a live call is not left without asking (and
// is ended, with a request that outlives the page, when it is).

import type { Interview } from '@shared/contracts/calls';
import type { Interviewer } from '@shared/contracts/scenarios';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/components/auth/auth-provider';
import type { VoiceConversation } from './use-voice-conversation';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

// The voice connection is the SDK's business (use-voice-conversation.test.tsx): here it is connected.
const voice = vi.hoisted(() => ({
  stop: vi.fn(async () => {}),
}));
vi.mock('./use-voice-conversation', () => ({
  useVoiceConversation: (): VoiceConversation => ({
    status: 'connected',
    mode: 'listening',
    entries: [],
    conversationId: null,
    warning: null,
    typedOnly: false,
    heardPoorly: false,
    start: async () => true,
    stop: voice.stop,
    sendText: () => true,
    setMicMuted: () => {},
  }),
}));

import { fakeScenario } from '@/test-support/contract-replies';
import NewCallPage from './new-call-page';
import { inAppTarget } from './use-leave-call-guard';

const sarah: Interviewer = fakeScenario({ sampleQuestions: [] });
const user = { id: 42, name: 'Casey', email: 'c@example.com', credits: 1, role: 'user', isAdmin: false };
const call: Interview = {
  id: 7,
  userId: 42,
  type: 'single',
  startTime: '2026-01-01T00:00:00.000Z',
  endTime: null,
  interviewerId: 1,
  trackScenarioId: null,
  transcript: null,
  evaluation: null,
  conversationId: null,
  callRating: null,
  callRatingNote: null,
  evaluationRating: null,
  evaluationRatingNote: null,
  notes: null,
  status: 'in_progress',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ended: Interview = {
  ...call,
  status: 'completed',
  transcript: 'Sarah Chen: Hello!\nYou: Hi.',
  evaluation: { overallScore: 7, criteria: [] },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Sent = { url: string; method: string; keepalive: boolean };

/** /new-call with a header link to /tracks; `endAnswer` answers POST /end (a promise to hold it). */
function renderFlow(endAnswer: () => Promise<Response> | Response = () => json(200, ended)) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, method: init?.method ?? 'GET', keepalive: init?.keepalive === true });
      if (url === '/api/user') return json(200, user);
      if (url === '/api/interviewers') return json(200, [sarah]);
      if (url === '/api/interviews' && init?.method === 'POST') return json(201, call);
      if (url === `/api/interviews/${call.id}/end`) return endAnswer();
      throw new Error(`unexpected request ${url}`);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/new-call']}>
        <AuthProvider>
          <nav aria-label="Main">
            <Link to="/tracks">Tracks</Link>
            <a href="mailto:support@example.com">Support</a>
          </nav>
          <Routes>
            <Route path="/new-call" element={<NewCallPage />} />
            <Route path="/tracks" element={<h1>Tracks page</h1>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { sent, view };
}

const ends = (sent: Sent[]) => sent.filter((r) => r.url === `/api/interviews/${call.id}/end`);

async function startTheCall() {
  fireEvent.click(await screen.findByRole('button', { name: /Sarah Chen/ }));
  fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
  fireEvent.click(await screen.findByRole('button', { name: /Start Call/ }));
  await screen.findByRole('heading', { name: 'Call with Sarah Chen' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('focus through the call flow', () => {
  it('moves to each step heading: picker, details, back, live call, evaluating, results', async () => {
    let answerEnd: (r: Response) => void = () => {};
    renderFlow(() => new Promise<Response>((resolve) => (answerEnd = resolve)));
    fireEvent.click(await screen.findByRole('button', { name: /Sarah Chen/ }));
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Call Details' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose a scenario' })),
    );
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Start Call/ }));
    const live = await screen.findByRole('heading', { name: 'Call with Sarah Chen' });
    await waitFor(() => expect(document.activeElement).toBe(live));
    // asked first: "Keep talking" leaves the call running
    fireEvent.click(screen.getByRole('button', { name: /End Call/ }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      "It will be scored on what you have said so far. You can't return to it afterwards.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep talking' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Call with Sarah Chen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /End Call/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'End now' }));
    const evaluating = await screen.findByRole('heading', { name: 'Running evaluation' });
    await waitFor(() => expect(document.activeElement).toBe(evaluating));
    answerEnd(json(200, ended));
    const results = await screen.findByRole('heading', { name: 'Evaluation Results' });
    await waitFor(() => expect(document.activeElement).toBe(results));
    expect(results.getAttribute('tabindex')).toBe('-1');
  });
});

describe('leaving a live call', () => {
  it('asks before following a link; Stay keeps the call, Leave ends it at once and follows the link', async () => {
    const { sent } = renderFlow();
    await startTheCall();

    fireEvent.click(screen.getByRole('link', { name: 'Tracks' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the call?' });
    expect(dialog.textContent).toContain('Your call will end and be evaluated.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Call with Sarah Chen' })).toBeTruthy();
    expect(ends(sent)).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Tracks' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Tracks page' })).toBeTruthy();
    await waitFor(() =>
      expect(ends(sent)).toEqual([expect.objectContaining({ method: 'POST', keepalive: true })]),
    );
    expect(voice.stop).toHaveBeenCalled();
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Call Completed', expect.anything()));
    // the unmount that followed did not end it twice
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(ends(sent)).toHaveLength(1);
  });

  it('lets a mailto link through without asking', async () => {
    renderFlow();
    await startTheCall();
    const mail = screen.getByRole('link', { name: 'Support' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    // jsdom cannot open mailto: the default is prevented here, after the guard has looked
    mail.addEventListener('click', (e) => e.preventDefault());
    mail.dispatchEvent(event);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('ends the call with a request that outlives the page when the tab is closed', async () => {
    const { sent } = renderFlow();
    await startTheCall();
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() =>
      expect(ends(sent)).toEqual([expect.objectContaining({ method: 'POST', keepalive: true })]),
    );
  });

  it('ends the call when the page goes away any other way (unmount)', async () => {
    const { sent, view } = renderFlow();
    await startTheCall();
    view.unmount();
    await waitFor(() =>
      expect(ends(sent)).toEqual([expect.objectContaining({ method: 'POST', keepalive: true })]),
    );
  });

  it('does not end a call that ended normally when the page goes away', async () => {
    const { sent, view } = renderFlow();
    await startTheCall();
    fireEvent.click(screen.getByRole('button', { name: /End Call/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'End now' }));
    await screen.findByRole('heading', { name: 'Evaluation Results' });
    window.dispatchEvent(new Event('pagehide'));
    view.unmount();
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(ends(sent)).toEqual([expect.objectContaining({ keepalive: false })]);
  });
});

describe('inAppTarget', () => {
  const here = { href: 'http://app.test/new-call', origin: 'http://app.test' };
  function clickOn(html: string, init: MouseEventInit = {}) {
    document.body.innerHTML = html;
    const target = document.body.querySelector('[data-click]') ?? document.body.firstElementChild;
    const event = new MouseEvent('click', { bubbles: true, button: 0, ...init });
    Object.defineProperty(event, 'target', { value: target });
    return inAppTarget(event, here);
  }
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('finds an in-app link to another page, from a click on something inside it', () => {
    expect(clickOn('<a href="/tracks?x=1#y"><span data-click>Tracks</span></a>')?.to).toBe('/tracks?x=1#y');
  });

  it('ignores new tabs, other sites, mailto, downloads, the page itself and plain elements', () => {
    expect(clickOn('<a href="/tracks">x</a>', { ctrlKey: true })).toBeNull();
    expect(clickOn('<a href="/tracks">x</a>', { metaKey: true })).toBeNull();
    expect(clickOn('<a href="/tracks">x</a>', { button: 1 })).toBeNull();
    expect(clickOn('<a href="/tracks" target="_blank">x</a>')).toBeNull();
    expect(clickOn('<a href="https://elsewhere.test/">x</a>')).toBeNull();
    expect(clickOn('<a href="mailto:a@b.test">x</a>')).toBeNull();
    expect(clickOn('<a href="/file.csv" download>x</a>')).toBeNull();
    expect(clickOn('<a href="/new-call#top">x</a>')).toBeNull();
    expect(clickOn('<button type="button">x</button>')).toBeNull();
  });
});
