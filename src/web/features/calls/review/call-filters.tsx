// The filters above a list of calls (dashboard: search, call type, scenario, reset; All Calls adds
// call rating and evaluation rating). The parent returns to page 1 on every change (spec §4).
import type { InterviewListQuery } from '@shared/contracts/calls';
import type { Interviewer } from '@shared/contracts/scenarios';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw, Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { api, listForm } from '@/lib/api-client';

/** A rating filter as the list query takes it. */
export type RatingFilter = NonNullable<InterviewListQuery['callRating']>;

export type CallFilterValues = {
  search: string;
  callType: string;
  interviewerId: number | null;
  callRating?: RatingFilter | null;
  evaluationRating?: RatingFilter | null;
};

export const emptyFilters: CallFilterValues = { search: '', callType: '', interviewerId: null };

/** where each filter and the page live in the address ("?q=budget&page=2") */
const PARAM = {
  search: 'q',
  callType: 'type',
  interviewerId: 'scenario',
  callRating: 'rating',
  evaluationRating: 'evaluation',
  page: 'page',
} as const;
const RATINGS: readonly string[] = ['0', '1', '2', 'unrated'] satisfies RatingFilter[];

const positive = (raw: string | null) => {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const rating = (raw: string | null) => (raw !== null && RATINGS.includes(raw) ? (raw as RatingFilter) : null);

/** the filters the address holds, of those `initial` offers (the dashboard has no rating filters) */
function filtersIn(params: URLSearchParams, initial: CallFilterValues): CallFilterValues {
  const out: CallFilterValues = {
    search: params.get(PARAM.search) ?? initial.search,
    callType: params.get(PARAM.callType) ?? initial.callType,
    interviewerId: positive(params.get(PARAM.interviewerId)) ?? initial.interviewerId,
  };
  if ('callRating' in initial) out.callRating = rating(params.get(PARAM.callRating)) ?? initial.callRating;
  if ('evaluationRating' in initial) {
    out.evaluationRating = rating(params.get(PARAM.evaluationRating)) ?? initial.evaluationRating;
  }
  return out;
}

function paramsOf(f: CallFilterValues, page: number): URLSearchParams {
  const out = new URLSearchParams();
  if (f.search) out.set(PARAM.search, f.search);
  if (f.callType) out.set(PARAM.callType, f.callType);
  if (f.interviewerId !== null) out.set(PARAM.interviewerId, String(f.interviewerId));
  if (f.callRating) out.set(PARAM.callRating, f.callRating);
  if (f.evaluationRating) out.set(PARAM.evaluationRating, f.evaluationRating);
  if (page > 1) out.set(PARAM.page, String(page));
  return out;
}

/**
 * A call list's filters and page (All Calls, the dashboard), kept in the address so a reload, a
 * return to the page or a shared link shows the same list; changing a filter goes back to page 1.
 * `initial` must be stable (a module constant). A change names only what it changes, and is laid
 * over the address as it is when it is written, not as the last render saw it: the router renders
 * a navigation later (a transition), so a search typed just before a rating was chosen, written
 * 300 ms after, would otherwise put back the address without the rating (or the rating without the
 * search), as a loaded CI machine showed.
 */
export function useCallListState(initial: CallFilterValues) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersIn(params, initial), [params, initial]);
  const page = positive(params.get(PARAM.page)) ?? 1;
  // the filters as last written, which the router may not have rendered yet (a render for another
  // reason before it shows the old address, which says nothing); when the address changes to one
  // this list did not write (back, a link), that is the latest
  const latest = useRef(filters);
  const written = useRef<string[]>([]);
  const shown = params.toString();
  const lastShown = useRef(shown);
  if (shown !== lastShown.current) {
    lastShown.current = shown;
    const at = written.current.indexOf(shown);
    if (at >= 0) written.current = written.current.slice(at + 1);
    else {
      written.current = [];
      latest.current = filters;
    }
  }
  // typing in the search replaces the entry instead of adding one per key
  const write = useCallback(
    (f: CallFilterValues, p: number) => {
      const next = paramsOf(f, p);
      latest.current = f;
      written.current.push(next.toString());
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const changeFilters = useCallback(
    (change: Partial<CallFilterValues>) => write({ ...latest.current, ...change }, 1),
    [write],
  );
  const setPage = useCallback((p: number) => write(latest.current, p), [write]);
  return { filters, changeFilters, page, setPage };
}

/** Says once, in a toast, that a list could not be fetched. */
export function useFetchFailureToast(failed: boolean, description: string) {
  useEffect(() => {
    if (failed) toast.error('Error', { description });
  }, [failed, description]);
}

export const hasActiveFilters = (f: CallFilterValues) =>
  Boolean(f.search.trim() || f.callType || f.interviewerId !== null || f.callRating || f.evaluationRating);

/** The scenarios a filter offers (the same query the call flow uses). */
export function useScenarioOptions() {
  return useQuery({
    queryKey: ['/api/interviewers'],
    queryFn: async () => listForm(await api.get('/api/interviewers')),
  });
}

const ALL = '__all__';
const RATING_FILTER_OPTIONS: { value: RatingFilter; label: string }[] = [
  { value: '2', label: 'Great' },
  { value: '1', label: 'OK' },
  { value: '0', label: 'Poor' },
  { value: 'unrated', label: 'Not Rated' },
];

function RatingSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: RatingFilter | null | undefined;
  onChange: (v: RatingFilter | null) => void;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? null : (v as RatingFilter))}>
      {/* wide enough for "Any evaluation rating" whole */}
      <SelectTrigger aria-label={label} className="w-full sm:w-56">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{`Any ${label.toLowerCase()}`}</SelectItem>
        {RATING_FILTER_OPTIONS.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export type CallFiltersProps = {
  value: CallFilterValues;
  /** what changed (the rest stays as it is in the address) */
  onChange: (change: Partial<CallFilterValues>) => void;
  scenarios: Pick<Interviewer, 'id' | 'name' | 'callType'>[];
  /** show the call-rating and evaluation-rating filters (All Calls) */
  withRatings?: boolean;
  resetLabel?: string;
};

export function CallFilters({
  value,
  onChange,
  scenarios,
  withRatings,
  resetLabel = 'Reset',
}: CallFiltersProps) {
  // The search box answers at once; the list follows after a short pause in typing.
  const [search, setSearch] = useState(value.search);
  useEffect(() => setSearch(value.search), [value.search]);
  useEffect(() => {
    if (search === value.search) return;
    const t = setTimeout(() => onChange({ search }), 300);
    return () => clearTimeout(t);
  }, [search, value, onChange]);

  const callTypes = [...new Set(scenarios.map((s) => s.callType || 'General'))].sort();
  const visibleScenarios = value.callType
    ? scenarios.filter((s) => s.callType === value.callType)
    : scenarios;

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" data-testid="call-filters">
      <div className="relative flex-1 sm:min-w-56">
        <Search className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search calls"
          placeholder="Search by scenario or transcript..."
          className="pl-8"
          maxLength={200}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <Select
        value={value.callType || ALL}
        onValueChange={(v) => onChange({ callType: v === ALL ? '' : v, interviewerId: null })}
      >
        <SelectTrigger aria-label="Call type" className="w-full sm:w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All call types</SelectItem>
          {callTypes.map((t) => (
            <SelectItem key={t} value={t}>
              {t}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={value.interviewerId === null ? ALL : String(value.interviewerId)}
        onValueChange={(v) => onChange({ interviewerId: v === ALL ? null : Number(v) })}
      >
        <SelectTrigger aria-label="Scenario" className="w-full sm:w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All scenarios</SelectItem>
          {visibleScenarios.map((s) => (
            <SelectItem key={s.id} value={String(s.id)}>
              {s.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {withRatings && (
        <>
          <RatingSelect
            label="Call rating"
            value={value.callRating}
            onChange={(v) => onChange({ callRating: v })}
          />
          <RatingSelect
            label="Evaluation rating"
            value={value.evaluationRating}
            onChange={(v) => onChange({ evaluationRating: v })}
          />
        </>
      )}
      <Button
        type="button"
        variant="outline"
        disabled={!hasActiveFilters(value) && search === ''}
        onClick={() => {
          setSearch('');
          onChange({ ...emptyFilters, ...(withRatings ? { callRating: null, evaluationRating: null } : {}) });
        }}
      >
        <RotateCcw />
        {resetLabel}
      </Button>
    </div>
  );
}
