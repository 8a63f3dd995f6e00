// /tracks (inside an error boundary): Active Tracks and Available Tracks (administration §2).

import { useAuth } from '@/components/auth/auth-provider';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { PageSpinner } from '@/components/ui/spinner';
import { TrackCard } from './track-card';
import { useTracks } from './tracks-api';

function TracksContent() {
  const { user } = useAuth();
  const tracks = useTracks(user?.id);
  if (tracks.isLoading) return <PageSpinner />;
  if (tracks.isError) return <p className="text-destructive">Failed to load tracks.</p>;
  const all = tracks.data ?? [];
  const active = all.filter((t) => t.progress?.isActive);
  const available = all.filter((t) => !t.progress?.isActive && !t.isArchived);
  return (
    <>
      <section aria-labelledby="active-tracks" className="space-y-4">
        <h2 id="active-tracks" className="text-2xl font-semibold">
          Active Tracks
        </h2>
        {active.length === 0 ? (
          <p className="text-muted-foreground">You haven't joined any tracks yet.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {active.map((t) => (
              <TrackCard key={t.id} track={t} />
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="available-tracks" className="space-y-4">
        <h2 id="available-tracks" className="text-2xl font-semibold">
          Available Tracks
        </h2>
        {available.length === 0 ? (
          <p className="text-muted-foreground">No tracks available at the moment.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {available.map((t) => (
              <TrackCard key={t.id} track={t} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}

export default function TracksPage() {
  return (
    <div className="container mx-auto max-w-6xl space-y-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Practice Tracks</h1>
        <p className="text-muted-foreground">
          Work through a series of scenarios in order and watch your scores grow.
        </p>
      </div>
      <ErrorBoundary>
        <TracksContent />
      </ErrorBoundary>
    </div>
  );
}
