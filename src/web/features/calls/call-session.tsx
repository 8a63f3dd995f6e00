// A started call from the first word to the results (spec: core-experience §2 steps 3–5, §4):
// live → evaluating → results. Reused by the custom-call flow once its call record exists.
// A live call is never left running (issue 20): leaving it by a link or the browser's back asks
// first and then ends it at once; a closed tab, a reload or an unmount ends it too, with a request
// that outlives the page. The server refunds the credit of a call in which the user said nothing.

import type { Interview } from '@shared/contracts/calls';
import type { Interviewer } from '@shared/contracts/scenarios';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { endInterview, refreshAfterEnd as refreshListsAfterEnd, requestVoiceSession } from './call-api';
import { CallResults } from './call-results';
import { announceEndedCall, endMessages } from './end-call-notices';
import { EvaluatingView } from './evaluating-view';
import { LeaveCallDialog } from './leave-call-dialog';
import { LiveCall } from './live-call';
import { useStepHeadingFocus } from './step-heading';
import { useLeaveCallGuard } from './use-leave-call-guard';
import { useVoiceConversation } from './use-voice-conversation';

/** How long leaving waits for the voice connection to close before ending the call anyway. */
const HANGUP_WAIT_MS = 2000;

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

  // Every list of calls and the credits (a refunded call gives its credit back).
  const refreshAfterEnd = useCallback(() => refreshListsAfterEnd(queryClient), [queryClient]);

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
    await refreshAfterEnd();
    setPhase('results');
    // the results stay at this address (the entry replaced): a reload or a return shows them again (LinkedResults)
    navigate({ search: `?call=${interview.id}` }, { replace: true });
  }, [voice, interview, refreshAfterEnd, setPhase, navigate]);
  endRef.current = () => void endCall();

  // The latest of what ending in the background needs, for listeners and cleanups.
  const latest = useRef({ voice, interview, refreshAfterEnd });
  latest.current = { voice, interview, refreshAfterEnd };

  /**
   * Ends the call while the user goes elsewhere: hangs up, then posts the end with a request that
   * outlives the page (`hangUp` false: the page is going away, the end is posted at once). The
   * outcome is announced on whatever page the user is on, and the lists and credits refetched.
   */
  const endInBackground = useCallback((hangUp: boolean): Promise<void> => {
    if (endingRef.current) return Promise.resolve();
    endingRef.current = true;
    const { voice: current, interview: call } = latest.current;
    const conversationId = current.conversationId;
    const hungUp = hangUp
      ? Promise.race([
          current.stop().catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, HANGUP_WAIT_MS)),
        ])
      : Promise.resolve();
    return hungUp
      .then(() => endInterview(call.id, conversationId, { keepalive: true }))
      .then(
        (result) => announceEndedCall(result),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : 'An error occurred';
          toast.error('Error', { description: endMessages.endFailed(message) });
        },
      )
      .then(() => latest.current.refreshAfterEnd())
      .catch(() => {});
  }, []);

  const live = phase === 'live' && !ending;
  const guard = useLeaveCallGuard(live, () => endInBackground(true));

  // A closed tab or a reload (after the browser's beforeunload prompt) ends the call too.
  useEffect(() => {
    if (!live) return;
    const onPageHide = () => endInBackground(false);
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [live, endInBackground]);

  // So does unmounting mid-call any other way (signing out, a navigation from script). Deferred
  // so React's development double-mount does not end a call that is starting.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) endInBackground(false);
      }, 0);
    };
  }, [endInBackground]);

  useStepHeadingFocus(phase);

  // A reload or closed tab would drop a running call; the browser asks first.
  useEffect(() => {
    if (phase === 'results') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  if (phase === 'live')
    return (
      <>
        <LiveCall interviewer={interviewer} voice={voice} ending={ending} onEnd={() => void endCall()} />
        <LeaveCallDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
      </>
    );
  if (phase === 'evaluating' || !finished) return <EvaluatingView />;
  return <CallResults interview={finished} interviewerName={interviewer.name} onDone={() => navigate('/')} />;
}
