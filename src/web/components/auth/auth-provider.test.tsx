// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from '@/components/routing/route-guard';
import { AuthProvider, useAuth } from './auth-provider';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));
const navigateMock = vi.hoisted(() => vi.fn());
vi.mock('@/lib/navigation', async (original) => ({
  ...(await original<typeof import('@/lib/navigation')>()),
  hardNavigate: navigateMock,
}));

const alice = {
  id: 1,
  name: 'Alice',
  email: 'alice@example.com',
  credits: 1,
  role: 'user',
  isAdmin: false,
  mustChangePassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers fetches by "METHOD path"; anything unlisted is a test failure. */
function stubServer(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected request ${key}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

describe('auth state', () => {
  it('treats 401 from GET /api/user as signed out', async () => {
    stubServer({ 'GET /api/user': () => json(401, { message: 'Not signed in' }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it('holds the signed-in user', async () => {
    stubServer({ 'GET /api/user': () => json(200, alice) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user?.email).toBe('alice@example.com'));
  });

  it("reports other failures as 'Failed to fetch user'", async () => {
    stubServer({ 'GET /api/user': () => json(500, { message: 'boom' }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.error?.message).toBe('Failed to fetch user'));
    expect(result.current.user).toBeNull();
  });

  it('useAuth outside its provider throws', () => {
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('auth actions', () => {
  it('after signing in: success toast, cached data cleared, full load of /', async () => {
    stubServer({
      'GET /api/user': () => json(401, { message: 'Not signed in' }),
      'POST /api/login': () => json(200, alice),
    });
    queryClient.setQueryData(['/api/interviews'], ['stale']);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.login({ email: 'alice@example.com', password: 'secret-pass-1' });
    });
    expect(answer).toMatchObject({ name: 'Alice' });
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Success', { description: 'Logged in successfully' }),
    );
    expect(queryClient.getQueryData(['/api/interviews'])).toBeUndefined();
    expect(navigateMock).toHaveBeenCalledWith('/');
  });

  it('after signing in or up on the way to a page, the full load is of that page', async () => {
    stubServer({
      'GET /api/user': () => json(401, { message: 'Not signed in' }),
      'POST /api/login': () => json(200, alice),
      'POST /api/register': () => json(201, alice),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(async () => {
      await result.current.login(
        { email: 'alice@example.com', password: 'secret-pass-1' },
        '/new-call?interviewerId=7',
      );
    });
    expect(navigateMock).toHaveBeenLastCalledWith('/new-call?interviewerId=7');
    await act(async () => {
      await result.current.register(
        { name: 'Al', email: 'a@b.co', password: 'secret-pass-1', passwordConfirm: 'secret-pass-1' },
        '/tracks/2',
      );
    });
    expect(navigateMock).toHaveBeenLastCalledWith('/tracks/2');
    // never to another site
    await act(async () => {
      await result.current.login({ email: 'alice@example.com', password: 'secret-pass-1' }, '//evil.example');
    });
    expect(navigateMock).toHaveBeenLastCalledWith('/');
  });

  it("shows the server's message when signing in fails and stays put", async () => {
    stubServer({
      'GET /api/user': () => json(401, {}),
      'POST /api/login': () => json(401, { message: 'Invalid email or password' }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.login({ email: 'a@b.co', password: 'wrong-pass-1' });
    });
    expect(answer).toBeNull();
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Invalid email or password' }),
    );
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to register' and 'Failed to log out'", async () => {
    stubServer({
      'GET /api/user': () => json(200, alice),
      'POST /api/register': () => json(500, {}),
      'POST /api/logout': () => json(500, {}),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user).not.toBeNull());
    await act(async () => {
      await result.current.register({
        name: 'Al',
        email: 'a@b.co',
        password: 'secret-pass-1',
        passwordConfirm: 'secret-pass-1',
      });
      expect(await result.current.logout()).toBe(false);
    });
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to register' }),
    );
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Error', { description: 'Failed to log out' }),
    );
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it('after signing out: success toast and full load of /', async () => {
    stubServer({
      'GET /api/user': () => json(200, alice),
      'POST /api/logout': () => json(200, { message: 'Logged out successfully' }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user).not.toBeNull());
    await act(async () => {
      expect(await result.current.logout()).toBe(true);
    });
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Success', { description: 'Logged out successfully' }),
    );
    expect(navigateMock).toHaveBeenCalledWith('/');
  });
});

/** what /auth was opened with */
function AuthAddress() {
  const { search } = useLocation();
  return <p>auth page{search}</p>;
}

describe('route guards', () => {
  function renderAt(path: string, guard: 'user' | 'admin' | 'visitor-only') {
    return render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/" element={<p>home</p>} />
              <Route path="/auth" element={<AuthAddress />} />
              <Route
                path="/guarded"
                element={
                  <RouteGuard guard={guard}>
                    <p>guarded page</p>
                  </RouteGuard>
                }
              />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
  }

  it('shows a spinner while the user loads, then sends a visitor to /auth', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt('/guarded?id=3', 'user');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    await act(async () => answer(json(401, {})));
    // with the page asked for, so signing in carries on to it
    await screen.findByText('auth page?next=%2Fguarded%3Fid%3D3');
  });

  it('sends a non-admin on an admin page to /', async () => {
    stubServer({ 'GET /api/user': () => json(200, alice) });
    renderAt('/guarded', 'admin');
    await screen.findByText('home');
  });

  it('lets an admin in', async () => {
    stubServer({ 'GET /api/user': () => json(200, { ...alice, role: 'admin', isAdmin: true }) });
    renderAt('/guarded', 'admin');
    await screen.findByText('guarded page');
  });

  it('sends a signed-in user away from the visitor-only page to /', async () => {
    stubServer({ 'GET /api/user': () => json(200, alice) });
    renderAt('/guarded', 'visitor-only');
    await screen.findByText('home');
  });
});
