// Team Members table (email, role select, Remove). Managers change member/admin roles and remove
// anyone but the owner; only the owner hands over ownership.
import type { TeamMemberResponse, TeamRole } from '@shared/contracts/teams';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useChangeRole, useRemoveMember, useTransferOwnership } from './teams-api';

type Props = {
  teamId: number;
  members: TeamMemberResponse[];
  currentUserId: number;
  canManage: boolean;
  canTransfer: boolean;
};

export function MembersTable({ teamId, members, currentUserId, canManage, canTransfer }: Props) {
  const changeRole = useChangeRole(teamId);
  const removeMember = useRemoveMember(teamId);
  const transfer = useTransferOwnership(teamId);
  const fail = (err: Error) => toast.error('Error', { description: err.message });

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead className="hidden sm:table-cell">Name</TableHead>
          <TableHead>Role</TableHead>
          {canManage && <TableHead className="hidden text-right sm:table-cell">Actions</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((m) => {
          const isOwner = m.role === 'owner';
          const acts = canManage && !isOwner && (canTransfer || m.userId !== currentUserId);
          const actions = acts ? (
            <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-end">
              {canTransfer && !isOwner && (
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="outline" aria-label={`Make ${m.email} the owner`}>
                      Make owner
                    </Button>
                  }
                  title="Hand over ownership?"
                  description={`${m.email} becomes the team's owner and you become an admin. Only the new owner can hand it back.`}
                  confirmLabel="Make owner"
                  onConfirm={() => transfer.mutateAsync(m.userId).catch(fail)}
                />
              )}
              {!isOwner && m.userId !== currentUserId && (
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="destructive" aria-label={`Remove ${m.email}`}>
                      Remove
                    </Button>
                  }
                  title="Remove this member?"
                  description={`${m.email} is taken off the team at once. You can invite them again later.`}
                  confirmLabel="Remove"
                  destructive
                  onConfirm={() => removeMember.mutateAsync(m.userId).catch(fail)}
                />
              )}
            </div>
          ) : null;
          return (
            <TableRow key={m.userId}>
              {/* On a phone the name goes under the email and the actions under the role, so all stay in view. */}
              <TableCell className="min-w-36 font-medium whitespace-normal [overflow-wrap:anywhere]">
                {m.email}
                <span className="block font-normal text-muted-foreground sm:hidden">{m.name}</span>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{m.name}</TableCell>
              <TableCell>
                {canManage && !isOwner ? (
                  <Select
                    value={m.role}
                    onValueChange={(role) =>
                      changeRole.mutateAsync({ userId: m.userId, role: role as TeamRole }).catch(fail)
                    }
                  >
                    <SelectTrigger aria-label={`Role of ${m.email}`} className="w-28 sm:w-32">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="member">Member</SelectItem>
                      <SelectItem value="admin">Admin</SelectItem>
                    </SelectContent>
                  </Select>
                ) : (
                  <Badge variant={isOwner ? 'default' : 'secondary'}>{m.role}</Badge>
                )}
                {actions && <div className="mt-2 sm:hidden">{actions}</div>}
              </TableCell>
              {canManage && <TableCell className="hidden text-right sm:table-cell">{actions}</TableCell>}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
