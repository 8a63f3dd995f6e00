// Purchase Credits: pick a pack, then pay with Stripe's Payment Element or, without Stripe, the
// sandbox's TEST MODE card form. The server prices the pack; the dialog only sends the choice. On a
// deployment with neither (provider 'none') it says payments are not configured instead.
// A declined card is said in the dialog, above the card form (issue 23 §6); that payment stays
// failed in the purchase history and the next try is a new payment for the same pack.
import type { CreatePaymentIntentResponse } from '@shared/contracts/billing';
import { CREDIT_PACKS, type CreditPack, formatCents } from '@shared/domain/credit-packs';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
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
import { SandboxCardForm } from '../profile/sandbox-card-form';
import {
  createPaymentIntent,
  fetchPaymentStatus,
  PURCHASES_QUERY_KEY,
  usePaymentsConfig,
} from './payments-api';

const StripePaymentForm = lazy(() => import('../profile/stripe-payment-form'));

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  /** the card was accepted: the caller follows the payment until the credits arrive */
  onPaid: (paymentIntentId: string, pack: CreditPack) => void;
};

const packLabel = (p: CreditPack) => `${p.credits} ${p.credits === 1 ? 'credit' : 'credits'}`;

type Failure = { title: 'Payment Error' | 'Payment Failed'; message: string };

export function PurchaseCreditsDialog({ open, onOpenChange, email, onPaid }: Props) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<CreditPack>(CREDIT_PACKS[1]);
  const [intent, setIntentState] = useState<CreatePaymentIntentResponse | null>(null);
  // the payment being paid (read by callbacks made before it last changed)
  const current = useRef<CreatePaymentIntentResponse | null>(null);
  const setIntent = (next: CreatePaymentIntentResponse | null) => {
    current.current = next;
    setIntentState(next);
  };
  // the current payment was declined: the next Pay starts a new one
  const spent = useRef(false);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const config = usePaymentsConfig();
  const unavailable = config.data?.provider === 'none';

  function reset() {
    setIntent(null);
    setCreating(false);
    setFailure(null);
    spent.current = false;
  }

  const errorMessage = (err: unknown, fallback: string) =>
    err instanceof Error && err.message ? err.message : fallback;

  async function startPayment() {
    setCreating(true);
    setFailure(null);
    try {
      setIntent(await createPaymentIntent(selected.credits, selected.amount));
      spent.current = false;
    } catch (err) {
      setFailure({ title: 'Payment Error', message: errorMessage(err, 'Failed to process payment') });
    } finally {
      setCreating(false);
    }
  }

  /** The current payment, or a new one for the same pack when it was declined. */
  async function livePayment(): Promise<CreatePaymentIntentResponse> {
    if (current.current && !spent.current) return current.current;
    const next = await createPaymentIntent(selected.credits, selected.amount).catch((err: unknown) => {
      throw new Error(errorMessage(err, 'Failed to process payment'));
    });
    spent.current = false;
    setIntent(next);
    return next;
  }
  /** What the card form confirms on Pay: a new attempt, so the last one's failure goes away. */
  const paymentFor = () => {
    setFailure(null);
    return livePayment();
  };

  const handlePaid = (paymentIntentId: string) => {
    onOpenChange(false);
    reset();
    onPaid(paymentIntentId, selected);
  };
  const handleFailed = (message: string, declined: boolean) => {
    setFailure({ title: 'Payment Failed', message });
    const declinedPayment = current.current;
    if (!declined || !declinedPayment) return;
    spent.current = true;
    // The history shows the failed attempt: asking for its status lets the server learn it from
    // Stripe when the webhook has not arrived (the sandbox already knows).
    void fetchPaymentStatus(declinedPayment.paymentIntentId)
      .catch(() => {})
      .finally(() => queryClient.invalidateQueries({ queryKey: PURCHASES_QUERY_KEY }));
    // Stripe's Payment Element is bound to one payment: it gets the new one now.
    if (declinedPayment.provider === 'stripe') void livePayment().catch(() => {});
  };
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

        {failure && (
          <Alert variant="destructive" data-testid="payment-failure">
            <AlertCircle aria-hidden />
            <AlertTitle>{failure.title}</AlertTitle>
            <AlertDescription>{failure.message}</AlertDescription>
          </Alert>
        )}

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
                  key={intent.clientSecret}
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
                paymentFor={paymentFor}
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
