// The team's pending invitations, for its owner and admins: email, role, when and by whom, and
// Withdraw behind a confirmation. A withdrawn invitation can no longer be accepted.
import type { TeamInvitationResponse } from '@shared/contracts/teams';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTeamInvitations, useWithdrawInvitation } from './teams-api';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

function WithdrawButton({
  invitation,
  onConfirm,
}: {
  invitation: TeamInvitationResponse;
  onConfirm: () => unknown;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" aria-label={`Withdraw the invitation of ${invitation.email}`}>
          Withdraw
        </Button>
      }
      title="Withdraw the invitation?"
      description={`${invitation.email} will no longer be able to join the team with it. You can invite them again later.`}
      confirmLabel="Withdraw"
      onConfirm={onConfirm}
    />
  );
}

export function PendingInvitations({ teamId }: { teamId: number }) {
  const invitations = useTeamInvitations(teamId, true);
  const withdraw = useWithdrawInvitation(teamId);
  const list = invitations.data ?? [];
  if (list.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Invitations</CardTitle>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Invited</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((inv) => (
              <TableRow key={inv.id}>
                <TableCell className="font-medium">{inv.email}</TableCell>
                <TableCell>
                  <Badge variant="secondary">{inv.role}</Badge>
                </TableCell>
                <TableCell className="text-muted-foreground">
                  {formatDate(inv.createdAt)}
                  {inv.invitedByName && <> by {inv.invitedByName}</>}
                </TableCell>
                <TableCell className="text-right">
                  <WithdrawButton
                    invitation={inv}
                    onConfirm={() =>
                      withdraw
                        .mutateAsync(inv.id)
                        .catch((err: Error) => toast.error('Error', { description: err.message }))
                    }
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
