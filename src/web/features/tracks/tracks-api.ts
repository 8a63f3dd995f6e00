// The tracks feature's requests (administration §7 track calls) and the hand-over to New Call.
import { SELECTED_INTERVIEWER_ID_KEY, SELECTED_TRACK_SCENARIO_ID_KEY } from '@shared/domain/session-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, listForm } from '@/lib/api-client';

export const TRACKS_QUERY_ROOT = '/api/tracks';

export function useTracks(userId: number | undefined) {
  return useQuery({
    queryKey: [TRACKS_QUERY_ROOT, 'user', userId],
    queryFn: async () => listForm(await api.get('/api/tracks', { query: { userId } })),
    enabled: userId !== undefined,
  });
}

export function useTrack(trackId: number, userId: number | undefined) {
  return useQuery({
    queryKey: [TRACKS_QUERY_ROOT, trackId, userId],
    queryFn: () => api.get('/api/tracks/:id', { params: { id: trackId }, query: { userId } }),
    enabled: userId !== undefined && Number.isInteger(trackId),
  });
}

function useTrackAction(
  path: '/api/tracks/:id/join' | '/api/tracks/:id/leave' | '/api/tracks/:id/reset',
  success: string,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: number) => api.post(path, { params: { id: trackId } }),
    onSuccess: () => {
      toast.success('Success', { description: success });
      return queryClient.invalidateQueries({ queryKey: [TRACKS_QUERY_ROOT] });
    },
    onError: (err: Error) => toast.error('Error', { description: err.message || failure }),
  });
}

export const useJoinTrack = () =>
  useTrackAction('/api/tracks/:id/join', 'Successfully joined the track', 'Failed to join track');
export const useLeaveTrack = () =>
  useTrackAction('/api/tracks/:id/leave', 'Successfully left the track', 'Failed to leave track');
export const useResetTrack = () =>
  useTrackAction('/api/tracks/:id/reset', 'Successfully reset track progress', 'Failed to reset progress');

/** Remembers the chosen scenario for the New Call page, which reads and clears it once. */
export function handOverToNewCall(interviewerId: number, trackScenarioId: number) {
  sessionStorage.setItem(SELECTED_INTERVIEWER_ID_KEY, String(interviewerId));
  sessionStorage.setItem(SELECTED_TRACK_SCENARIO_ID_KEY, String(trackScenarioId));
}

/** Best Score and Average Score on track pages: a 0–10 score shown as a rounded percent. */
export const scorePercent = (score: number) => `${Math.round(score * 10)}%`;
