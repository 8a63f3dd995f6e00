// One track on /tracks: name, description, estimated time, Join Track or progress, Completed badge,
// Show/Hide Details with the scenario list, Leave Track with its confirmation.
import type { Track } from '@shared/contracts/tracks';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { LeaveTrackDialog } from './leave-track-dialog';
import { TrackScenarioList } from './track-scenario-list';
import { useJoinTrack, useLeaveTrack } from './tracks-api';

export function TrackCard({ track }: { track: Track }) {
  const [showDetails, setShowDetails] = useState(false);
  const join = useJoinTrack();
  const leave = useLeaveTrack();
  const active = track.progress?.isActive === true;
  const percent = track.progress?.percentComplete ?? 0;
  return (
    <Card data-testid={`track-${track.id}`}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-xl">
            <Link to={`/tracks/${track.id}`} className="hover:underline">
              {track.name}
            </Link>
          </CardTitle>
          {track.progress?.completedAt && <Badge className="bg-emerald-600 text-white">Completed</Badge>}
        </div>
        <CardDescription>{track.description}</CardDescription>
        <p className="text-muted-foreground flex items-center gap-1 text-sm">
          <Clock className="size-4" aria-hidden /> {track.estimatedCompletionTime}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {active && (
          <div className="space-y-1">
            <div className="flex justify-between text-sm">
              <span>Progress</span>
              <span>{percent}%</span>
            </div>
            <Progress value={percent} aria-label={`${track.name} progress`} />
          </div>
        )}
        <Button
          variant="link"
          className="px-0"
          onClick={() => setShowDetails((v) => !v)}
          aria-expanded={showDetails}
        >
          {showDetails ? 'Hide Details' : 'Show Details'}
        </Button>
        {showDetails && <TrackScenarioList track={track} />}
      </CardContent>
      <CardFooter className="gap-2">
        {active ? (
          <LeaveTrackDialog
            trigger={<Button variant="outline">Leave Track</Button>}
            onConfirm={() => leave.mutate(track.id)}
          />
        ) : (
          <Button onClick={() => join.mutate(track.id)} disabled={join.isPending}>
            Join Track
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
