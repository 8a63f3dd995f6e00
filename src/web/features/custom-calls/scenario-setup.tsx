// Step 1: voice, About You, Persona Details and Scenario, each with word-count guidance; Continue
// stays disabled until all three texts are filled (spec §5). The texts are a react-hook-form form
// the page owns (they outlive this step: going back from the review finds them as they were),
// checked on Continue by the generate request's own rules.
import type { GenerateCustomCallRequest } from '@shared/contracts/custom-calls';
import type { VoiceId } from '@shared/domain/limits';
import { WORD_LIMITS } from '@shared/domain/word-count';
import { ArrowLeft, Sparkles } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { SetupFields } from './review-draft';
import { VoiceChoice } from './voice-choice';
import { WordCountField } from './word-count-field';

export type SetupForm = UseFormReturn<SetupFields, unknown, GenerateCustomCallRequest>;

type Props = {
  form: SetupForm;
  voice: VoiceId | null;
  onVoiceChange: (voice: VoiceId) => void;
  generating: boolean;
  /** the checked texts; a refused form says why (the generate request's own message) */
  onContinue: (fields: GenerateCustomCallRequest) => void;
  onRefused: (message: string) => void;
};

/** One of the three texts, bound to its form field. */
function SetupText({
  form,
  name,
  ...field
}: { form: SetupForm; name: keyof SetupFields } & Omit<
  ComponentProps<typeof WordCountField>,
  'value' | 'onChange'
>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: { value, onChange } }) => (
        <WordCountField {...field} value={value} onChange={onChange} />
      )}
    />
  );
}

export function ScenarioSetup({ form, voice, onVoiceChange, generating, onContinue, onRefused }: Props) {
  const complete = Object.values(form.watch()).every((v) => v.trim() !== '');
  return (
    <form
      className="space-y-6"
      onSubmit={form.handleSubmit(
        (fields) => {
          if (complete && !generating) onContinue(fields);
        },
        (errors) => {
          const message = Object.values(errors).find((e) => e?.message)?.message;
          if (message) onRefused(message);
        },
      )}
    >
      <VoiceChoice value={voice} onChange={onVoiceChange} />
      <SetupText
        form={form}
        name="userContext"
        id="user-context"
        label="About You"
        hint="Your role, experience and what you want to get better at."
        limits={WORD_LIMITS.userContext}
        placeholder="e.g. I'm a product manager with four years in B2B SaaS, preparing for senior roles…"
      />
      <SetupText
        form={form}
        name="personaDetails"
        id="persona-details"
        label="Persona Details"
        hint="Who you will be talking to: their name, role, personality and what they care about."
        limits={WORD_LIMITS.personaDetails}
        placeholder="e.g. Dana is the CTO of a key customer: direct, impatient, data-driven…"
      />
      <SetupText
        form={form}
        name="scenarioDetails"
        id="scenario-details"
        label="Scenario"
        hint="The situation, what is at stake, and what you expect them to ask or push back on."
        limits={WORD_LIMITS.scenarioDetails}
        placeholder="e.g. A renewal call after an outage. She is upset about the lack of updates and will ask about…"
      />
      <div className="flex flex-wrap justify-between gap-3">
        <Button type="button" variant="outline" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden /> Back to Dashboard
          </Link>
        </Button>
        <Button type="submit" disabled={!complete || generating}>
          {generating ? <Spinner className="size-4" /> : <Sparkles aria-hidden />}
          {generating ? 'Generating…' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
