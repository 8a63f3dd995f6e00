// /custom-call: describe a conversation, review what was generated, create it (spec:
// core-experience §2 "Custom scenario", §4 "Custom scenario flow", §5). After creation the user
// is sent home after 2 seconds, unless they start a call with the new scenario right away.
import { zodResolver } from '@hookform/resolvers/zod';
import { type GenerateCustomCallRequest, generateCustomCallRequest } from '@shared/contracts/custom-calls';
import type { Interviewer } from '@shared/contracts/scenarios';
import type { VoiceId } from '@shared/domain/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Phone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { createCustomScenario, generateCustomCall } from './custom-call-api';
import {
  confirmProblem,
  draftFromGeneration,
  type ReviewDraft,
  type SetupFields,
  toCreateRequest,
} from './review-draft';
import { ScenarioReview } from './scenario-review';
import { ScenarioSetup, type SetupForm } from './scenario-setup';

export const HOME_REDIRECT_MS = 2_000;
const EMPTY: SetupFields = { userContext: '', personaDetails: '', scenarioDetails: '' };
const startCallPath = (id: number) => `/new-call?interviewerId=${id}`;

/** The setup texts as typed, checked as the generate request they become (its length rule and message). */
const setupForm = z
  .custom<SetupFields>()
  .transform((f): z.input<typeof generateCustomCallRequest> => f)
  .pipe(generateCustomCallRequest);

/** A refused generation (by the form's check or by the server) says why, the same way. */
const refusedGeneration = (message: string) =>
  toast.error('Could not generate the scenario', { description: message });

function Created({ scenario }: { scenario: Interviewer }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(HOME_REDIRECT_MS / 1000);
  useEffect(() => {
    const home = setTimeout(() => navigate('/'), HOME_REDIRECT_MS);
    const tick = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      clearTimeout(home);
      clearInterval(tick);
    };
  }, [navigate]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2 className="text-emerald-600" aria-hidden /> Scenario created
        </CardTitle>
        <CardDescription>
          “{scenario.name}” is ready and listed under Custom Scenario when you start a new call. Taking you to
          your dashboard in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}…
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button onClick={() => navigate(startCallPath(scenario.id))}>
          <Phone aria-hidden /> Start Call Now
        </Button>
        <Button variant="outline" onClick={() => navigate('/')}>
          Go to Dashboard
        </Button>
      </CardContent>
    </Card>
  );
}

export default function CustomCallPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<'setup' | 'review'>('setup');
  const setup: SetupForm = useForm<SetupFields, unknown, GenerateCustomCallRequest>({
    resolver: zodResolver(setupForm),
    defaultValues: EMPTY,
  });
  const [voice, setVoice] = useState<VoiceId | null>(null);
  const [draft, setDraft] = useState<ReviewDraft | null>(null);

  const generate = useMutation({
    // the chosen voice, when chosen already, lets an invented persona name match it
    mutationFn: (fields: GenerateCustomCallRequest) =>
      generateCustomCall({ ...fields, ...(voice ? { voiceId: voice } : {}) }),
    onSuccess: (generation) => {
      setDraft(draftFromGeneration(generation, setup.getValues()));
      setStep('review');
    },
    onError: (err) => refusedGeneration(err.message),
  });

  const create = useMutation({
    mutationFn: (body: Parameters<typeof createCustomScenario>[0]) => createCustomScenario(body),
    onSuccess: async (scenario) => {
      await queryClient.invalidateQueries({ queryKey: ['/api/interviewers'] });
      toast.success('Scenario created', {
        description: `“${scenario.name}” is ready to practise.`,
        action: { label: 'Start Call Now', onClick: () => navigate(startCallPath(scenario.id)) },
      });
    },
    onError: (err) => toast.error('Could not create the scenario', { description: err.message }),
  });

  const confirm = () => {
    if (!draft) return;
    const problem = confirmProblem(draft, voice);
    if (problem || !voice) {
      toast.error(problem ?? 'Please choose a voice for your persona.');
      return;
    }
    create.mutate(toCreateRequest(draft, voice, setup.getValues()));
  };

  let body: React.ReactNode;
  if (create.data) {
    body = <Created scenario={create.data} />;
  } else if (step === 'review' && draft) {
    body = (
      <ScenarioReview
        draft={draft}
        onDraftChange={setDraft}
        voice={voice}
        onVoiceChange={setVoice}
        creating={create.isPending}
        onBack={() => setStep('setup')}
        onConfirm={confirm}
      />
    );
  } else {
    body = (
      <ScenarioSetup
        form={setup}
        voice={voice}
        onVoiceChange={setVoice}
        generating={generate.isPending}
        onContinue={(fields) => generate.mutate(fields)}
        onRefused={refusedGeneration}
      />
    );
  }

  return (
    <div className="container mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
      <div>
        <h1 className="text-2xl font-semibold">Create a Custom Scenario</h1>
        <p className="text-sm text-muted-foreground">
          {step === 'setup'
            ? 'Describe who you are, who you will talk to and the situation. We will write the persona, a rubric and questions.'
            : 'Review and adjust what was generated, then create your scenario.'}
        </p>
      </div>
      {body}
    </div>
  );
}
