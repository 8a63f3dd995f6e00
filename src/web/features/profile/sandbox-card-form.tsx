// The payment sandbox's card form, shown when Stripe is not configured. It is labelled TEST MODE
// everywhere: no card is charged. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002
// is declined.
import { zodResolver } from '@hookform/resolvers/zod';
import { type CreatePaymentIntentResponse, sandboxConfirmRequest } from '@shared/contracts/billing';
import {
  normaliseCardNumber,
  passesLuhn,
  SANDBOX_DECLINE_CARD,
  SANDBOX_INVALID_CARD_MESSAGE,
  SANDBOX_SUCCESS_CARD,
} from '@shared/domain/sandbox-cards';
import { FlaskConical } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { confirmSandboxPayment } from '../billing/payments-api';

type Props = {
  intent: CreatePaymentIntentResponse;
  /**
   * The payment to confirm, asked for on each Pay (default `intent`): after a declined card the
   * dialog answers a new one, so the declined attempt stays failed in the history.
   */
  paymentFor?: () => Promise<CreatePaymentIntentResponse>;
  priceLabel: string;
  onPaid: (paymentIntentId: string) => void;
  /** `declined`: the card was refused and this payment is over (402, or 409 for one already failed) */
  onFailed: (message: string, declined: boolean) => void;
};

/** "4242424242424242" → "4242 4242 4242 4242" while typing. */
const groupDigits = (value: string) =>
  normaliseCardNumber(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

function expiryError(expiry: string, now = new Date()): string | null {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return 'Enter the expiry date as MM/YY';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return 'Enter the expiry date as MM/YY';
  const endOfMonth = new Date(year, month, 1);
  return endOfMonth <= now ? 'Your card has expired' : null;
}

/** The card as the form holds it: the confirm request's card number, plus the expiry and code
 * only the form asks for (the sandbox ignores them, a real card form would not). */
const cardForm = z.object({
  cardNumber: sandboxConfirmRequest.shape.cardNumber
    .unwrap()
    .refine((v) => passesLuhn(normaliseCardNumber(v)), SANDBOX_INVALID_CARD_MESSAGE),
  expiry: z.string().superRefine((v, ctx) => {
    const message = expiryError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
});
type CardForm = z.infer<typeof cardForm>;

export function SandboxCardForm({ intent, paymentFor, priceLabel, onPaid, onFailed }: Props) {
  const form = useForm<CardForm>({
    resolver: zodResolver(cardForm),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
    // messages change on Pay only, as they always have, not while typing
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: submitting } = form.formState;

  async function submit({ cardNumber }: CardForm) {
    try {
      const payment = paymentFor ? await paymentFor() : intent;
      await confirmSandboxPayment(payment.paymentIntentId, cardNumber);
      onPaid(payment.paymentIntentId);
    } catch (err) {
      const declined = err instanceof ApiError && (err.status === 402 || err.status === 409);
      onFailed(
        err instanceof Error && err.message ? err.message : 'An error occurred during payment',
        declined,
      );
    }
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      className="grid gap-4"
      noValidate
      aria-label="Test card payment"
    >
      <Alert className="border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
        <FlaskConical aria-hidden />
        <AlertTitle>TEST MODE — no real card is charged</AlertTitle>
        <AlertDescription className="text-inherit">
          Use {SANDBOX_SUCCESS_CARD} to pay, or {SANDBOX_DECLINE_CARD} to see a declined card. Any future
          expiry date and any 3-digit code work.
        </AlertDescription>
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor="sandbox-card-number">Card number</Label>
        <Controller
          control={form.control}
          name="cardNumber"
          render={({ field }) => (
            <Input
              id="sandbox-card-number"
              inputMode="numeric"
              autoComplete="off"
              placeholder={SANDBOX_SUCCESS_CARD}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(groupDigits(e.target.value))}
              aria-invalid={Boolean(errors.cardNumber)}
              aria-describedby={errors.cardNumber ? 'sandbox-card-number-error' : undefined}
            />
          )}
        />
        {errors.cardNumber && (
          <p id="sandbox-card-number-error" className="text-destructive text-sm">
            {errors.cardNumber.message}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="grid gap-2">
          <Label htmlFor="sandbox-card-expiry">Expiry (MM/YY)</Label>
          <Input
            id="sandbox-card-expiry"
            inputMode="numeric"
            autoComplete="off"
            placeholder="12/34"
            maxLength={7}
            {...form.register('expiry')}
            aria-invalid={Boolean(errors.expiry)}
            aria-describedby={errors.expiry ? 'sandbox-card-expiry-error' : undefined}
          />
          {errors.expiry && (
            <p id="sandbox-card-expiry-error" className="text-destructive text-sm">
              {errors.expiry.message}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="sandbox-card-cvc">CVC</Label>
          <Input
            id="sandbox-card-cvc"
            inputMode="numeric"
            autoComplete="off"
            placeholder="123"
            maxLength={4}
            {...form.register('cvc')}
            aria-invalid={Boolean(errors.cvc)}
            aria-describedby={errors.cvc ? 'sandbox-card-cvc-error' : undefined}
          />
          {errors.cvc && (
            <p id="sandbox-card-cvc-error" className="text-destructive text-sm">
              {errors.cvc.message}
            </p>
          )}
        </div>
      </div>
      <Button type="submit" disabled={submitting}>
        {submitting && <Spinner />}
        Pay {priceLabel} (test)
      </Button>
    </form>
  );
}
