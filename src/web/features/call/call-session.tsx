// A started call from the first word to the results (spec: core-experience §2 steps 3–5, §4):
// live → evaluating → results. Reused by the custom-call flow once its call record exists.
import type { Interviewer } from '@shared/contracts/interviewers';
import type { Interview } from '@shared/contracts/interviews';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { endInterview, requestVoiceSession } from './call-api';
import { CallResults } from './call-results';
import { announceEndedCall, endMessages } from './end-call-notices';
import { EvaluatingView } from './evaluating-view';
import { LiveCall } from './live-call';
import { useVoiceConversation } from './use-voice-conversation';

export type CallPhase = 'live' | 'evaluating' | 'results';

export function CallSession({
  interview,
  interviewer,
  onPhaseChange,
}: {
  interview: Interview;
  interviewer: Pick<Interviewer, 'name' | 'avatar' | 'role' | 'company'>;
  onPhaseChange?: (phase: CallPhase) => void;
}) {
  const [phase, setPhaseState] = useState<CallPhase>('live');
  const [ending, setEnding] = useState(false);
  const [finished, setFinished] = useState<Interview | null>(null);
  const endingRef = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const endRef = useRef<() => void>(() => {});

  const setPhase = useCallback(
    (next: CallPhase) => {
      setPhaseState(next);
      onPhaseChange?.(next);
    },
    [onPhaseChange],
  );

  const voice = useVoiceConversation({
    requestSession: () => requestVoiceSession(interview.id),
    onAgentEnded: () => endRef.current(),
  });

  const endCall = useCallback(async () => {
    if (endingRef.current) return;
    endingRef.current = true;
    setEnding(true);
    let hangupFailed = false;
    try {
      await voice.stop();
    } catch {
      hangupFailed = true;
    }
    setPhase('evaluating');
    try {
      const result = await endInterview(interview.id, voice.conversationId);
      setFinished(result);
      announceEndedCall(result);
      if (hangupFailed) toast.error('Error', { description: endMessages.hangupFailed });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'An error occurred';
      toast.error('Error', { description: endMessages.endFailed(message) });
      setFinished({ ...interview, evaluation: { error: 'end_failed', message }, status: 'failed' });
    }
    await queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/interviews'),
    });
    setPhase('results');
  }, [voice, interview, queryClient, setPhase]);
  endRef.current = () => void endCall();

  // A reload or closed tab would drop a running call; the browser asks first.
  useEffect(() => {
    if (phase === 'results') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  if (phase === 'live')
    return <LiveCall interviewer={interviewer} voice={voice} ending={ending} onEnd={() => void endCall()} />;
  if (phase === 'evaluating' || !finished) return <EvaluatingView />;
  return <CallResults interview={finished} interviewerName={interviewer.name} onDone={() => navigate('/')} />;
}
