// Edit and Delete on the user's own custom scenario (issue 21): Edit opens a form with the
// scenario's fields; Delete asks for confirmation naming the scenario. Shown only for the owner's
// custom scenarios, never on presets or anyone else's (the server refuses those anyway).
import { zodResolver } from '@hookform/resolvers/zod';
import type { Interviewer } from '@shared/contracts/scenarios';
import { WORD_LIMITS } from '@shared/domain/word-count';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RubricEditor } from '@/components/scenario/rubric-editor';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { deleteCustomScenario, updateCustomScenario } from './custom-call-api';
import { rubricEditorProps } from './review-draft';
import { type EditDraft, editProblem, toEditDraft, toPatchRequest } from './scenario-edit';
import { VoiceChoice } from './voice-choice';
import { WordCountField } from './word-count-field';

const LIST_KEY = ['/api/interviewers'];

/** The draft as the spec checks it before saving (its wording); the server checks the rest. */
const editDraft = z.custom<EditDraft>().superRefine((draft, ctx) => {
  const problem = editProblem(draft);
  if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
});

type Props = {
  scenario: Interviewer;
  onUpdated?: (scenario: Interviewer) => void;
  onDeleted?: (id: number) => void;
};

export function OwnScenarioActions({ scenario, onUpdated, onDeleted }: Props) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex flex-col gap-1 sm:flex-row">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Edit ${scenario.name}`}
        title="Edit scenario"
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden />
      </Button>
      <DeleteScenarioButton scenario={scenario} onDeleted={onDeleted} />
      {editing ? (
        <EditScenarioDialog scenario={scenario} onClose={() => setEditing(false)} onUpdated={onUpdated} />
      ) : null}
    </div>
  );
}

function EditScenarioDialog({
  scenario,
  onClose,
  onUpdated,
}: {
  scenario: Interviewer;
  onClose: () => void;
  onUpdated?: (scenario: Interviewer) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<EditDraft>({
    resolver: zodResolver(editDraft),
    defaultValues: toEditDraft(scenario),
  });
  const draft = form.watch();
  const set = <K extends keyof EditDraft>(key: K, value: EditDraft[K]) => form.setValue(key, value as never);
  const save = useMutation({
    mutationFn: (values: EditDraft) => updateCustomScenario(scenario.id, toPatchRequest(values)),
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
      toast.success('Scenario updated successfully', { description: `“${updated.name}” has been saved.` });
      onUpdated?.(updated);
      onClose();
    },
    onError: (err) => toast.error('Failed to save scenario', { description: err.message }),
  });
  const submit = form.handleSubmit(
    (values) => save.mutate(values),
    (errors) => toast.error(errors.name?.message ?? ''),
  );
  const text = (key: 'name' | 'role' | 'company', label: string) => (
    <div className="space-y-1">
      <Label htmlFor={`edit-scenario-${key}`}>{label}</Label>
      <Input id={`edit-scenario-${key}`} {...form.register(key)} />
    </div>
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form className="space-y-4" onSubmit={submit} aria-label="Edit scenario">
          <DialogHeader>
            <DialogTitle>Edit Scenario</DialogTitle>
            <DialogDescription>
              Changes apply to your next call with “{scenario.name}”. Past calls keep their transcript and
              evaluation.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-3">
            {text('name', 'Name')}
            {text('role', 'Role')}
            {text('company', 'Company')}
          </div>
          <div className="space-y-1">
            <Label htmlFor="edit-scenario-bio">Persona details</Label>
            <Textarea id="edit-scenario-bio" rows={3} {...form.register('bio')} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="edit-scenario-welcome">Opening line</Label>
            <Textarea id="edit-scenario-welcome" rows={2} {...form.register('welcomeMessage')} />
          </div>
          <WordCountField
            id="edit-scenario-prompt"
            label="System Prompt"
            hint="How the persona behaves on the call."
            value={draft.systemPrompt}
            onChange={(v) => set('systemPrompt', v)}
            limits={WORD_LIMITS.systemPrompt}
            rows={8}
          />
          <RubricEditor idPrefix="edit-scenario-rubric" {...rubricEditorProps(draft, set)} />
          <div className="space-y-1">
            <Label htmlFor="edit-scenario-questions">Sample Questions</Label>
            <p className="text-sm text-muted-foreground">One per line.</p>
            <Textarea id="edit-scenario-questions" rows={5} {...form.register('questionsText')} />
          </div>
          <VoiceChoice value={draft.voiceId} onChange={(v) => set('voiceId', v)} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner className="size-4" /> : null}
              Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteScenarioButton({
  scenario,
  onDeleted,
}: {
  scenario: Interviewer;
  onDeleted?: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteCustomScenario(scenario.id),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
      toast.success('Scenario deleted successfully', {
        description:
          result.outcome === 'archived'
            ? `“${scenario.name}” is gone from your list. Your past calls with it are kept.`
            : `“${scenario.name}” has been deleted.`,
      });
      onDeleted?.(scenario.id);
    },
    onError: (err) => toast.error('Failed to delete scenario', { description: err.message }),
  });
  return (
    <ConfirmDialog
      title={`Delete “${scenario.name}”?`}
      description="This removes the scenario from your list and you will not be able to start new calls with it. Your past calls with it, their recordings and evaluations are kept. This action cannot be undone."
      confirmLabel="Delete Scenario"
      destructive
      onConfirm={() => remove.mutateAsync()}
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="text-destructive hover:text-destructive"
          aria-label={`Delete ${scenario.name}`}
          title="Delete scenario"
          disabled={remove.isPending}
        >
          <Trash2 aria-hidden />
        </Button>
      }
    />
  );
}
