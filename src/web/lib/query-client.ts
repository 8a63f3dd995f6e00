import { QueryClient } from '@tanstack/react-query';

// Spec defaults: no retries, no refetch on focus or interval, infinite staleness.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
