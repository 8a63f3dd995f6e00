// Owners and admins assign a scenario or a track to the whole team or one member, with an optional
// due date and target score (issue 11).
import { zodResolver } from '@hookform/resolvers/zod';
import { createAssignmentRequest, type TeamMemberResponse } from '@shared/contracts/teams';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogField, FormDialog, FormSelect, submitInForm } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SelectItem } from '@/components/ui/select';
import { useAssignableScenarios, useAssignableTracks, useCreateAssignment } from './teams-api';

const WHOLE_TEAM = 'team';

/** The dialog's fields as typed; checked as the create-assignment request they become. */
type AssignFields = { target: string; assignee: string; dueDate: string; targetScore: string };
const EMPTY: AssignFields = { target: '', assignee: WHOLE_TEAM, dueDate: '', targetScore: '' };

const assignForm = z
  .custom<AssignFields>()
  .transform((f, ctx): z.input<typeof createAssignmentRequest> => {
    const [kind, id] = f.target.split(':');
    // the whole due day counts: the deadline is its last second, in the assigner's time zone
    const due = f.dueDate ? new Date(`${f.dueDate}T23:59:59`) : null;
    if (due && Number.isNaN(due.getTime())) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Invalid time value' });
      return z.NEVER;
    }
    return {
      ...(kind === 'track' ? { trackId: Number(id) } : { interviewerId: Number(id) }),
      ...(f.assignee === WHOLE_TEAM ? {} : { assigneeId: Number(f.assignee) }),
      ...(due ? { dueDate: due.toISOString() } : {}),
      ...(f.targetScore ? { targetScore: Number(f.targetScore) } : {}),
    };
  })
  .pipe(createAssignmentRequest);

/** The first message of a refused form (field errors are flat here). */
const firstError = (errors: Record<string, { message?: string } | undefined>) =>
  Object.values(errors).find((e) => e?.message)?.message ?? null;

export function AssignPracticeDialog({ teamId, members }: { teamId: number; members: TeamMemberResponse[] }) {
  const [open, setOpen] = useState(false);
  const form = useForm<AssignFields, unknown, z.output<typeof createAssignmentRequest>>({
    resolver: zodResolver(assignForm),
    defaultValues: EMPTY,
  });
  const scenarios = useAssignableScenarios(open);
  const tracks = useAssignableTracks(open);
  const create = useCreateAssignment(teamId);
  const presets = (scenarios.data ?? []).filter((s) => !s.isCustomScenario);
  const error = firstError(form.formState.errors);

  const submit = (body: z.output<typeof createAssignmentRequest>) =>
    submitInForm(
      form.setError,
      () => create.mutateAsync(body),
      () => {
        form.reset(EMPTY);
        setOpen(false);
      },
    );

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm">
          <ClipboardList aria-hidden /> Assign Practice
        </Button>
      }
      title="Assign Practice"
      description="A call at or above the target score (out of 10) marks the assignment passed."
      error={error}
      submitLabel="Assign"
      submitDisabled={create.isPending || form.watch('target') === ''}
      onSubmit={form.handleSubmit(submit)}
    >
      <FormSelect
        control={form.control}
        name="target"
        id="assign-target"
        label="Scenario or track"
        placeholder="Choose what to practise"
      >
        {presets.map((s) => (
          <SelectItem key={`s${s.id}`} value={`scenario:${s.id}`}>
            {s.name} — {s.callType}
          </SelectItem>
        ))}
        {(tracks.data ?? []).map((t) => (
          <SelectItem key={`t${t.id}`} value={`track:${t.id}`}>
            Track: {t.name}
          </SelectItem>
        ))}
      </FormSelect>
      <FormSelect control={form.control} name="assignee" id="assign-who" label="Assign to">
        <SelectItem value={WHOLE_TEAM}>Whole team</SelectItem>
        {members.map((m) => (
          <SelectItem key={m.userId} value={String(m.userId)}>
            {m.name} ({m.email})
          </SelectItem>
        ))}
      </FormSelect>
      <div className="grid grid-cols-2 gap-4">
        <DialogField id="assign-due" label="Due date (optional)">
          <Input id="assign-due" type="date" {...form.register('dueDate')} />
        </DialogField>
        <DialogField id="assign-score" label="Target score (optional)">
          <Input
            id="assign-score"
            type="number"
            min={0}
            max={10}
            step={1}
            {...form.register('targetScore')}
          />
        </DialogField>
      </div>
    </FormDialog>
  );
}
