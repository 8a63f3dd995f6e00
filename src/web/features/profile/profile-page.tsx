// /profile (administration §2): user details, Buy Credits with the Purchase Credits dialog, the
// purchase history and the Purchase Successful! dialog.
import type { CreditPack } from '@shared/domain/credit-packs';
import { CreditCard, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { usePaymentsConfig } from '../billing/payments-api';
import { PurchaseCreditsDialog } from '../billing/purchase-credits-dialog';
import { PurchaseHistory } from './purchase-history';
import { PurchaseSuccessDialog } from './purchase-success-dialog';
import { MAX_RETRIES_MESSAGE, UPDATE_NEEDED_MESSAGE, usePaymentCompletion } from './use-payment-completion';

function Detail({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * When Stripe had to redirect (3-D Secure and the like) it comes back to /profile with the
 * payment intent in the address; the same follow-up runs from there.
 */
function useStripeReturn(onReturn: (paymentIntentId: string) => void) {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  useEffect(() => {
    const id = params.get('payment_intent');
    const redirectStatus = params.get('redirect_status');
    if (!id || handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (redirectStatus === 'failed')
      toast.error('Payment Failed', { description: 'An error occurred during payment' });
    else onReturn(id);
  }, [params, setParams, onReturn]);
}

export default function ProfilePage() {
  const { user, isLoading } = useAuth();
  const config = usePaymentsConfig();
  const [buying, setBuying] = useState(false);
  const completion = usePaymentCompletion();
  const { follow } = completion;
  const balance = user?.credits ?? 0;

  const onPaid = (paymentIntentId: string, pack: CreditPack) =>
    follow(paymentIntentId, { credits: pack.credits, previousBalance: balance });
  useStripeReturn(follow);

  if (isLoading || !user) return <PageSpinner />;
  const sandbox = config.data?.provider === 'sandbox';

  return (
    <div className="container mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Profile</h1>
        {sandbox && (
          <Badge variant="warning" title="Payments use the built-in sandbox: no card is charged">
            Payments: TEST MODE
          </Badge>
        )}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>User Details</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-4 sm:grid-cols-[1fr_2fr_auto]">
            <Detail label="Name" value={user.name} />
            <Detail label="Email" value={user.email} />
            <Detail label="Credits" value={user.credits} testId="profile-credits" />
          </dl>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => setBuying(true)} disabled={completion.following}>
              <CreditCard />
              Buy Credits
            </Button>
            {completion.following && (
              <span className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
                <Spinner label="Processing" />
                Processing your credit purchase...
              </span>
            )}
          </div>
          {completion.notUpdated && (
            <Alert>
              <AlertTitle>{MAX_RETRIES_MESSAGE}</AlertTitle>
              <AlertDescription className="flex flex-wrap items-center gap-3">
                {UPDATE_NEEDED_MESSAGE}
                <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
                  <RefreshCw />
                  Refresh
                </Button>
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>

      <PurchaseHistory />

      <PurchaseCreditsDialog open={buying} onOpenChange={setBuying} email={user.email} onPaid={onPaid} />
      <PurchaseSuccessDialog result={completion.result} onClose={completion.clearResult} />
    </div>
  );
}
