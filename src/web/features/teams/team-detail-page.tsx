// /teams/:id: the team, its members (Edit Team, Team Members table, Add Member — administration §2
// "Team detail" — which now invites, issue 19 §4), assignments and, for owners and admins, the
// pending invitations and the progress view.
import { ArrowLeft, LogOut, Pencil } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { AssignmentsSection } from './assignments-section';
import { InviteMemberDialog } from './invite-member-dialog';
import { MembersTable } from './members-table';
import { PendingInvitations } from './pending-invitations';
import { TeamFormDialog } from './team-form-dialog';
import { TeamProgressTable } from './team-progress-table';
import { useLeaveTeam, useTeam, useTeamAssignments, useTeamMembers, useUpdateTeam } from './teams-api';

export default function TeamDetailPage() {
  const teamId = Number(useParams().id);
  const navigate = useNavigate();
  const { user } = useAuth();
  const team = useTeam(teamId);
  const members = useTeamMembers(teamId);
  const assignments = useTeamAssignments(teamId);
  const updateTeam = useUpdateTeam(teamId);
  const leave = useLeaveTeam(teamId);

  if (team.isLoading || members.isLoading) return <PageSpinner />;
  if (team.isError || !team.data) {
    return (
      <div className="container mx-auto max-w-5xl space-y-4 px-4 py-8">
        <p className="text-destructive">Team not found.</p>
        <Button asChild variant="outline">
          <Link to="/teams">Back to Teams</Link>
        </Button>
      </div>
    );
  }
  const role = team.data.role;
  const canManage = role === 'owner' || role === 'admin' || Boolean(user?.isAdmin);
  const canTransfer = role === 'owner' || Boolean(user?.isAdmin);

  return (
    <div className="container mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Button asChild variant="ghost" size="sm">
        <Link to="/teams">
          <ArrowLeft aria-hidden /> Back to Teams
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
            {team.data.name} {role && <Badge variant="secondary">{role}</Badge>}
          </h1>
          <p className="text-muted-foreground">{team.data.description || 'No description'}</p>
        </div>
        <div className="flex gap-2">
          {canManage && (
            <TeamFormDialog
              title="Edit Team"
              submitLabel="Save Team"
              initial={{ name: team.data.name, description: team.data.description }}
              pending={updateTeam.isPending}
              trigger={
                <Button variant="outline">
                  <Pencil aria-hidden /> Edit Team
                </Button>
              }
              onSubmit={(values) => updateTeam.mutateAsync(values)}
            />
          )}
          {role && role !== 'owner' && (
            <Button
              variant="outline"
              onClick={() =>
                leave
                  .mutateAsync(undefined)
                  .then(() => navigate('/teams'))
                  .catch((err: Error) => toast.error('Error', { description: err.message }))
              }
            >
              <LogOut aria-hidden /> Leave Team
            </Button>
          )}
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Team Members</CardTitle>
          {canManage && (
            <CardAction>
              <InviteMemberDialog teamId={teamId} />
            </CardAction>
          )}
        </CardHeader>
        <CardContent>
          <MembersTable
            teamId={teamId}
            members={members.data ?? []}
            currentUserId={user?.id ?? 0}
            canManage={canManage}
            canTransfer={canTransfer}
          />
        </CardContent>
      </Card>

      {canManage && <PendingInvitations teamId={teamId} />}

      <AssignmentsSection
        teamId={teamId}
        assignments={assignments.data ?? []}
        members={members.data ?? []}
        canManage={canManage}
      />

      {canManage && <TeamProgressTable teamId={teamId} />}
    </div>
  );
}
