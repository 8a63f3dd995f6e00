// The shell of the app's small form dialogs (the teams dialogs): a trigger, a title and a
// description, the caller's fields, the form's first refusal as an alert, and one submit button.
// The fields and their rules stay with each dialog; the frame, the labelled field, the select
// bound to the form, the error line and the "show the server's refusal in the form" step are
// written once here.
import type { FormEventHandler, ReactNode } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
} from 'react-hook-form';
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
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';

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
        {/* the form's own rules say what is wrong, in the app's words, not the browser's bubble */}
        <form noValidate onSubmit={props.onSubmit} className="space-y-4">
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

/** A field of the dialog: its label above the control whose id it names. */
export function DialogField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * A labelled select bound to a form field (the Radix select is not a native input, so it goes
 * through a Controller rather than `register`). The options are the caller's SelectItems.
 */
export function FormSelect<F extends FieldValues, T>(props: {
  /** the form's control (T: the form's parsed values, not used here) */
  control: Control<F, unknown, T>;
  name: FieldPath<F>;
  /** the trigger's id, which the label points at */
  id: string;
  label: string;
  placeholder?: string;
  children: ReactNode;
}) {
  return (
    <DialogField id={props.id} label={props.label}>
      <Controller
        control={props.control}
        name={props.name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={props.id} className="w-full">
              <SelectValue placeholder={props.placeholder} />
            </SelectTrigger>
            <SelectContent>{props.children}</SelectContent>
          </Select>
        )}
      />
    </DialogField>
  );
}
