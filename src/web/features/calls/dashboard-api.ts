// The dashboard's requests: one page of the user's completed calls with the summary figures, and
// the score trends. Keys start with the call-review root so a saved rating refetches them.
import type { InterviewPage, TrendPoint } from '@shared/contracts/call-review';
import { DASHBOARD_PAGE_SIZE } from '@shared/domain/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallFilterValues } from '@/features/calls/review/call-filters';
import { INTERVIEWS_QUERY_ROOT } from '@/features/calls/review/rating-block';
import { apiGet, qs } from '@/lib/api';

export function dashboardCallsPath(userId: number, page: number, f: CallFilterValues) {
  return `/api/interviews${qs({
    userId,
    page,
    pageSize: DASHBOARD_PAGE_SIZE,
    search: f.search.trim(),
    callType: f.callType,
    interviewerId: f.interviewerId,
  })}`;
}

export function useDashboardCalls(userId: number | undefined, page: number, filters: CallFilterValues) {
  return useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'dashboard', userId, page, filters],
    queryFn: () => apiGet<InterviewPage>(dashboardCallsPath(userId ?? 0, page, filters)),
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** A trend needs two calls; with fewer the page shows no charts (and does not load them). */
export const MIN_TREND_POINTS = 2;

export function useScoreTrends(enabled: boolean) {
  return useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'trends'],
    queryFn: () => apiGet<TrendPoint[]>('/api/interviews/trends?limit=50'),
    enabled,
  });
}
