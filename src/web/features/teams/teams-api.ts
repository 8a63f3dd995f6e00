// The teams feature's requests (administration §7 team calls, plus assignments, progress and
// membership by invitation).
import type {
  CreateAssignmentRequest,
  CreateTeamRequest,
  InviteMemberRequest,
  TeamRole,
  UpdateTeamRequest,
} from '@shared/contracts/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, listForm } from '@/lib/api-client';

export const TEAMS_QUERY_ROOT = '/api/teams';

export function useMyTeams(userId: number | undefined) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, 'user', userId],
    queryFn: () => api.get('/api/teams/user/:userId', { params: { userId: userId ?? 0 } }),
    enabled: userId !== undefined,
  });
}

export function useTeam(teamId: number) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId],
    queryFn: () => api.get('/api/teams/:id', { params: { id: teamId } }),
  });
}

export function useTeamMembers(teamId: number) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId, 'members'],
    queryFn: () => api.get('/api/teams/:id/members', { params: { id: teamId } }),
  });
}

export function useTeamAssignments(teamId: number) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId, 'assignments'],
    queryFn: () => api.get('/api/teams/:id/assignments', { params: { id: teamId } }),
  });
}

export function useTeamProgress(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId, 'progress'],
    queryFn: () => api.get('/api/teams/:id/progress', { params: { id: teamId } }),
    enabled,
  });
}

/** The team's pending invitations (owners and admins). */
export function useTeamInvitations(teamId: number, enabled: boolean) {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, teamId, 'invitations'],
    queryFn: () => api.get('/api/teams/:id/invitations', { params: { id: teamId } }),
    enabled,
  });
}

/** Invitations addressed to the signed-in user (under the teams key, so team writes refresh it). */
export function useMyInvitations() {
  return useQuery({
    queryKey: [TEAMS_QUERY_ROOT, 'invitations', 'mine'],
    queryFn: () => api.get('/api/team-invitations'),
  });
}

export function useAssignableScenarios(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/interviewers'],
    queryFn: async () => listForm(await api.get('/api/interviewers')),
    enabled,
  });
}

export function useAssignableTracks(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/tracks', 'options'],
    queryFn: async () => listForm(await api.get('/api/tracks')),
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
  useTeamMutation((body: CreateTeamRequest) => api.post('/api/teams', { body }), 'Team created');

export const useUpdateTeam = (teamId: number) =>
  useTeamMutation(
    (body: UpdateTeamRequest) => api.patch('/api/teams/:id', { params: { id: teamId }, body }),
    'Team updated',
  );

/** Inviting answers the same whether or not the email has an account: one message for both. */
export const useInviteMember = (teamId: number) =>
  useTeamMutation(
    (body: InviteMemberRequest) => api.post('/api/teams/:id/members', { params: { id: teamId }, body }),
    'Invitation sent',
  );

export const useWithdrawInvitation = (teamId: number) =>
  useTeamMutation(
    (invitationId: number) =>
      api.delete('/api/teams/:id/invitations/:invitationId', { params: { id: teamId, invitationId } }),
    'Invitation withdrawn',
  );

export const useAcceptInvitation = () =>
  useTeamMutation(
    (invitationId: number) => api.post('/api/team-invitations/:id/accept', { params: { id: invitationId } }),
    'You joined the team',
  );

export const useDeclineInvitation = () =>
  useTeamMutation(
    (invitationId: number) => api.post('/api/team-invitations/:id/decline', { params: { id: invitationId } }),
    'Invitation declined',
  );

export const useChangeRole = (teamId: number) =>
  useTeamMutation(
    ({ userId, role }: { userId: number; role: TeamRole }) =>
      api.patch('/api/teams/:id/members/:userId', { params: { id: teamId, userId }, body: { role } }),
    'Role updated',
  );

export const useRemoveMember = (teamId: number) =>
  useTeamMutation(
    (userId: number) => api.delete('/api/teams/:id/members/:userId', { params: { id: teamId, userId } }),
    'Member removed',
  );

export const useTransferOwnership = (teamId: number) =>
  useTeamMutation(
    (userId: number) =>
      api.post('/api/teams/:id/transfer-ownership', { params: { id: teamId }, body: { userId } }),
    'Ownership transferred',
  );

export const useLeaveTeam = (teamId: number) =>
  useTeamMutation(() => api.post('/api/teams/:id/leave', { params: { id: teamId } }), 'You left the team');

export const useCreateAssignment = (teamId: number) =>
  useTeamMutation(
    (body: CreateAssignmentRequest) =>
      api.post('/api/teams/:id/assignments', { params: { id: teamId }, body }),
    'Practice assigned',
  );

export const useDeleteAssignment = (teamId: number) =>
  useTeamMutation(
    (assignmentId: number) =>
      api.delete('/api/teams/:id/assignments/:assignmentId', { params: { id: teamId, assignmentId } }),
    'Assignment removed',
  );
