// Pieces the admin tabs' forms share: the first message of a refused form (shown in the same toast
// a refused save gets from the server) and the dialogs' Cancel / Save footer.
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** The first message of a refused draft, as the server would have answered it. */
export function firstMessage(errors: unknown): string {
  if (!errors || typeof errors !== 'object') return '';
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, nested] of Object.entries(errors)) {
    if (key === 'ref') continue; // the field's element, not an error
    const found = firstMessage(nested);
    if (found) return found;
  }
  return '';
}

/** Cancel on the left of the form's submit button. */
export function CancelSaveFooter(props: { onCancel: () => void; saveLabel: string; saveDisabled: boolean }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={props.saveDisabled}>
        {props.saveLabel}
      </Button>
    </DialogFooter>
  );
}
