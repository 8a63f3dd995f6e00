// The signed-in home (spec: core-experience §2 "Dashboard", §4, §5, §9): Create Scenario and New
// Call, Calls Completed and Average Score, progress charts, filters, and the completed calls as
// expandable cards, five per page. Paging and filtering happen on the server. Before the first
// completed call the figures, charts and filters have nothing to say: a first-run card leads to a
// first call instead (issue 23 §7).
import { DASHBOARD_PAGE_SIZE } from '@shared/domain/limits';
import { formatScore } from '@shared/domain/score-averages';
import { ArrowRight, Phone, PlusCircle, Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { MyAssignments } from '@/components/assignments/my-assignments';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  CallFilters,
  emptyFilters,
  hasActiveFilters,
  useCallListState,
  useFetchFailureToast,
  useScenarioOptions,
} from '@/features/calls/review/call-filters';
import { CallList, listedPage } from '@/features/calls/review/call-list';
import { MIN_TREND_POINTS, useDashboardCalls, useScoreTrends } from './dashboard-api';
import { OpenCallsNotice } from './open-calls-notice';

// The charts (recharts and d3) are the largest part of the page: they load beside the call list
// instead of in front of it.
const ProgressCharts = lazy(() => import('./progress-charts').then((m) => ({ default: m.ProgressCharts })));

function SummaryFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent className="px-4">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p className="font-bold text-3xl tabular-nums" data-testid={testId}>
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

/** The dashboard of a user with no completed call yet. */
function FirstRun({ credits }: { credits: number }) {
  return (
    <Card data-testid="first-run" className="border-primary/40">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-xl">
            <Sparkles className="text-primary size-5" aria-hidden />
            Start your first practice call
          </h2>
        </CardTitle>
        <CardDescription>
          Choose a scenario, talk it through out loud for a few minutes, and get a scored evaluation with
          feedback on each part of the conversation. Your calls, scores and progress will show up here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="text-muted-foreground grid gap-1 text-sm sm:grid-cols-3">
          <li>1. Pick who you want to talk to</li>
          <li>2. Check your microphone and start</li>
          <li>3. Read your feedback and try again</li>
        </ol>
      </CardContent>
      <CardFooter className="flex flex-wrap items-center gap-3">
        <Button asChild size="lg">
          <Link to="/new-call">
            <Phone />
            Start your first call
          </Link>
        </Button>
        <Button asChild variant="link">
          <Link to="/scenarios">
            Browse scenarios
            <ArrowRight />
          </Link>
        </Button>
        <p className="text-muted-foreground text-sm sm:ml-auto">
          You have {credits} {credits === 1 ? 'credit' : 'credits'}; a call uses one.
        </p>
      </CardFooter>
    </Card>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  const { filters, changeFilters, page, setPage } = useCallListState(emptyFilters);
  const calls = useDashboardCalls(user?.id, page, filters);
  const scenarios = useScenarioOptions();
  const trends = useScoreTrends(Boolean(user));
  useFetchFailureToast(calls.isError, 'Failed to fetch interviews');
  useFetchFailureToast(scenarios.isError, 'Failed to fetch interviewers');

  const summary = calls.data?.summary;
  const loading = calls.isLoading || scenarios.isLoading;
  const firstRun = summary?.completedCount === 0;

  return (
    <div className="container mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl">Dashboard</h1>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/custom-call">
              <PlusCircle />
              Create Scenario
            </Link>
          </Button>
          <Button asChild>
            <Link to="/new-call">
              <Phone />
              New Call
            </Link>
          </Button>
        </div>
      </div>

      <OpenCallsNotice />

      <MyAssignments />

      {firstRun ? (
        <FirstRun credits={user?.credits ?? 0} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-4">
            <SummaryFigure
              label="Calls Completed"
              value={summary ? String(summary.completedCount) : '–'}
              testId="calls-completed"
            />
            <SummaryFigure
              label="Average Score"
              value={summary ? formatScore(summary.averageScore) : '–'}
              testId="average-score"
            />
          </div>

          {trends.data && trends.data.length >= MIN_TREND_POINTS && (
            <Suspense fallback={<div className="h-72" aria-hidden />}>
              <ProgressCharts points={trends.data} />
            </Suspense>
          )}

          <section className="space-y-4" aria-label="Your calls">
            <div className="flex items-center gap-2">
              <h2 className="font-semibold text-xl">Your calls</h2>
              {calls.isFetching && !calls.isLoading && <Spinner className="text-muted-foreground" />}
            </div>
            <CallFilters value={filters} onChange={changeFilters} scenarios={scenarios.data ?? []} />
            <CallList
              {...listedPage(calls.data)}
              page={page}
              pageSize={DASHBOARD_PAGE_SIZE}
              onPageChange={setPage}
              isLoading={loading}
              emptyText="No calls found matching your filters."
              emptyHint={
                hasActiveFilters(filters) ? undefined : 'Completed calls appear here after a New Call.'
              }
              canEditRating={(i) => i.userId === user?.id}
            />
          </section>
        </>
      )}
    </div>
  );
}
