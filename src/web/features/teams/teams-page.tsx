// /teams: the user's teams as cards (name, description, role, View Details) and a Create Team
// dialog (administration §2 "Teams list"). The creator becomes the owner. Invitations addressed to
// the user come first, with Accept and Decline (issue 19 §4).
import { Plus, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '@/components/auth/auth-provider';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { MyInvitations } from './my-invitations';
import { TeamFormDialog } from './team-form-dialog';
import { useCreateTeam, useMyTeams } from './teams-api';

export default function TeamsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const teams = useMyTeams(user?.id);
  const createTeam = useCreateTeam();

  return (
    <div className="container mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Teams</h1>
          <p className="text-muted-foreground">Practise together and follow each other's progress.</p>
        </div>
        <TeamFormDialog
          title="Create Team"
          submitLabel="Create Team"
          pending={createTeam.isPending}
          trigger={
            <Button>
              <Plus aria-hidden /> Create Team
            </Button>
          }
          onSubmit={async (values) => {
            const team = await createTeam.mutateAsync({ ...values, userId: user?.id });
            navigate(`/teams/${team.id}`);
          }}
        />
      </div>
      <MyInvitations />
      {teams.isLoading ? (
        <PageSpinner />
      ) : teams.isError ? (
        <p className="text-destructive">Failed to load teams.</p>
      ) : teams.data?.length === 0 ? (
        <Card>
          <CardContent className="text-muted-foreground flex flex-col items-center gap-2 py-12 text-center">
            <Users className="size-8" aria-hidden />
            <p>You are not in any team yet. Create one and invite your colleagues by email.</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {teams.data?.map((team) => (
            <li key={team.id}>
              <Card className="h-full">
                <CardHeader>
                  <div className="flex items-start justify-between gap-2">
                    <CardTitle className="text-xl">{team.name}</CardTitle>
                    {team.role && <Badge variant="secondary">{team.role}</Badge>}
                  </div>
                  <CardDescription>{team.description || 'No description'}</CardDescription>
                </CardHeader>
                <CardContent className="text-muted-foreground text-sm">
                  {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'}
                </CardContent>
                <CardFooter>
                  <Button asChild variant="outline">
                    <Link to={`/teams/${team.id}`}>View Details</Link>
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
