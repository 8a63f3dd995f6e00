// The teams feature's requests (administration §7 team calls, plus assignments, progress and
// membership by invitation).
import type { Interviewer } from '@shared/contracts/scenarios';
import type {
  CreateAssignmentRequest,
  CreateTeamRequest,
  InviteMemberRequest,
  MemberProgressResponse,
  MyInvitationResponse,
  TeamAssignmentResponse,
  TeamInvitationResponse,
  TeamMemberResponse,
  TeamResponse,
  TeamRole,
  UpdateTeamRequest,
} from '@shared/contracts/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api';

export const TEAMS_QUERY_ROOT = '/api/teams';

export function useMyTeams(userId: number | undefined) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, 'user', userId],
    queryFn: () => apiGet<TeamResponse[]>(`/api/teams/user/${userId}`),
    enabled: userId !== undefined,
  });
}

export function useTeam(teamId: number) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId],
    queryFn: () => apiGet<TeamResponse>(`/api/teams/${teamId}`),
  });
}

export function useTeamMembers(teamId: number) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId, 'members'],
    queryFn: () => apiGet<TeamMemberResponse[]>(`/api/teams/${teamId}/members`),
  });
}

export function useTeamAssignments(teamId: number) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId, 'assignments'],
    queryFn: () => apiGet<TeamAssignmentResponse[]>(`/api/teams/${teamId}/assignments`),
  });
}

export function useTeamProgress(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId, 'progress'],
    queryFn: () => apiGet<MemberProgressResponse[]>(`/api/teams/${teamId}/progress`),
    enabled,
  });
}

/** The team's pending invitations (owners and admins). */
export function useTeamInvitations(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId, 'invitations'],
    queryFn: () => apiGet<TeamInvitationResponse[]>(`/api/teams/${teamId}/invitations`),
    enabled,
  });
}

/** Invitations addressed to the signed-in user (under the teams key, so team writes refresh it). */
export function useMyInvitations() {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, 'invitations', 'mine'],
    queryFn: () => apiGet<MyInvitationResponse[]>('/api/team-invitations'),
  });
}

export function useAssignableScenarios(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/interviewers'],
    queryFn: () => apiGet<Interviewer[]>('/api/interviewers'),
    enabled,
  });
}

type TrackOption = { id: number; name: string };
export function useAssignableTracks(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/tracks', 'options'],
    queryFn: () => apiGet<TrackOption[]>('/api/tracks'),
    enabled,
  });
}

/** Every team write refreshes the team's cached data; failures are logged and shown. */
function useTeamMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, success?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      if (success) toast.success(success);
      return queryClient.invalidateQueries({ queryKey: [TEAMS_QUERY_ROOT] });
    },
    onError: (err: Error) => console.error('Team request failed:', err.message),
  });
}

export const useCreateTeam = () =>
  useTeamMutation((body: CreateTeamRequest) => apiPost<TeamResponse>('/api/teams', body), 'Team created');

export const useUpdateTeam = (teamId: number) =>
  useTeamMutation(
    (body: UpdateTeamRequest) => apiPatch<TeamResponse>(`/api/teams/${teamId}`, body),
    'Team updated',
  );

/** Inviting answers the same whether or not the email has an account: one message for both. */
export const useInviteMember = (teamId: number) =>
  useTeamMutation(
    (body: InviteMemberRequest) => apiPost<TeamInvitationResponse>(`/api/teams/${teamId}/members`, body),
    'Invitation sent',
  );

export const useWithdrawInvitation = (teamId: number) =>
  useTeamMutation(
    (invitationId: number) => apiDelete(`/api/teams/${teamId}/invitations/${invitationId}`),
    'Invitation withdrawn',
  );

export const useAcceptInvitation = () =>
  useTeamMutation(
    (invitationId: number) => apiPost<TeamResponse>(`/api/team-invitations/${invitationId}/accept`),
    'You joined the team',
  );

export const useDeclineInvitation = () =>
  useTeamMutation(
    (invitationId: number) => apiPost(`/api/team-invitations/${invitationId}/decline`),
    'Invitation declined',
  );

export const useChangeRole = (teamId: number) =>
  useTeamMutation(
    ({ userId, role }: { userId: number; role: TeamRole }) =>
      apiPatch<TeamMemberResponse>(`/api/teams/${teamId}/members/${userId}`, { role }),
    'Role updated',
  );

export const useRemoveMember = (teamId: number) =>
  useTeamMutation((userId: number) => apiDelete(`/api/teams/${teamId}/members/${userId}`), 'Member removed');

export const useTransferOwnership = (teamId: number) =>
  useTeamMutation(
    (userId: number) => apiPost(`/api/teams/${teamId}/transfer-ownership`, { userId }),
    'Ownership transferred',
  );

export const useLeaveTeam = (teamId: number) =>
  useTeamMutation(() => apiPost(`/api/teams/${teamId}/leave`), 'You left the team');

export const useCreateAssignment = (teamId: number) =>
  useTeamMutation(
    (body: CreateAssignmentRequest) =>
      apiPost<TeamAssignmentResponse>(`/api/teams/${teamId}/assignments`, body),
    'Practice assigned',
  );

export const useDeleteAssignment = (teamId: number) =>
  useTeamMutation(
    (assignmentId: number) => apiDelete(`/api/teams/${teamId}/assignments/${assignmentId}`),
    'Assignment removed',
  );
