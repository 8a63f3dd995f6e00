// Create and edit a scenario with every field and the spec's defaults (administration §3): role
// Product Manager, company Tech Company, call type Product Management Interview, rubric Default
// Rubric with Communication and Problem Solving; sample questions one per line; voice select.
import type { Interviewer, InterviewerWriteRequest } from '@shared/contracts/scenarios';
import { VOICES } from '@shared/domain/limits';
import { useEffect, useState } from 'react';
import { type RubricCriterionDraft, RubricEditor } from '@/components/scenario/rubric-editor';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

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

export function ScenarioFormDialog({ editing, pending, onClose, onSave }: Props) {
  const [draft, setDraft] = useState<Draft>(NEW_SCENARIO);
  useEffect(() => {
    if (editing) setDraft(editing === 'new' ? NEW_SCENARIO : toDraft(editing));
  }, [editing]);
  const field = (key: keyof Draft, label: string, multiline = false) => (
    <div className="space-y-1">
      <Label htmlFor={`scenario-${key}`}>{label}</Label>
      {multiline ? (
        <Textarea
          id={`scenario-${key}`}
          rows={key === 'systemPrompt' ? 6 : 3}
          value={draft[key] as string}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
      ) : (
        <Input
          id={`scenario-${key}`}
          value={draft[key] as string}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
      )}
    </div>
  );
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSave(toWriteRequest(draft));
          }}
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
              <Select
                value={draft.voiceId}
                onValueChange={(v) => setDraft({ ...draft, voiceId: v as 'michael' | 'sarah' })}
              >
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
            </div>
          </div>
          {field('systemPrompt', 'System prompt', true)}
          {field('welcomeMessage', 'Welcome message', true)}
          <div className="space-y-1">
            <Label htmlFor="scenario-questions">Sample questions (one per line)</Label>
            <Textarea
              id="scenario-questions"
              rows={4}
              value={draft.sampleQuestions}
              onChange={(e) => setDraft({ ...draft, sampleQuestions: e.target.value })}
            />
          </div>
          <RubricEditor
            idPrefix="scenario-rubric"
            name={draft.rubricName ?? ''}
            criteria={draft.rubricCriteria}
            onNameChange={(rubricName) => setDraft({ ...draft, rubricName })}
            onCriteriaChange={(rubricCriteria) => setDraft({ ...draft, rubricCriteria })}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || !draft.name.trim()}>
              Save Scenario
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
