// Calls the user started and never ended (a tab closed mid-call), shown on the dashboard with a way
// to end each now: ended, a call is scored on what was said, and one in which nothing was said gives
// its credit back. Left alone, each ends on its own at its deadline.
import type { OpenCall } from '@shared/contracts/call-review';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PhoneOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { INTERVIEWS_QUERY_ROOT } from '@/features/calls/review/rating-block';
import { api } from '@/lib/api-client';
import { endInterview, refreshAfterEnd } from './call-api';
import { announceEndedCall, endMessages } from './end-call-notices';

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

function OpenCallRow({ call }: { call: OpenCall }) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => endInterview(call.id, null),
    onSuccess: (ended) => announceEndedCall(ended),
    onError: (error) =>
      toast.error('Error', {
        description: endMessages.endFailed(error instanceof Error ? error.message : 'An error occurred'),
      }),
    onSettled: () => refreshAfterEnd(queryClient),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2" data-testid="open-call">
      <p className="text-sm">
        Your call with <span className="font-medium">{call.interviewerName}</span>, started at{' '}
        {clock(call.startTime)}, is still open. It ends on its own at {clock(call.endsBy)}.
      </p>
      <Button size="sm" variant="outline" disabled={end.isPending} onClick={() => end.mutate()}>
        <PhoneOff />
        {end.isPending ? 'Ending…' : 'End it now'}
      </Button>
    </li>
  );
}

export function OpenCallsNotice() {
  const open = useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'open'],
    queryFn: () => api.get('/api/interviews/open'),
  });
  if (!open.data?.length) return null;
  return (
    <section
      aria-label="Calls still open"
      className="rounded-lg border border-amber-500/50 bg-amber-500/5 p-4"
      data-testid="open-calls"
    >
      <h2 className="font-semibold">
        {open.data.length === 1 ? 'A call is still open' : `${open.data.length} calls are still open`}
      </h2>
      <p className="text-muted-foreground text-sm">
        Ended now, a call is scored on what you said; if you said nothing, its credit comes back.
      </p>
      <ul className="divide-y">
        {open.data.map((call) => (
          <OpenCallRow key={call.id} call={call} />
        ))}
      </ul>
    </section>
  );
}
