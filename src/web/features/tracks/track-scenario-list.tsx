// A track's scenarios (administration §2 "Tracks"): number, interviewer, rubric (fallbacks
// Unknown Interviewer and Standard Evaluation), role at company, call type; for an active track
// also Average Score, Best Score (rounded percent) and Attempts, or Not attempted; Start or Try Again,
// disabled with a lock until the scenario unlocks (the rule the track page and the server apply).
import type { Track } from '@shared/contracts/tracks';
import { isScenarioUnlocked } from '@shared/domain/track-unlock';
import { Lock } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';
import { handOverToNewCall, scorePercent } from './tracks-api';

export function TrackScenarioList({ track }: { track: Track }) {
  const navigate = useNavigate();
  const active = track.progress?.isActive === true;
  const orderedIds = track.scenarios.map((s) => s.id);
  return (
    <ol className="space-y-3">
      {track.scenarios.map((s, index) => {
        const key = String(s.id);
        const attempts = track.progress?.attempts[key] ?? 0;
        const average = track.progress?.averageScores[key];
        const best = track.progress?.bestScores[key];
        const unlocked = isScenarioUnlocked(orderedIds, track.progress?.averageScores, index);
        return (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
            <div className="flex items-start gap-3">
              <span className="bg-muted flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold">
                {index + 1}
              </span>
              <div>
                <p className="font-medium">{s.interviewerName ?? 'Unknown Interviewer'}</p>
                <p className="text-muted-foreground text-sm">
                  {s.interviewerRubricName || 'Standard Evaluation'}
                </p>
                <p className="text-muted-foreground text-sm">
                  {scenarioSubtitle(s.interviewerRole, s.interviewerCompany)} · {s.interviewerCallType}
                </p>
                {active &&
                  (attempts > 0 ? (
                    <p className="mt-1 text-sm">
                      Average Score: {average === undefined ? '—' : scorePercent(average)} · Best Score:{' '}
                      {best === undefined ? '—' : scorePercent(best)} · Attempts: {attempts}
                    </p>
                  ) : (
                    <Badge variant="outline" className="mt-1">
                      Not attempted
                    </Badge>
                  ))}
              </div>
            </div>
            {active && (
              <Button
                size="sm"
                variant={attempts > 0 ? 'outline' : 'default'}
                disabled={!unlocked}
                title={unlocked ? undefined : 'Unlocks once the scenario before it has a score'}
                onClick={() => {
                  handOverToNewCall(s.interviewerId, s.id);
                  navigate('/new-call');
                }}
              >
                {!unlocked && <Lock aria-hidden />}
                {attempts > 0 ? 'Try Again' : 'Start'}
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
