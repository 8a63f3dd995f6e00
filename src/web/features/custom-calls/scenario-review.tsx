// Step 2: everything generated is editable — name, role and organisation, the opening line, system
// prompt (guidance ideal 200, minimum 100), rubric (add, edit, remove; Add Criterion hidden at 5),
// sample questions one per line, voice.
import type { VoiceId } from '@shared/domain/limits';
import { WORD_LIMITS } from '@shared/domain/word-count';
import { ArrowLeft, Check } from 'lucide-react';
import { RubricEditor } from '@/components/scenario/rubric-editor';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { type ReviewDraft, rubricEditorProps } from './review-draft';
import { VoiceChoice } from './voice-choice';
import { WordCountField } from './word-count-field';

type Props = {
  draft: ReviewDraft;
  onDraftChange: (draft: ReviewDraft) => void;
  voice: VoiceId | null;
  onVoiceChange: (voice: VoiceId) => void;
  creating: boolean;
  onBack: () => void;
  onConfirm: () => void;
};

export function ScenarioReview({
  draft,
  onDraftChange,
  voice,
  onVoiceChange,
  creating,
  onBack,
  onConfirm,
}: Props) {
  const set = <K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) =>
    onDraftChange({ ...draft, [key]: value });
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-2">
          <Label htmlFor="scenario-name">Scenario name</Label>
          <Input id="scenario-name" value={draft.name} onChange={(e) => set('name', e.target.value)} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="scenario-role">Role</Label>
          <Input id="scenario-role" value={draft.role} onChange={(e) => set('role', e.target.value)} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="scenario-company">Company</Label>
          <Input
            id="scenario-company"
            value={draft.company}
            onChange={(e) => set('company', e.target.value)}
          />
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor="scenario-welcome">Opening line</Label>
        <p className="text-sm text-muted-foreground">What the persona says when the call starts.</p>
        <Textarea
          id="scenario-welcome"
          value={draft.welcomeMessage}
          rows={2}
          onChange={(e) => set('welcomeMessage', e.target.value)}
        />
      </div>
      <WordCountField
        id="system-prompt"
        label="System Prompt"
        hint="How the persona behaves on the call."
        value={draft.systemPrompt}
        onChange={(v) => set('systemPrompt', v)}
        limits={WORD_LIMITS.systemPrompt}
        rows={12}
      />
      <section aria-labelledby="rubric-heading" className="space-y-3">
        <h2 id="rubric-heading" className="text-lg font-semibold">
          Evaluation Rubric
        </h2>
        <RubricEditor {...rubricEditorProps(draft, set)} />
      </section>
      <div className="space-y-2">
        <Label htmlFor="sample-questions">Sample Questions</Label>
        <p className="text-sm text-muted-foreground">
          One per line. The persona works through them on the call.
        </p>
        <Textarea
          id="sample-questions"
          value={draft.questionsText}
          rows={6}
          onChange={(e) => set('questionsText', e.target.value)}
        />
      </div>
      <VoiceChoice value={voice} onChange={onVoiceChange} />
      <div className="flex flex-wrap justify-between gap-3">
        <Button type="button" variant="outline" onClick={onBack} disabled={creating}>
          <ArrowLeft aria-hidden /> Back to Setup
        </Button>
        <Button type="button" onClick={onConfirm} disabled={creating}>
          {creating ? <Spinner className="size-4" /> : <Check aria-hidden />}
          Confirm &amp; Create
        </Button>
      </div>
    </div>
  );
}
