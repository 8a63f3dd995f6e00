import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { PurchaseResult } from './use-payment-completion';

type Props = { result: PurchaseResult | null; onClose: () => void };

/** Purchase Successful! with the balance before and after (administration §2). */
export function PurchaseSuccessDialog({ result, onClose }: Props) {
  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader className="items-center text-center">
          <CircleCheck className="size-12 text-emerald-600" aria-hidden />
          <DialogTitle>Purchase Successful!</DialogTitle>
          <DialogDescription>
            {result &&
              `${result.credits} ${result.credits === 1 ? 'credit was' : 'credits were'} added to your account.`}
          </DialogDescription>
        </DialogHeader>
        {result && (
          <dl className="grid grid-cols-2 gap-3 text-center">
            <div className="rounded-lg border p-3">
              <dt className="text-muted-foreground text-sm">Previous balance</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="previous-balance">
                {result.previousBalance}
              </dd>
            </div>
            <div className="border-primary bg-primary/5 rounded-lg border p-3">
              <dt className="text-muted-foreground text-sm">New balance</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="new-balance">
                {result.newBalance}
              </dd>
            </div>
          </dl>
        )}
        <DialogFooter className="sm:justify-center">
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
