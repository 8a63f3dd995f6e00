// The dashboard's requests: one page of the user's completed calls with the summary figures, and
// the score trends. Keys start with the call-review root so a saved rating refetches them.
import { DASHBOARD_PAGE_SIZE } from '@shared/domain/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallFilterValues } from '@/features/calls/review/call-filters';
import { INTERVIEWS_QUERY_ROOT } from '@/features/calls/review/rating-block';
import { api, pageForm } from '@/lib/api-client';

const dashboardQuery = (userId: number, page: number, f: CallFilterValues) => ({
  userId,
  page,
  pageSize: DASHBOARD_PAGE_SIZE,
  search: f.search.trim(),
  callType: f.callType,
  interviewerId: f.interviewerId,

  // a card reads its transcript when opened (useWholeCall)
  transcripts: 'omit' as const,
});

export function useDashboardCalls(userId: number | undefined, page: number, filters: CallFilterValues) {
  return useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'dashboard', userId, page, filters],
    queryFn: async () =>
      pageForm(await api.get('/api/interviews', { query: dashboardQuery(userId ?? 0, page, filters) })),
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** A trend needs two calls; with fewer the page shows no charts (and does not load them). */
export const MIN_TREND_POINTS = 2;

export function useScoreTrends(enabled: boolean) {
  return useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'trends'],
    queryFn: () => api.get('/api/interviews/trends', { query: { limit: 50 } }),
    enabled,
  });
}
