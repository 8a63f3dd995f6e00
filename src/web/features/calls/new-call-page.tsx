// /new-call and /interview/:interviewerId: selection → details → live → evaluating → results
// (spec: core-experience §2 "New call", §4 "UI flow of a call").

import type { Interview } from '@shared/contracts/calls';
import type { Interviewer } from '@shared/contracts/scenarios';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { OwnScenarioActions } from '@/features/custom-calls/own-scenario-actions';
import { isOwnCustomScenario } from '@/features/custom-calls/scenario-edit';
import { useInterviewers } from './call-api';
import { CallDetails } from './call-details';
import { CallSession } from './call-session';
import { type HandedOverSelection, parseId, takeHandedOverSelection } from './handed-over-selection';
import { InterviewerPicker } from './interviewer-picker';
import { LinkedResults } from './linked-results';
import { useStepHeadingFocus } from './step-heading';
import { useStartCall } from './use-start-call';

type Step = 'select' | 'details' | 'call';

export const notFoundNotice = {
  title: 'Interviewer Not Found',
  description: 'The requested interviewer could not be found. Please select an interviewer manually.',
} as const;

export default function NewCallPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const { user } = useAuth();
  const interviewers = useInterviewers();
  const [step, setStep] = useState<Step>('select');
  const [selected, setSelected] = useState<Interviewer | null>(null);
  const [handedOver, setHandedOver] = useState<HandedOverSelection | null>(null);
  const [interview, setInterview] = useState<Interview | null>(null);
  const read = useRef(false);
  const applied = useRef(false);
  // opened on a call's results (`?call=`, where CallSession leaves them): those, not the picker
  const linkedCall = parseId(search.get('call'));
  // the header's New Call from a call's results (`?call=` gone, the page still mounted): a new start
  const [shownCall, setShownCall] = useState<number | null>(null);
  if (linkedCall !== null && linkedCall !== shownCall) setShownCall(linkedCall);
  if (linkedCall === null && shownCall !== null) {
    setShownCall(null);
    setStep('select');
    setInterview(null);
    setSelected(null);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the hand-over is read once per visit
  useEffect(() => {
    if (read.current) return;
    read.current = true;
    setHandedOver(takeHandedOverSelection(sessionStorage, params.interviewerId, search.get('interviewerId')));
  }, []);

  useEffect(() => {
    if (applied.current || !handedOver || !interviewers.data) return;
    applied.current = true;
    if (handedOver.interviewerId === null) return;
    const found = interviewers.data.find((i) => i.id === handedOver.interviewerId);
    if (found) {
      setSelected(found);
      setStep('details');
    } else {
      toast.error(notFoundNotice.title, { description: notFoundNotice.description });
    }
  }, [handedOver, interviewers.data]);

  useEffect(() => {
    if (interviewers.error) toast.error('Error', { description: 'Failed to fetch interviewers' });
  }, [interviewers.error]);

  // picker ⇄ details → call; the call's own steps (live → evaluating → results) are CallSession's
  useStepHeadingFocus(step);

  const startCall = useStartCall((created) => {
    setInterview(created);
    setStep('call');
  });

  let body: React.ReactNode;
  if (step === 'call' && interview && selected) {
    body = <CallSession interview={interview} interviewer={selected} />;
  } else if (linkedCall !== null) {
    body = <LinkedResults callId={linkedCall} />;
  } else if (interviewers.isLoading || !handedOver) {
    body = <PageSpinner />;
  } else if (interviewers.error) {
    body = <p className="text-destructive">Failed to fetch interviewers</p>;
  } else if (step === 'details' && selected) {
    body = (
      <CallDetails
        interviewer={selected}
        starting={startCall.isPending}
        onBack={() => setStep('select')}
        onStart={() =>
          startCall.mutate({
            interviewerId: selected.id,
            userId: user?.id,
            trackScenarioId: handedOver.trackScenarioId,
          })
        }
      />
    );
  } else {
    body = (
      <InterviewerPicker
        interviewers={interviewers.data ?? []}
        selected={selected}
        onSelect={setSelected}
        onContinue={() => setStep('details')}
        actionsFor={(i) =>
          isOwnCustomScenario(i, user?.id) ? (
            <OwnScenarioActions
              scenario={i}
              onUpdated={(updated) => setSelected((s) => (s?.id === updated.id ? updated : s))}
              onDeleted={(id) => setSelected((s) => (s?.id === id ? null : s))}
            />
          ) : null
        }
      />
    );
  }

  return (
    <div className="container mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      {step !== 'call' && linkedCall === null ? (
        <div>
          <Button variant="ghost" size="sm" asChild>
            <Link to="/">
              <ArrowLeft /> Back to Dashboard
            </Link>
          </Button>
        </div>
      ) : null}
      {body}
    </div>
  );
}
