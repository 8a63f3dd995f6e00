// The one confirmation dialog of the app (issue 23 §2): a question, what will happen, Cancel and
// the action. Either opened by its own `trigger`, or controlled (`open` / `onOpenChange`) by a
// caller that decides when to ask (leaving a live call). When `onConfirm` returns a promise the
// dialog stays open, its buttons disabled, until the promise settles; failures are the caller's to
// report (they are swallowed here so a rejected mutation does not become an unhandled rejection).
import { type MouseEvent, type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export type ConfirmDialogProps = {
  title: string;
  description: ReactNode;
  /** the action's button, e.g. "Reset Progress" */
  confirmLabel: string;
  cancelLabel?: string;
  /** a red action button, for what cannot be undone */
  destructive?: boolean;
  onConfirm: () => unknown;
  /** the element that opens the dialog (uncontrolled use) */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | undefined)?.then === 'function';

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  trigger,
  open: controlledOpen,
  onOpenChange,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = (event: MouseEvent) => {
    // Closed here rather than by Radix, so an action that takes a while keeps the dialog open.
    event.preventDefault();
    const result = onConfirm();
    if (!isPromise(result)) {
      setOpen(false);
      return;
    }
    setBusy(true);
    result
      .catch(() => {})
      .finally(() => {
        setBusy(false);
        setOpen(false);
      });
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) setOpen(next);
      }}
    >
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
            disabled={busy}
            onClick={confirm}
          >
            {busy && <Spinner label="Working" />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
