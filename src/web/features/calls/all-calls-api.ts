// All Calls' request: one page of every user's calls with the admin filters (administration §2).
import { ADMIN_PAGE_SIZE } from '@shared/domain/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallFilterValues } from '@/features/calls/review/call-filters';
import { INTERVIEWS_QUERY_ROOT } from '@/features/calls/review/rating-block';
import { api, pageForm } from '@/lib/api-client';

const allCallsQuery = (page: number, f: CallFilterValues) => ({
  page,
  pageSize: ADMIN_PAGE_SIZE,
  search: f.search.trim(),
  callType: f.callType,
  interviewerId: f.interviewerId,
  callRating: f.callRating,
  evaluationRating: f.evaluationRating,

  // a card reads its transcript when opened (useWholeCall)
  transcripts: 'omit' as const,
});

export function useAllCalls(enabled: boolean, page: number, filters: CallFilterValues) {
  return useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'all', page, filters],
    queryFn: async () =>
      pageForm(await api.get('/api/interviews/all', { query: allCallsQuery(page, filters) })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
