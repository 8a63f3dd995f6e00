// /tracks/:id (error boundary): Back to Tracks, Leave Track, Reset Progress, overall progress,
// numbered scenarios with Best Score, sequential unlock, Start/Retry → /interview/{interviewerId}.
import type { Track } from '@shared/contracts/tracks';
import { isScenarioUnlocked } from '@shared/domain/track-unlock';
import { ArrowLeft, CheckCircle2, Clock, Lock } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '@/components/auth/auth-provider';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { PageSpinner } from '@/components/ui/spinner';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';
import { LeaveTrackDialog } from './leave-track-dialog';
import {
  handOverToNewCall,
  scorePercent,
  useJoinTrack,
  useLeaveTrack,
  useResetTrack,
  useTrack,
} from './tracks-api';

/** The rule the server enforces when the call starts (shared/domain/track-unlock). */
function isUnlocked(track: Track, index: number) {
  return isScenarioUnlocked(
    track.scenarios.map((s) => s.id),
    track.progress?.averageScores,
    index,
  );
}

function TrackDetail() {
  const trackId = Number(useParams().id);
  const navigate = useNavigate();
  const { user } = useAuth();
  const track = useTrack(trackId, user?.id);
  const join = useJoinTrack();
  const leave = useLeaveTrack();
  const reset = useResetTrack();

  if (track.isLoading) return <PageSpinner />;
  if (track.isError || !track.data) return <p className="text-destructive">Failed to load track details</p>;
  const t = track.data;
  const active = t.progress?.isActive === true;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
            {t.name}
            {t.progress?.completedAt && (
              <Badge className="bg-emerald-600 text-white">
                <CheckCircle2 aria-hidden /> Completed
              </Badge>
            )}
          </h1>
          <p className="text-muted-foreground">{t.description}</p>
          <p className="text-muted-foreground flex items-center gap-1 text-sm">
            <Clock className="size-4" aria-hidden /> {t.estimatedCompletionTime}
          </p>
        </div>
        <div className="flex gap-2">
          {active ? (
            <>
              <ConfirmDialog
                trigger={
                  <Button variant="outline" disabled={reset.isPending}>
                    Reset Progress
                  </Button>
                }
                title="Reset your progress?"
                description="Your scores and attempts on this track go back to zero, and every scenario after the first locks again. Your past calls stay on your dashboard. This cannot be undone."
                confirmLabel="Reset Progress"
                destructive
                onConfirm={() => reset.mutateAsync(t.id)}
              />
              <LeaveTrackDialog
                trigger={<Button variant="outline">Leave Track</Button>}
                onConfirm={() => leave.mutateAsync(t.id).then(() => navigate('/tracks'))}
              />
            </>
          ) : (
            <Button onClick={() => join.mutate(t.id)} disabled={join.isPending}>
              Join Track
            </Button>
          )}
        </div>
      </div>
      {active && (
        <div className="space-y-1">
          <div className="flex justify-between text-sm">
            <span>Overall progress</span>
            <span>{t.progress?.percentComplete ?? 0}%</span>
          </div>
          <Progress value={t.progress?.percentComplete ?? 0} aria-label="Overall progress" />
        </div>
      )}
      <ol className="space-y-3">
        {t.scenarios.map((s, index) => {
          const unlocked = active && isUnlocked(t, index);
          const attempted = (t.progress?.attempts[String(s.id)] ?? 0) > 0;
          const best = t.progress?.bestScores[String(s.id)];
          const average = t.progress?.averageScores[String(s.id)];
          return (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4"
            >
              <div className="flex items-start gap-3">
                <span className="bg-muted flex size-8 shrink-0 items-center justify-center rounded-full font-semibold">
                  {index + 1}
                </span>
                <div>
                  <p className="font-medium">{s.interviewerName ?? 'Unknown Interviewer'}</p>
                  <p className="text-muted-foreground text-sm">
                    {scenarioSubtitle(s.interviewerRole, s.interviewerCompany)} · {s.interviewerCallType}
                  </p>
                  {average !== undefined && best !== undefined && (
                    <p className="text-sm">Best Score: {scorePercent(best)}</p>
                  )}
                </div>
              </div>
              <Button
                size="sm"
                disabled={!unlocked}
                variant={attempted ? 'outline' : 'default'}
                onClick={() => {
                  handOverToNewCall(s.interviewerId, s.id);
                  navigate(`/interview/${s.interviewerId}`);
                }}
              >
                {!unlocked && <Lock aria-hidden />}
                {attempted ? 'Retry' : 'Start'}
              </Button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export default function TrackDetailPage() {
  return (
    <div className="container mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Button asChild variant="ghost" size="sm">
        <Link to="/tracks">
          <ArrowLeft aria-hidden /> Back to Tracks
        </Link>
      </Button>
      <ErrorBoundary>
        <TrackDetail />
      </ErrorBoundary>
    </div>
  );
}
