// The pre-call check's first line: how the user's answers will be understood in this call.
import { HEARING_TEXT, type HearingPath } from '@shared/domain/speech-path';
import { Keyboard, Mic } from 'lucide-react';

export function HearingCheck({ path }: { path: HearingPath | null }) {
  if (!path) return null;
  const text = HEARING_TEXT[path];
  return (
    <section
      aria-labelledby="hearing-heading"
      data-testid="hearing-check"
      data-path={path}
      className="flex items-start gap-3 rounded-lg border p-3"
    >
      {text.spoken ? (
        <Mic className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <Keyboard className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      <div className="flex flex-col gap-1">
        <h3 id="hearing-heading" className="font-semibold">
          How you will be heard
        </h3>
        <p className="text-sm">{text.title}</p>
        <p className="text-sm text-muted-foreground">{text.detail}</p>
      </div>
    </section>
  );
}
