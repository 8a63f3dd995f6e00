// Create Team and Edit Team share one dialog: name (required — the button stays disabled while it
// is blank, administration §5) and description.
import { zodResolver } from '@hookform/resolvers/zod';
import { createTeamRequest } from '@shared/contracts/teams';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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

  async function submit(values: TeamFormOutput) {
    try {
      await onSubmit({ name: values.name, description: (values.description ?? '').trim() });
      setOpen(false);
    } catch (err) {
      form.setError('root', { message: (err as Error).message });
    }
  }

  const error = errors.root?.message ?? errors.name?.message ?? errors.description?.message;
  const name = form.watch('name');

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={form.handleSubmit(submit)} className="space-y-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              Teams practise together; owners and admins can assign practice.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="team-name">Name</Label>
            <Input id="team-name" {...form.register('name')} maxLength={200} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="team-description">Description</Label>
            <Textarea id="team-description" {...form.register('description')} rows={3} />
          </div>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={pending || name.trim() === ''}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
