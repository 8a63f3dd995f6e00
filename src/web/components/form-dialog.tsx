// The shell of the app's small form dialogs (the teams dialogs): a trigger, a title and a
// description, the caller's fields, the form's first refusal as an alert, and one submit button.
// The fields and their rules stay with each dialog; the frame, the error line and the "show the
// server's refusal in the form" step are written once here.
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the element that opens the dialog */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  /** the message shown as the form's alert, if any */
  error?: string | null;
  submitLabel: string;
  submitDisabled: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
};

export function FormDialog(props: Props) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={props.onSubmit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          {props.children}
          {props.error && (
            <p role="alert" className="text-destructive text-sm">
              {props.error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={props.submitDisabled}>
              {props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Runs a dialog's request; on success `done` (close, reset), on refusal the server's message
 * becomes the form's root error so the dialog shows it and stays open.
 */
export async function submitInForm<F extends FieldValues>(
  setError: UseFormSetError<F>,
  request: () => Promise<unknown>,
  done: () => void,
): Promise<void> {
  try {
    await request();
    done();
  } catch (err) {
    setError('root', { message: (err as Error).message });
  }
}
