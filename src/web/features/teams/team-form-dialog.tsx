// Create Team and Edit Team share one dialog: name (required — the button stays disabled while it
// is blank, administration §5) and description.
import { zodResolver } from '@hookform/resolvers/zod';
import { createTeamRequest } from '@shared/contracts/teams';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogField, FormDialog, submitInForm } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

type Props = {
  trigger: ReactNode;
  title: string;
  submitLabel: string;
  initial?: { name: string; description: string };
  pending: boolean;
  onSubmit: (values: { name: string; description: string }) => Promise<unknown>;
};

/** The dialog's fields, checked by the create request's own rules (the name's message included). */
const teamForm = createTeamRequest.pick({ name: true, description: true });
type TeamFormInput = z.input<typeof teamForm>;
type TeamFormOutput = z.output<typeof teamForm>;

export function TeamFormDialog({ trigger, title, submitLabel, initial, pending, onSubmit }: Props) {
  const [open, setOpen] = useState(false);
  const form = useForm<TeamFormInput, unknown, TeamFormOutput>({
    resolver: zodResolver(teamForm),
    defaultValues: { name: initial?.name ?? '', description: initial?.description ?? '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset({ name: initial?.name ?? '', description: initial?.description ?? '' });
  }, [open, initial?.name, initial?.description, form]);

  const submit = (values: TeamFormOutput) =>
    submitInForm(
      form.setError,
      () => onSubmit({ name: values.name, description: (values.description ?? '').trim() }),
      () => setOpen(false),
    );

  const error = errors.root?.message ?? errors.name?.message ?? errors.description?.message;
  const name = form.watch('name');

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description="Teams practise together; owners and admins can assign practice."
      error={error}
      submitLabel={submitLabel}
      submitDisabled={pending || name.trim() === ''}
      onSubmit={form.handleSubmit(submit)}
    >
      <DialogField id="team-name" label="Name">
        <Input id="team-name" {...form.register('name')} maxLength={200} />
      </DialogField>
      <DialogField id="team-description" label="Description">
        <Textarea id="team-description" {...form.register('description')} rows={3} />
      </DialogField>
    </FormDialog>
  );
}
