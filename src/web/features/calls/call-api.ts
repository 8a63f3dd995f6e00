// The call flow's requests (spec: core-experience §7; ARCHITECTURE.md §4).

import type { CreateInterviewRequest } from '@shared/contracts/calls';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '@/components/auth/auth-provider';
import { INTERVIEWS_QUERY_ROOT } from '@/features/calls/review/rating-block';
import { api, listForm } from '@/lib/api-client';

export const interviewersQueryKey = ['/api/interviewers'] as const;

/** Presets plus the caller's own custom scenarios (never archived ones). */
export function useInterviewers() {
  return useQuery({
    queryKey: interviewersQueryKey,
    queryFn: async () => listForm(await api.get('/api/interviewers')),
  });
}

export const createInterview = (body: CreateInterviewRequest) => api.post('/api/interviews', { body });

export const requestVoiceSession = (interviewId: number) =>
  api.post('/api/interviews/:id/voice-session', { params: { id: interviewId } });

/**
 * Closes the call on the server, which builds the transcript, evaluates it and answers the interview.
 * `keepalive`: the request outlives the page, for a call left by navigating away or closing the tab
 * (the browser still sends the session cookie and the Origin of a same-origin request).
 */
export const endInterview = (
  interviewId: number,
  conversationId: string | null,
  options: { keepalive?: boolean } = {},
) =>
  api.post('/api/interviews/:id/end', {
    params: { id: interviewId },
    body: conversationId ? { conversationId } : {},
    ...options,
  });

export const recordingUrl = (conversationId: string) =>
  `/api/interviews/audio/${encodeURIComponent(conversationId)}`;

/** Once a call has ended: the call lists, the open calls and the balance (a refund) read again. */
export const refreshAfterEnd = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (q) =>
      q.queryKey[0] === INTERVIEWS_QUERY_ROOT ||
      q.queryKey[0] === USER_QUERY_KEY[0] ||
      (typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/interviews')),
  });
