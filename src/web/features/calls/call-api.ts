// The call flow's requests (spec: core-experience §7; ARCHITECTURE.md §4).

import type { CreateInterviewRequest, Interview, VoiceSessionResponse } from '@shared/contracts/calls';
import type { Interviewer } from '@shared/contracts/scenarios';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api';

export const interviewersQueryKey = ['/api/interviewers'] as const;

/** Presets plus the caller's own custom scenarios (never archived ones). */
export function useInterviewers() {
  return useQuery({
    queryKey: interviewersQueryKey,
    queryFn: () => apiGet<Interviewer[]>('/api/interviewers'),
  });
}

export const createInterview = (body: CreateInterviewRequest) => apiPost<Interview>('/api/interviews', body);

export const requestVoiceSession = (interviewId: number) =>
  apiPost<VoiceSessionResponse>(`/api/interviews/${interviewId}/voice-session`);

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
  apiPost<Interview>(`/api/interviews/${interviewId}/end`, conversationId ? { conversationId } : {}, options);

export const recordingUrl = (conversationId: string) =>
  `/api/interviews/audio/${encodeURIComponent(conversationId)}`;
