// A labelled input with its validation message underneath, tied together for screen readers
// (aria-invalid, aria-describedby). Spread a react-hook-form registration into it.
import { type ComponentProps, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type FieldProps = ComponentProps<typeof Input> & { label: string; error?: FieldError };

export function FormField({ label, error, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error?.message && (
        <p id={errorId} className="text-destructive text-sm">
          {error.message}
        </p>
      )}
    </div>
  );
}
