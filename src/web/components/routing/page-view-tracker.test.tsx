// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNameFor, pageTitleFor, pageViewPostedAtLoad, usePageViewTracking } from './page-view-tracker';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('tab titles', () => {
  it("keeps the marketing title for a visitor's / only; a signed-in / is the dashboard", () => {
    expect(pageTitleFor('/', '', false)).toBe('CallCoach — practice calls with AI-powered feedback');
    expect(pageTitleFor('/', '', true)).toBe('Dashboard · CallCoach');
    expect(pageTitleFor('/scenarios', '', true)).toBe('All Scenarios · CallCoach');
  });
});

describe('page names', () => {
  it('names pages as the route table does', () => {
    expect(pageNameFor('/', '')).toBe('Home');
    expect(pageNameFor('/auth', '')).toBe('Login');
    expect(pageNameFor('/auth', '?tab=signup')).toBe('Register');
    expect(pageNameFor('/tracks/12', '')).toBe('Track Detail');
    expect(pageNameFor('/all-calls', '')).toBe('All Calls');
    expect(pageNameFor('/no-such-page', '')).toBe('Not Found');
  });
});

let go: (to: string) => void = () => {};
function Tracker() {
  usePageViewTracking();
  go = useNavigate();
  return null;
}

describe('page-view tracking', () => {
  it('posts pageName and pageUrl on every route change', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter initialEntries={['/scenarios']}>
        <Tracker />
      </MemoryRouter>,
    );
    await act(async () => go('/auth?tab=signup'));
    const bodies = fetchMock.mock.calls.map((c) => {
      const [url, init] = c as unknown as [string, RequestInit];
      expect(url).toBe('/api/track/page-view');
      expect(init.method).toBe('POST');
      return JSON.parse(String(init.body));
    });
    expect(bodies).toEqual([
      { pageName: 'All Scenarios', pageUrl: '/scenarios' },
      { pageName: 'Register', pageUrl: '/auth?tab=signup' },
    ]);
    expect(document.title).toBe('Register · CallCoach');
  });

  it('does not post again the view the prerendered landing page posted at load, and posts the next', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    pageViewPostedAtLoad('/?ref=mail');
    render(
      <MemoryRouter initialEntries={['/?ref=mail']}>
        <Tracker />
      </MemoryRouter>,
    );
    expect(document.title).toBe('CallCoach — practice calls with AI-powered feedback');
    await act(async () => go('/scenarios'));
    await act(async () => go('/?ref=mail'));
    const bodies = fetchMock.mock.calls.map((c) =>
      JSON.parse(String((c as unknown as [string, RequestInit])[1].body)),
    );
    expect(bodies).toEqual([
      { pageName: 'All Scenarios', pageUrl: '/scenarios' },
      { pageName: 'Home', pageUrl: '/?ref=mail' },
    ]);
  });

  it('only logs a failed post', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"down"}', { status: 503 })),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/']}>
        <Tracker />
      </MemoryRouter>,
    );
    await vi.waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to track page view', expect.any(Error)),
    );
  });
});
