// The signed-in user's team assignments, shown at the top of the dashboard: what to practise,
// for which team, by when, the target and the status. Renders nothing when there are none.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api-client';
import { AssignmentStatusBadge, formatDueDate } from './assignment-status-badge';

export function MyAssignments() {
  const assignments = useQuery({
    queryKey: ['/api/teams', 'assignments', 'mine'],
    queryFn: () => api.get('/api/assignments/mine'),
  });
  if (!assignments.data?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your assignments</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {assignments.data.map((a) => {
            const due = formatDueDate(a.dueDate);
            const overdue = a.dueDate && a.status !== 'passed' && new Date(a.dueDate) < new Date();
            return (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{a.interviewerName ?? `Track: ${a.trackName}`}</p>
                  <p className="text-muted-foreground text-sm">
                    {a.teamName}
                    {due && <span className={overdue ? 'text-destructive' : undefined}> · due {due}</span>}
                    {a.targetScore !== null && <> · target {a.targetScore}/10</>}
                    {a.bestScore !== null && <> · best {a.bestScore.toFixed(1)}</>}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <AssignmentStatusBadge status={a.status} />
                  {a.status !== 'passed' && (
                    <Button asChild size="sm" variant="outline">
                      <Link
                        to={
                          a.interviewerId
                            ? `/new-call?interviewerId=${a.interviewerId}`
                            : `/tracks/${a.trackId}`
                        }
                      >
                        Practise
                      </Link>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
