// A team's assignments. Managers see every member's status and can assign or remove; a member
// sees what applies to them with their own status.
import type { TeamAssignmentResponse, TeamMemberResponse } from '@shared/contracts/teams';
import { toast } from 'sonner';
import { AssignmentStatusBadge, formatDueDate } from '@/components/assignments/assignment-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AssignPracticeDialog } from './assign-practice-dialog';
import { useDeleteAssignment } from './teams-api';

type Props = {
  teamId: number;
  assignments: TeamAssignmentResponse[];
  members: TeamMemberResponse[];
  canManage: boolean;
};

export function AssignmentsSection({ teamId, assignments, members, canManage }: Props) {
  const remove = useDeleteAssignment(teamId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Assignments</CardTitle>
        {canManage && (
          <CardAction>
            <AssignPracticeDialog teamId={teamId} members={members} />
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {assignments.length === 0 ? (
          <p className="text-muted-foreground text-sm">No practice assigned yet.</p>
        ) : (
          <ul className="divide-y">
            {assignments.map((a) => (
              <li key={a.id} className="space-y-2 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium">{a.interviewerName ?? `Track: ${a.trackName}`}</p>
                    <p className="text-muted-foreground text-sm">
                      {a.assigneeName ?? 'Whole team'}
                      {a.dueDate && <> · due {formatDueDate(a.dueDate)}</>}
                      {a.targetScore !== null && <> · target {a.targetScore}/10</>}
                    </p>
                  </div>
                  {canManage && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        remove
                          .mutateAsync(a.id)
                          .catch((err: Error) => toast.error('Error', { description: err.message }))
                      }
                    >
                      Remove
                    </Button>
                  )}
                </div>
                <ul className="flex flex-wrap gap-2">
                  {a.progress.map((p) => (
                    <li
                      key={p.userId}
                      className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm"
                    >
                      <span>{p.name}</span>
                      <AssignmentStatusBadge status={p.status} />
                      {p.bestScore !== null && (
                        <span className="text-muted-foreground">{p.bestScore.toFixed(1)}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
