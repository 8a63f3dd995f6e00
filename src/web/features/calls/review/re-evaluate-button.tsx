// "Evaluate again" for a call whose evaluation failed (status completed_with_errors: the model or
// the network was down when it ended). The server re-scores the stored transcript; a good
// evaluation is never replaced by a new failure.
import type { Interview } from '@shared/contracts/calls';
import { evaluationMessages } from '@shared/contracts/evaluation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { INTERVIEWS_QUERY_ROOT } from './rating-block';

/** Only ended calls with a transcript whose evaluation did not succeed can be evaluated again; not
 * one the user ended before answering (there is nothing to score: evaluating again changes nothing). */
export function canReEvaluate(i: Interview): boolean {
  const nothingSaid =
    (i.evaluation as { message?: unknown } | null)?.message === evaluationMessages.nothingSaidInCall;
  return i.status === 'completed_with_errors' && Boolean(i.transcript?.trim()) && !nothingSaid;
}

export function ReEvaluateButton({
  interview,
  onUpdated,
}: {
  interview: Interview;
  /** receives the call with its new evaluation (the results page shows it in place) */
  onUpdated?: (updated: Interview) => void;
}) {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => api.post('/api/interviews/:id/re-evaluate', { params: { id: interview.id } }),
    onSuccess: (updated) => {
      if (updated.status === 'completed')
        toast.success('Evaluation ready', { description: 'Your call has been scored.' });
      else toast.error('Evaluation failed again', { description: 'Please try again in a few minutes.' });
      onUpdated?.(updated);
      void queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === INTERVIEWS_QUERY_ROOT ||
          (typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/interviews')),
      });
    },
    onError: (error) => toast.error('Error', { description: error.message }),
  });
  return (
    <Button type="button" variant="outline" size="sm" disabled={run.isPending} onClick={() => run.mutate()}>
      {run.isPending ? <Spinner /> : <RefreshCw />}
      {run.isPending ? 'Evaluating…' : 'Evaluate again'}
    </Button>
  );
}
