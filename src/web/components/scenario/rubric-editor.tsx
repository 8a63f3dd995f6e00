// Rubric editor shared by the admin scenario form and the custom-scenario review: a rubric name
// and up to 5 criteria (name + description); Add Criterion is hidden at 5 (spec §5).
import type { RubricCriterionInput } from '@shared/contracts/evaluation';
import { MAX_RUBRIC_CRITERIA } from '@shared/domain/limits';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** A criterion as the rubric contract holds it. */
export type RubricCriterionDraft = RubricCriterionInput;

type Props = {
  name: string;
  criteria: RubricCriterionDraft[];
  onNameChange: (name: string) => void;
  onCriteriaChange: (criteria: RubricCriterionDraft[]) => void;
  idPrefix?: string;
};

export function RubricEditor({ name, criteria, onNameChange, onCriteriaChange, idPrefix = 'rubric' }: Props) {
  const update = (index: number, patch: Partial<RubricCriterionDraft>) =>
    onCriteriaChange(criteria.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  // where the keyboard goes after adding or removing a criterion: the new one's name, or the
  // criterion before the removed one (else the first, else Add Criterion): not lost to the page
  const names = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const at = focusNext.current;
    if (at === null) return;
    focusNext.current = null;
    (names.current[Math.min(at, criteria.length - 1)] ?? addButton.current)?.focus();
  });
  return (
    <fieldset className="space-y-3">
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-name`}>Rubric name</Label>
        <Input id={`${idPrefix}-name`} value={name} onChange={(e) => onNameChange(e.target.value)} />
      </div>
      <legend className="sr-only">Evaluation rubric</legend>
      <ul className="space-y-3">
        {criteria.map((c, index) => (
          <li key={index} className="space-y-2 rounded-md border p-3">
            <div className="flex items-center gap-2">
              <Input
                ref={(el) => {
                  names.current[index] = el;
                }}
                aria-label={`Criterion ${index + 1} name`}
                value={c.name}
                placeholder="Criterion name"
                onChange={(e) => update(index, { name: e.target.value })}
              />
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`Remove criterion ${index + 1}`}
                onClick={() => {
                  focusNext.current = Math.max(0, index - 1);
                  onCriteriaChange(criteria.filter((_, i) => i !== index));
                }}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
            <Textarea
              aria-label={`Criterion ${index + 1} description`}
              value={c.description}
              placeholder="What good looks like"
              rows={2}
              onChange={(e) => update(index, { description: e.target.value })}
            />
          </li>
        ))}
      </ul>
      {criteria.length < MAX_RUBRIC_CRITERIA && (
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            focusNext.current = criteria.length;
            onCriteriaChange([...criteria, { name: '', description: '' }]);
          }}
        >
          <Plus aria-hidden /> Add Criterion
        </Button>
      )}
    </fieldset>
  );
}
