// Invite (email, role) — what was Add Member (administration §5; issue 19 §4). The person joins
// when they accept; the answer is the same whether or not the email has an account, so the dialog
// never says who is registered. The button stays disabled while the email is blank.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type InviteMemberInput,
  type InviteMemberRequest,
  inviteMemberRequest,
} from '@shared/contracts/teams';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogField, FormDialog, FormSelect, submitInForm } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SelectItem } from '@/components/ui/select';
import { useInviteMember } from './teams-api';

const EMPTY: InviteMemberInput = { email: '', role: 'member' };

export function InviteMemberDialog({ teamId }: { teamId: number }) {
  const [open, setOpen] = useState(false);
  const invite = useInviteMember(teamId);
  // the invite request's own rules check the email (the server's wording, without the round trip)
  const form = useForm<InviteMemberInput, unknown, InviteMemberRequest>({
    resolver: zodResolver(inviteMemberRequest),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const error = errors.root?.message ?? errors.email?.message ?? errors.role?.message;

  const submit = (values: InviteMemberRequest) =>
    submitInForm(
      form.setError,
      () => invite.mutateAsync(values),
      () => {
        form.reset(EMPTY);
        setOpen(false);
        toast.success('Invitation sent', {
          description: `${values.email} joins the team once they accept it.`,
        });
      },
    );

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.clearErrors();
      }}
      trigger={
        <Button size="sm">
          <UserPlus aria-hidden /> Invite
        </Button>
      }
      title="Invite to the team"
      description="They join once they accept, signed in with this email. If they have no account yet, the invitation waits until they sign up with it."
      error={error}
      submitLabel="Send Invitation"
      submitDisabled={invite.isPending || form.watch('email').trim() === ''}
      onSubmit={form.handleSubmit(submit)}
    >
      <DialogField id="invite-email" label="Email">
        <Input
          id="invite-email"
          type="email"
          {...form.register('email')}
          placeholder="colleague@example.com"
        />
      </DialogField>
      <FormSelect control={form.control} name="role" id="invite-role" label="Role">
        <SelectItem value="member">Member</SelectItem>
        <SelectItem value="admin">Admin</SelectItem>
      </FormSelect>
    </FormDialog>
  );
}
