// All Calls' request: one page of every user's calls with the admin filters (administration §2).
import type { AdminInterviewPage } from '@shared/contracts/call-review';
import { ADMIN_PAGE_SIZE } from '@shared/domain/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallFilterValues } from '@/features/calls/review/call-filters';
import { INTERVIEWS_QUERY_ROOT } from '@/features/calls/review/rating-block';
import { apiGet, qs } from '@/lib/api';

export function allCallsPath(page: number, f: CallFilterValues) {
  return `/api/interviews/all${qs({
    page,
    pageSize: ADMIN_PAGE_SIZE,
    search: f.search.trim(),
    callType: f.callType,
    interviewerId: f.interviewerId,
    callRating: f.callRating,
    evaluationRating: f.evaluationRating,
  })}`;
}

export function useAllCalls(enabled: boolean, page: number, filters: CallFilterValues) {
  return useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'all', page, filters],
    queryFn: () => apiGet<AdminInterviewPage>(allCallsPath(page, filters)),
    enabled,
    placeholderData: keepPreviousData,
  });
}
