// Step 1: voice, About You, Persona Details and Scenario, each with word-count guidance; Continue
// stays disabled until all three texts are filled (spec §5).
import type { VoiceId } from '@shared/domain/limits';
import { WORD_LIMITS } from '@shared/domain/word-count';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { SetupFields } from './review-draft';
import { VoiceChoice } from './voice-choice';
import { WordCountField } from './word-count-field';

type Props = {
  fields: SetupFields;
  onFieldsChange: (fields: SetupFields) => void;
  voice: VoiceId | null;
  onVoiceChange: (voice: VoiceId) => void;
  generating: boolean;
  onContinue: () => void;
};

export function ScenarioSetup({
  fields,
  onFieldsChange,
  voice,
  onVoiceChange,
  generating,
  onContinue,
}: Props) {
  const set = (key: keyof SetupFields) => (value: string) => onFieldsChange({ ...fields, [key]: value });
  const complete = Object.values(fields).every((v) => v.trim() !== '');
  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete && !generating) onContinue();
      }}
    >
      <VoiceChoice value={voice} onChange={onVoiceChange} />
      <WordCountField
        id="user-context"
        label="About You"
        hint="Your role, experience and what you want to get better at."
        value={fields.userContext}
        onChange={set('userContext')}
        limits={WORD_LIMITS.userContext}
        placeholder="e.g. I'm a product manager with four years in B2B SaaS, preparing for senior roles…"
      />
      <WordCountField
        id="persona-details"
        label="Persona Details"
        hint="Who you will be talking to: their name, role, personality and what they care about."
        value={fields.personaDetails}
        onChange={set('personaDetails')}
        limits={WORD_LIMITS.personaDetails}
        placeholder="e.g. Dana is the CTO of a key customer: direct, impatient, data-driven…"
      />
      <WordCountField
        id="scenario-details"
        label="Scenario"
        hint="The situation, what is at stake, and what you expect them to ask or push back on."
        value={fields.scenarioDetails}
        onChange={set('scenarioDetails')}
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
