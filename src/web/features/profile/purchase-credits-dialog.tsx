// Purchase Credits: pick a pack, then pay with Stripe's Payment Element or, without Stripe, the
// sandbox's TEST MODE card form. The server prices the pack; the dialog only sends the choice. On a
// deployment with neither (provider 'none') it says payments are not configured instead.
import type { CreatePaymentIntentResponse } from '@shared/contracts/payments';
import { CREDIT_PACKS, type CreditPack, formatCents } from '@shared/domain/credit-packs';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { createPaymentIntent, usePaymentsConfig } from './payments-api';
import { SandboxCardForm } from './sandbox-card-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  /** the card was accepted: the caller follows the payment until the credits arrive */
  onPaid: (paymentIntentId: string, pack: CreditPack) => void;
};

const packLabel = (p: CreditPack) => `${p.credits} ${p.credits === 1 ? 'credit' : 'credits'}`;

export function PurchaseCreditsDialog({ open, onOpenChange, email, onPaid }: Props) {
  const [selected, setSelected] = useState<CreditPack>(CREDIT_PACKS[1]);
  const [intent, setIntent] = useState<CreatePaymentIntentResponse | null>(null);
  const [creating, setCreating] = useState(false);
  const config = usePaymentsConfig();
  const unavailable = config.data?.provider === 'none';

  function reset() {
    setIntent(null);
    setCreating(false);
  }

  async function startPayment() {
    setCreating(true);
    try {
      setIntent(await createPaymentIntent(selected.credits, selected.amount));
    } catch (err) {
      toast.error('Payment Error', {
        description: err instanceof Error && err.message ? err.message : 'Failed to process payment',
      });
    } finally {
      setCreating(false);
    }
  }

  const handlePaid = (paymentIntentId: string) => {
    onOpenChange(false);
    reset();
    onPaid(paymentIntentId, selected);
  };
  const handleFailed = (message: string) => toast.error('Payment Failed', { description: message });
  const priceLabel = formatCents(selected.amount);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            Purchase Credits
            {intent?.provider === 'sandbox' && <Badge variant="warning">TEST MODE</Badge>}
          </DialogTitle>
          <DialogDescription>
            {intent
              ? `${packLabel(selected)} for ${priceLabel}`
              : 'Each practice call uses credits. Choose a pack to buy.'}
          </DialogDescription>
        </DialogHeader>

        {unavailable ? (
          <>
            <Alert>
              <AlertTitle>Payments are not configured</AlertTitle>
              <AlertDescription>
                This server cannot take card payments yet. Please contact the administrator to add credits to
                your account.
              </AlertDescription>
            </Alert>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
            </DialogFooter>
          </>
        ) : !intent ? (
          <>
            <RadioGroup
              aria-label="Credit packs"
              value={String(selected.credits)}
              onValueChange={(v) =>
                setSelected(CREDIT_PACKS.find((p) => String(p.credits) === v) ?? selected)
              }
            >
              {CREDIT_PACKS.map((p) => (
                <Label
                  key={p.credits}
                  htmlFor={`pack-${p.credits}`}
                  className="has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5 flex cursor-pointer items-center gap-3 rounded-lg border p-3"
                >
                  <RadioGroupItem
                    id={`pack-${p.credits}`}
                    value={String(p.credits)}
                    aria-label={`${packLabel(p)} for ${formatCents(p.amount)}`}
                  />
                  <span className="flex-1 font-medium">{packLabel(p)}</span>
                  <span className="text-muted-foreground tabular-nums">{formatCents(p.amount)}</span>
                </Label>
              ))}
            </RadioGroup>
            <DialogFooter>
              <Button onClick={startPayment} disabled={creating}>
                {creating && <Spinner />}
                Continue to payment
              </Button>
            </DialogFooter>
          </>
        ) : (
          <div className="grid gap-3">
            {intent.provider === 'stripe' && intent.publishableKey ? (
              <Suspense fallback={<Spinner className="mx-auto" />}>
                <StripePaymentForm
                  publishableKey={intent.publishableKey}
                  clientSecret={intent.clientSecret}
                  paymentIntentId={intent.paymentIntentId}
                  email={email}
                  priceLabel={priceLabel}
                  onPaid={handlePaid}
                  onFailed={handleFailed}
                />
              </Suspense>
            ) : (
              <SandboxCardForm
                intent={intent}
                priceLabel={priceLabel}
                onPaid={handlePaid}
                onFailed={handleFailed}
              />
            )}
            <Button variant="ghost" size="sm" className="justify-self-start" onClick={reset}>
              <ArrowLeft />
              Choose another pack
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
