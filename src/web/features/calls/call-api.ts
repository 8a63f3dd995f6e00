// The call flow's requests (spec: core-experience §7; ARCHITECTURE.md §4).

import type { CreateInterviewRequest } from '@shared/contracts/calls';
import { useQuery } from '@tanstack/react-query';
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
