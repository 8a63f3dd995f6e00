// A text area with the spec's word-count guidance under it (core-experience §5).
import { type WordCountLimits, wordCountGuidance } from '@shared/domain/word-count';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

const LEVEL_STYLE = {
  'too-short': 'text-destructive',
  'getting-better': 'text-amber-600 dark:text-amber-400',
  great: 'text-emerald-600 dark:text-emerald-400',
  over: 'text-muted-foreground',
} as const;

type Props = {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  limits: WordCountLimits;
  placeholder?: string;
  rows?: number;
};

export function WordCountField({ id, label, hint, value, onChange, limits, placeholder, rows = 5 }: Props) {
  const guidance = wordCountGuidance(value, limits);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      <Textarea
        id={id}
        value={value}
        rows={rows}
        placeholder={placeholder}
        aria-describedby={`${id}-guidance`}
        onChange={(e) => onChange(e.target.value)}
        className="max-h-96"
      />
      <p id={`${id}-guidance`} className="flex justify-between gap-2 text-xs" aria-live="polite">
        <span className={cn('font-medium', LEVEL_STYLE[guidance.level])} data-testid={`${id}-guidance`}>
          {guidance.message}
        </span>
        <span className="text-muted-foreground">
          {guidance.count} {guidance.count === 1 ? 'word' : 'words'} · ideal {limits.ideal}
        </span>
      </p>
    </div>
  );
}
