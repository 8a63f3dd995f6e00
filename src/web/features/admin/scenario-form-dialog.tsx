// Create and edit a scenario with every field and the spec's defaults (administration §3): role
// Product Manager, company Tech Company, call type Product Management Interview, rubric Default
// Rubric with Communication and Problem Solving; sample questions one per line; voice select.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Interviewer,
  type InterviewerWriteRequest,
  interviewerWriteRequest,
} from '@shared/contracts/scenarios';
import { VOICES } from '@shared/domain/limits';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { type RubricCriterionDraft, RubricEditor } from '@/components/scenario/rubric-editor';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CancelSaveFooter, firstMessage } from './admin-form';

type Draft = Omit<InterviewerWriteRequest, 'sampleQuestions' | 'rubricCriteria' | 'userId' | 'isArchived'> & {
  sampleQuestions: string;
  rubricCriteria: RubricCriterionDraft[];
};

const NEW_SCENARIO: Draft = {
  name: '',
  role: 'Product Manager',
  company: 'Tech Company',
  bio: '',
  avatar: '',
  voiceId: 'michael',
  callType: 'Product Management Interview',
  systemPrompt: '',
  welcomeMessage: '',
  sampleQuestions: '',
  rubricName: 'Default Rubric',
  rubricCriteria: [
    { name: 'Communication', description: 'Clear, structured and concise answers.' },
    { name: 'Problem Solving', description: 'Breaks problems down and reasons about trade-offs.' },
  ],
};

function toDraft(s: Interviewer): Draft {
  return {
    name: s.name,
    role: s.role,
    company: s.company,
    bio: s.bio,
    avatar: s.avatar,
    voiceId: s.voiceId === 'sarah' ? 'sarah' : 'michael',
    callType: s.callType,
    systemPrompt: s.systemPrompt,
    welcomeMessage: s.welcomeMessage,
    sampleQuestions: s.sampleQuestions.join('\n'),
    rubricName: s.rubricName,
    rubricCriteria: s.rubricCriteria,
  };
}

export function toWriteRequest(d: Draft): InterviewerWriteRequest {
  return {
    ...d,
    sampleQuestions: d.sampleQuestions
      .split('\n')
      .map((q) => q.trim())
      .filter(Boolean),
    rubricCriteria: d.rubricCriteria.filter((c) => c.name.trim() !== ''),
  };
}

type Props = {
  /** null = closed; 'new' = create; otherwise the scenario being edited */
  editing: Interviewer | 'new' | null;
  pending: boolean;
  onClose: () => void;
  onSave: (body: InterviewerWriteRequest) => void;
};

/** The form's draft, checked as the write request it becomes (the server's own rules and messages). */
const scenarioDraft = z
  .custom<Draft>()
  .transform((d): z.input<typeof interviewerWriteRequest> => toWriteRequest(d))
  .pipe(interviewerWriteRequest);

export function ScenarioFormDialog({ editing, pending, onClose, onSave }: Props) {
  const form = useForm<Draft, unknown, InterviewerWriteRequest>({
    resolver: zodResolver(scenarioDraft),
    defaultValues: NEW_SCENARIO,
  });
  useEffect(() => {
    if (editing) form.reset(editing === 'new' ? NEW_SCENARIO : toDraft(editing));
  }, [editing, form]);
  const field = (key: keyof Draft & string, label: string, multiline = false) => (
    <div className="space-y-1">
      <Label htmlFor={`scenario-${key}`}>{label}</Label>
      {multiline ? (
        <Textarea
          id={`scenario-${key}`}
          rows={key === 'systemPrompt' ? 6 : 3}
          {...form.register(key as 'name')}
        />
      ) : (
        <Input id={`scenario-${key}`} {...form.register(key as 'name')} />
      )}
    </div>
  );
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form
          className="space-y-4"
          onSubmit={form.handleSubmit(onSave, (errors) =>
            // the same toast a refused save gets from the server
            toast.error('Failed to save scenario', { description: firstMessage(errors) }),
          )}
        >
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Create Scenario' : 'Edit Scenario'}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {field('name', 'Name')}
            {field('callType', 'Call type')}
            {field('role', 'Role')}
            {field('company', 'Company')}
          </div>
          {field('bio', 'Bio', true)}
          <div className="grid gap-3 sm:grid-cols-2">
            {field('avatar', 'Avatar URL')}
            <div className="space-y-1">
              <Label htmlFor="scenario-voice">Voice</Label>
              <Controller
                control={form.control}
                name="voiceId"
                render={({ field: voice }) => (
                  <Select value={voice.value} onValueChange={(v) => voice.onChange(v as 'michael' | 'sarah')}>
                    <SelectTrigger id="scenario-voice" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {VOICES.map((v) => (
                        <SelectItem key={v.id} value={v.id}>
                          {v.name} ({v.gender})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
          </div>
          {field('systemPrompt', 'System prompt', true)}
          {field('welcomeMessage', 'Welcome message', true)}
          <div className="space-y-1">
            <Label htmlFor="scenario-questions">Sample questions (one per line)</Label>
            <Textarea id="scenario-questions" rows={4} {...form.register('sampleQuestions')} />
          </div>
          <RubricEditor
            idPrefix="scenario-rubric"
            name={form.watch('rubricName') ?? ''}
            criteria={form.watch('rubricCriteria')}
            onNameChange={(rubricName) => form.setValue('rubricName', rubricName)}
            onCriteriaChange={(rubricCriteria) => form.setValue('rubricCriteria', rubricCriteria)}
          />
          <CancelSaveFooter
            onCancel={onClose}
            saveLabel="Save Scenario"
            saveDisabled={pending || !form.watch('name').trim()}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
