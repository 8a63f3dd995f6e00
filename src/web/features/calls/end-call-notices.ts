// Spec texts of the notices after a call ends (core-experience §8 "Ending a call").
import type { Interview } from '@shared/contracts/calls';
import { toast } from 'sonner';

export const endMessages = {
  completed: { title: 'Call Completed', description: 'Your call has been evaluated.' },
  connectionIssue: {
    title: 'Connection Issue',
    description:
      'The interview ended without recording any responses. This may be due to connection problems.',
  },
  evaluationIssue: 'Evaluation Issue',
  hangupFailed:
    'Failed to end the interview properly. Your responses were saved, but evaluation may be incomplete.',
  endFailed: (message: string) => `Failed to end interview: ${message}`,
} as const;

function evaluationMessage(evaluation: unknown): string {
  const e = evaluation as { message?: unknown; error?: unknown } | null;
  if (e && typeof e.message === 'string') return e.message;
  if (e && typeof e.error === 'string') return e.error;
  return 'The interview could not be evaluated due to an error.';
}

export function announceEndedCall(interview: Interview): void {
  if (interview.status === 'failed')
    toast.error(endMessages.connectionIssue.title, { description: endMessages.connectionIssue.description });
  else if (interview.status === 'completed_with_errors')
    toast.error(endMessages.evaluationIssue, { description: evaluationMessage(interview.evaluation) });
  else toast.success(endMessages.completed.title, { description: endMessages.completed.description });
}
