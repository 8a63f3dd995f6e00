// The progress view for owners and admins: per member figures only (issue 11 §5) — no
// transcripts or recordings.
import { TrendingDown, TrendingUp } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTeamProgress } from './teams-api';

export function TeamProgressTable({ teamId }: { teamId: number }) {
  const progress = useTeamProgress(teamId, true);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team progress (last 30 days)</CardTitle>
      </CardHeader>
      <CardContent>
        {progress.isLoading ? (
          <Spinner />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Member</TableHead>
                <TableHead className="text-right">Calls</TableHead>
                <TableHead className="text-right">Average score</TableHead>
                <TableHead className="text-right">Trend</TableHead>
                <TableHead className="text-right">Tracks joined</TableHead>
                <TableHead className="text-right">Tracks completed</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(progress.data ?? []).map((m) => (
                <TableRow key={m.userId}>
                  <TableCell>
                    <div className="font-medium">{m.name}</div>
                    <div className="text-muted-foreground text-xs">{m.email}</div>
                  </TableCell>
                  <TableCell className="text-right">{m.callsLast30Days}</TableCell>
                  <TableCell className="text-right">
                    {m.averageScoreLast30Days === null ? '—' : m.averageScoreLast30Days.toFixed(1)}
                  </TableCell>
                  <TableCell className="text-right">
                    {m.scoreTrend === null ? (
                      '—'
                    ) : (
                      <span className="inline-flex items-center gap-1">
                        {m.scoreTrend >= 0 ? (
                          <TrendingUp className="size-4 text-emerald-600" aria-hidden />
                        ) : (
                          <TrendingDown className="text-destructive size-4" aria-hidden />
                        )}
                        {m.scoreTrend > 0 ? '+' : ''}
                        {m.scoreTrend.toFixed(1)}
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="text-right">{m.tracksJoined}</TableCell>
                  <TableCell className="text-right">{m.tracksCompleted}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
