// Creating the call record that spends the credit (spec: core-experience §4 "Starting a call", §8
// "Start"). Shared by the New Call and custom-call flows.
import type { Interview } from '@shared/contracts/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { createInterview } from './call-api';

export const startMessages = {
  noInterviewer: 'No interviewer selected',
  noCredits: "You don't have enough credits",
  buyMore: 'Purchase more credits to start an interview',
  buyAction: 'Buy Credits',
} as const;

type StartInput = {
  interviewerId: number | undefined;
  userId: number | undefined;
  trackScenarioId?: number | null;
};

export function useStartCall(onStarted: (interview: Interview) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ interviewerId, userId, trackScenarioId }: StartInput) => {
      if (!interviewerId) throw new Error(startMessages.noInterviewer);
      if (!userId) throw new ApiError(401, 'Not signed in');
      return createInterview({
        type: 'single',
        startTime: new Date().toISOString(),
        interviewerId,
        userId,
        ...(trackScenarioId ? { trackScenarioId } : {}),
      });
    },
    onSuccess: async (interview) => {
      await queryClient.invalidateQueries({ queryKey: ['/api/user'] });
      onStarted(interview);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) {
        toast.error(startMessages.noCredits, {
          description: startMessages.buyMore,
          action: { label: startMessages.buyAction, onClick: () => navigate('/profile') },
        });
        return;
      }
      toast.error('Error', { description: error.message || 'An error occurred' });
    },
  });
}
