// Follows a paid card payment until its credits arrive (administration §4, §8): Payment
// Successful toast, the 5 s wait and up to 5 status checks, then Credits Updated with the
// Purchase Successful! dialog, or Update Needed when the credits never showed up.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { fetchCurrentUser, USER_QUERY_KEY } from '@/components/auth/auth-provider';
import { api, pageForm } from '@/lib/api-client';
import { fetchPaymentStatus, PURCHASES_QUERY_KEY } from '../billing/payments-api';
import { waitForCredits } from './wait-for-credits';

export const UPDATE_NEEDED_MESSAGE =
  'Your payment was successful but please refresh the page to see your updated credits';
export const MAX_RETRIES_MESSAGE = 'Credits not updated after maximum retries';

async function creditsOf(paymentIntentId: string): Promise<number> {
  const recent = await api
    .get('/api/purchases', { query: { page: 1, pageSize: 100 } })
    .then(pageForm)
    .catch(() => null);
  return recent?.items.find((p) => p.stripePaymentId === paymentIntentId)?.credits ?? 0;
}

export type PurchaseResult = { credits: number; previousBalance: number; newBalance: number };

export function usePaymentCompletion() {
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState(false);
  const [result, setResult] = useState<PurchaseResult | null>(null);
  const [notUpdated, setNotUpdated] = useState(false);

  const follow = useCallback(
    /** `known` is missing after a Stripe redirect: the purchase itself then tells the pack. */
    async (paymentIntentId: string, known?: { credits: number; previousBalance: number }) => {
      setFollowing(true);
      setNotUpdated(false);
      toast.success('Payment Successful', { description: 'Processing your credit purchase...' });
      try {
        const outcome = await waitForCredits({ fetchStatus: () => fetchPaymentStatus(paymentIntentId) });
        await queryClient.invalidateQueries({ queryKey: PURCHASES_QUERY_KEY });
        if (outcome === 'processed') {
          // Fetched (not just invalidated) so the header's badge and the dialog show the same fresh balance.
          const user = await queryClient
            .fetchQuery({ queryKey: USER_QUERY_KEY, queryFn: fetchCurrentUser, staleTime: 0 })
            .catch(() => null);
          const newBalance = user?.credits ?? (known ? known.previousBalance + known.credits : 0);
          toast.success('Credits Updated', { description: 'Your credits have been added to your account.' });
          const credits = known?.credits ?? (await creditsOf(paymentIntentId));
          setResult({ credits, previousBalance: known?.previousBalance ?? newBalance - credits, newBalance });
        } else if (outcome === 'failed') {
          toast.error('Payment Failed', { description: 'An error occurred during payment' });
        } else {
          toast.warning('Update Needed', { description: UPDATE_NEEDED_MESSAGE });
          setNotUpdated(true);
        }
      } finally {
        setFollowing(false);
      }
    },
    [queryClient],
  );

  return { follow, following, result, clearResult: () => setResult(null), notUpdated };
}
