// "Your Feedback" (spec §4, §5, §8): the owner rates the call experience and the evaluation
// (Poor / OK / Great / Not Rated), each with an optional note sent as null when empty. On success
// the lists are refetched. Admins looking at someone else's call see the ratings read-only.
import type { Interview } from '@shared/contracts/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** A rating as the call contract holds it (0 Poor, 1 OK, 2 Great, null Not Rated). */
export type Rating = Interview['callRating'];

export const RATING_OPTIONS: { value: Rating; label: string }[] = [
  { value: 0, label: 'Poor' },
  { value: 1, label: 'OK' },
  { value: 2, label: 'Great' },
  { value: null, label: 'Not Rated' },
];

export const ratingLabel = (r: Rating) => RATING_OPTIONS.find((o) => o.value === r)?.label ?? 'Not Rated';

/** Every query holding calls starts with this key, so one invalidation refetches them all. */
export const INTERVIEWS_QUERY_ROOT = 'interviews';

const noteOrNull = (s: string) => (s.trim() === '' ? null : s);

function RatingChoice({
  label,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  value: Rating;
  onChange: (r: Rating) => void;
  readOnly?: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-sm">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {RATING_OPTIONS.map((o) => (
          <Button
            key={o.label}
            type="button"
            size="sm"
            variant={value === o.value ? 'default' : 'outline'}
            aria-pressed={value === o.value}
            disabled={readOnly}
            onClick={() => onChange(o.value)}
            className={cn(readOnly && value === o.value && 'opacity-100')}
          >
            {o.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

export function RatingBlock({ interview, readOnly }: { interview: Interview; readOnly?: boolean }) {
  const queryClient = useQueryClient();
  const [callRating, setCallRating] = useState<Rating>(interview.callRating);
  const [evaluationRating, setEvaluationRating] = useState<Rating>(interview.evaluationRating);
  const [callNote, setCallNote] = useState(interview.callRatingNote ?? '');
  const [evaluationNote, setEvaluationNote] = useState(interview.evaluationRatingNote ?? '');

  const save = useMutation({
    mutationFn: () =>
      api.post('/api/interviews/:id/rate', {
        params: { id: interview.id },
        body: {
          callRating,
          evaluationRating,
          callRatingNote: noteOrNull(callNote),
          evaluationRatingNote: noteOrNull(evaluationNote),
        },
      }),
    onSuccess: () => {
      toast.success('Ratings Saved', { description: 'Your feedback has been saved.' });
      void queryClient.invalidateQueries({ queryKey: [INTERVIEWS_QUERY_ROOT] });
    },
    onError: () => toast.error('Error', { description: 'Failed to save your feedback. Please try again.' }),
  });

  return (
    <section
      className="space-y-4 rounded-lg border p-4"
      aria-label="Your Feedback"
      data-testid="rating-block"
    >
      <h3 className="font-semibold">{readOnly ? 'Ratings' : 'Your Feedback'}</h3>
      <div className="grid gap-4 md:grid-cols-2">
        <RatingField
          label="Call Experience"
          rating={callRating}
          onRating={setCallRating}
          noteLabel="Call experience notes"
          notePlaceholder="Notes about the call (optional)"
          note={callNote}
          onNote={setCallNote}
          readOnly={readOnly}
        />
        <RatingField
          label="Evaluation"
          rating={evaluationRating}
          onRating={setEvaluationRating}
          noteLabel="Evaluation notes"
          notePlaceholder="Notes about the evaluation (optional)"
          note={evaluationNote}
          onNote={setEvaluationNote}
          readOnly={readOnly}
        />
      </div>
      {!readOnly && (
        <Button type="button" onClick={() => save.mutate()} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Feedback'}
        </Button>
      )}
    </section>
  );
}

/** One rating with its notes: the stars (or their read-only reading) and the note beneath them. */
function RatingField(props: {
  label: string;
  rating: Parameters<typeof RatingChoice>[0]['value'];
  onRating: Parameters<typeof RatingChoice>[0]['onChange'];
  noteLabel: string;
  notePlaceholder: string;
  note: string;
  onNote: (note: string) => void;
  readOnly?: boolean;
}) {
  return (
    <div className="space-y-2">
      <RatingChoice
        label={props.label}
        value={props.rating}
        onChange={props.onRating}
        readOnly={props.readOnly}
      />
      <Textarea
        aria-label={props.noteLabel}
        placeholder={props.readOnly ? 'No notes' : props.notePlaceholder}
        value={props.note}
        readOnly={props.readOnly}
        maxLength={20_000}
        onChange={(e) => props.onNote(e.target.value)}
      />
    </div>
  );
}
