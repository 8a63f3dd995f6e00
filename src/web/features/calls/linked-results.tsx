// The results of a call the page was opened on (`/new-call?call={id}`): where a call's results
// stay once it has ended, so a reload, the browser's back and forward, or a bookmark show them again
// rather than a fresh picker (CallSession puts the call in the address when its results show).
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { INTERVIEWS_QUERY_ROOT } from '@/features/calls/review/rating-block';
import { api } from '@/lib/api-client';
import { CallResults } from './call-results';

export const linkedResultsMessages = {
  notFound: 'This call could not be found. It may belong to another account.',
  notEnded: 'This call has not ended, so it has no results yet.',
} as const;

export function LinkedResults({ callId }: { callId: number }) {
  const navigate = useNavigate();
  const call = useQuery({
    queryKey: [INTERVIEWS_QUERY_ROOT, 'call', callId],
    queryFn: () => api.get('/api/interviews/:id', { params: { id: callId } }),
    retry: false,
  });
  if (call.isPending) return <PageSpinner />;
  const problem = call.isError
    ? linkedResultsMessages.notFound
    : call.data.endTime
      ? null
      : linkedResultsMessages.notEnded;
  if (problem || !call.data)
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Evaluation Results</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-4">
          <p role="alert">{problem}</p>
          <div className="flex gap-2">
            <Button asChild>
              <Link to="/">Back to Dashboard</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/new-call">Start a new call</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  return (
    <CallResults
      interview={call.data}
      interviewerName={call.data.interviewerName ?? ''}
      onDone={() => navigate('/')}
    />
  );
}
