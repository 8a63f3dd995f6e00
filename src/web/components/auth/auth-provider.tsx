// The signed-in user and the three auth actions (spec: core-experience §4 "Auth state", §7, §8).
import type { LoginRequest, RegisterRequest, User } from '@shared/contracts/auth';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { ApiError } from '@/lib/api';
import { api } from '@/lib/api-client';
import { afterSignIn, hardNavigate } from '@/lib/navigation';
import { maySignOut } from '@/lib/sign-out-guard';

/** A toast; sonner is fetched on first use, so it is not part of the first download of every page. */
function notify(kind: 'success' | 'error', title: string, description: string) {
  void import('sonner').then(({ toast }) => toast[kind](title, { description }));
}

/** What lib/api says when the server gave no message of its own. */
const GENERIC_API_ERROR = 'An error occurred';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** GET /api/user: 401 means signed out (null); any other failure is an error. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await api.get('/api/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw new Error('Failed to fetch user');
  }
}

type AuthContextValue = {
  user: User | null;
  isLoading: boolean;
  error: Error | null;
  /**
   * Resolves to the user, or null on failure (a failure toast is shown). On success the page
   * reloads at `next` (a path of this site, see lib/navigation afterSignIn), else at /.
   */
  login: (credentials: LoginRequest, next?: string | null) => Promise<User | null>;
  /** Resolves to the new user, or null on failure (a failure toast is shown); then as login. */
  register: (details: RegisterRequest, next?: string | null) => Promise<User | null>;
  /** Resolves to true when signed out (the page then reloads at /). */
  logout: () => Promise<boolean>;
  isLoggingIn: boolean;
  isRegistering: boolean;
  isLoggingOut: boolean;
  /** why the last sign-in or registration failed (also toasted), shown beside the form */
  loginError: string | null;
  registerError: string | null;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * After sign-in, sign-up or sign-out: drop every cached answer and reload the page at `next` (the
 * page a visitor was on the way to) or home.
 */
function restartAt(queryClient: QueryClient, user: User | null, next?: string | null) {
  queryClient.clear();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  hardNavigate(afterSignIn(next));
}

/** The server's own error text, else the action's fallback (a network failure has no server text). */
const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message && err.message !== GENERIC_API_ERROR ? err.message : fallback;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useQuery({ queryKey: USER_QUERY_KEY, queryFn: fetchCurrentUser, retry: false });

  const loginMutation = useMutation({
    mutationFn: ({ credentials }: { credentials: LoginRequest; next?: string | null }) =>
      api.post('/api/login', { body: credentials }),
    onSuccess: (user, { next }) => {
      notify('success', 'Success', 'Logged in successfully');
      restartAt(queryClient, user, next);
    },
    onError: (err) => notify('error', 'Error', messageOf(err, 'Failed to log in')),
  });

  const registerMutation = useMutation({
    mutationFn: ({ details }: { details: RegisterRequest; next?: string | null }) =>
      api.post('/api/register', { body: details }),
    onSuccess: (user, { next }) => {
      notify('success', 'Success', 'Registration successful');
      restartAt(queryClient, user, next);
    },
    onError: (err) => notify('error', 'Error', messageOf(err, 'Failed to register')),
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/logout');
      } catch {
        throw new Error('Failed to log out');
      }
    },
    onSuccess: () => {
      notify('success', 'Success', 'Logged out successfully');
      restartAt(queryClient, null);
    },
    onError: () => notify('error', 'Error', 'Failed to log out'),
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      user: userQuery.data ?? null,
      isLoading: userQuery.isLoading,
      error: userQuery.error,
      login: (credentials, next) => loginMutation.mutateAsync({ credentials, next }).catch(() => null),
      register: (details, next) => registerMutation.mutateAsync({ details, next }).catch(() => null),
      // a live call is ended (and evaluated) first, while the session still exists
      logout: async () => {
        if (!(await maySignOut())) return false;
        return logoutMutation.mutateAsync().then(
          () => true,
          () => false,
        );
      },
      isLoggingIn: loginMutation.isPending,
      isRegistering: registerMutation.isPending,
      isLoggingOut: logoutMutation.isPending,
      loginError: loginMutation.error ? messageOf(loginMutation.error, 'Failed to log in') : null,
      registerError: registerMutation.error ? messageOf(registerMutation.error, 'Failed to register') : null,
    }),
    [
      userQuery.data,
      userQuery.isLoading,
      userQuery.error,
      loginMutation.mutateAsync,
      loginMutation.isPending,
      registerMutation.mutateAsync,
      registerMutation.isPending,
      loginMutation.error,
      registerMutation.error,
      logoutMutation.mutateAsync,
      logoutMutation.isPending,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
