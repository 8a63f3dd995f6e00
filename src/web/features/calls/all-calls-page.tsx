// All Calls (administration §2, §8, §9): every user's calls for admins, with search, call type,
// scenario, call-rating and evaluation-rating filters, refresh and clear, five per page. Anyone
// else sees Access Denied; the server refuses them too.
import { ADMIN_PAGE_SIZE } from '@shared/domain/limits';
import { RefreshCw, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import {
  CallFilters,
  type CallFilterValues,
  emptyFilters,
  useCallListState,
  useFetchFailureToast,
  useScenarioOptions,
} from '@/features/calls/review/call-filters';
import { CallList, listedPage } from '@/features/calls/review/call-list';
import { useAllCalls } from './all-calls-api';

function AccessDenied() {
  return (
    <div className="container mx-auto flex max-w-lg flex-col items-center gap-4 p-8 text-center">
      <ShieldAlert className="size-12 text-destructive" />
      <h1 className="font-semibold text-2xl">Access Denied</h1>
      <p className="text-muted-foreground">This page is only accessible to administrators</p>
      <Button asChild>
        <Link to="/">Return to Dashboard</Link>
      </Button>
    </div>
  );
}

const initialFilters: CallFilterValues = { ...emptyFilters, callRating: null, evaluationRating: null };

function AllCalls({ adminId }: { adminId: number }) {
  const { filters, changeFilters, page, setPage } = useCallListState(initialFilters);
  const calls = useAllCalls(true, page, filters);
  const scenarios = useScenarioOptions();
  useFetchFailureToast(calls.isError, 'Failed to fetch interviews');

  return (
    <div className="container mx-auto max-w-5xl space-y-6 p-4 md:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">All Calls</h1>
          {calls.data && (
            <p className="text-muted-foreground text-sm" data-testid="all-calls-total">
              {calls.data.totalCapped
                ? `More than ${calls.data.total} calls`
                : `${calls.data.total} ${calls.data.total === 1 ? 'call' : 'calls'}`}
            </p>
          )}
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() => void calls.refetch()}
          disabled={calls.isFetching}
        >
          <RefreshCw className={calls.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      <CallFilters
        value={filters}
        onChange={changeFilters}
        scenarios={scenarios.data ?? []}
        withRatings
        resetLabel="Clear Filters"
      />
      <CallList
        {...listedPage(calls.data)}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        onPageChange={setPage}
        isLoading={calls.isLoading || scenarios.isLoading}
        emptyText="No calls found"
        canEditRating={(i) => i.userId === adminId}
      />
    </div>
  );
}

export default function AllCallsPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user?.isAdmin) return <AccessDenied />;
  return <AllCalls adminId={user.id} />;
}
