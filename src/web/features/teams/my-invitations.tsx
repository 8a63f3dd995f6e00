// Invitations addressed to the signed-in user (matched by their account's email), on /teams:
// which team, the role offered and who invited them, with Accept and Decline. Nothing shows when
// there are none.
import { Check, Mail, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations } from './teams-api';

export function MyInvitations() {
  const navigate = useNavigate();
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const fail = (err: Error) => toast.error('Error', { description: err.message });
  const list = invitations.data ?? [];
  if (list.length === 0) return null;
  const busy = accept.isPending || decline.isPending;

  return (
    <Card role="region" aria-labelledby="my-invitations-title">
      <CardHeader>
        <CardTitle
          id="my-invitations-title"
          role="heading"
          aria-level={2}
          className="flex items-center gap-2"
        >
          <Mail className="size-5" aria-hidden /> Invitations
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {list.map((inv) => (
            <li
              key={inv.id}
              aria-label={`Invitation to ${inv.teamName}`}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div>
                <p className="flex items-center gap-2 font-medium">
                  {inv.teamName} <Badge variant="secondary">{inv.role}</Badge>
                </p>
                <p className="text-muted-foreground text-sm">
                  {inv.invitedByName ? `${inv.invitedByName} invited you` : 'You are invited'}
                  {inv.teamDescription && <> · {inv.teamDescription}</>}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    accept
                      .mutateAsync(inv.id)
                      .then((team) => navigate(`/teams/${team.id}`))
                      .catch(fail)
                  }
                >
                  <Check aria-hidden /> Accept
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => decline.mutateAsync(inv.id).catch(fail)}
                >
                  <X aria-hidden /> Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
