// The calls this process is serving right now, by interview id. Ending a call (the interviews
// module's end route) stops its session here first, so the last utterance and the recording
// are stored before the transcript is built.
import type { CallSession, EndReason } from './call-session.js';

const live = new Map<number, CallSession>();

export function registerLiveCall(interviewId: number, session: CallSession): void {
  const previous = live.get(interviewId);
  live.set(interviewId, session);
  // a reconnect replaces the old session; it must not keep talking
  if (previous && previous !== session) void previous.end('socket_closed');
}

export function unregisterLiveCall(interviewId: number, session: CallSession): void {
  if (live.get(interviewId) === session) live.delete(interviewId);
}

/** Stops the call's live session, if any, once everything it heard and said is stored. */
export async function endLiveCall(interviewId: number, reason: EndReason = 'ended_by_user'): Promise<void> {
  const session = live.get(interviewId);
  if (!session) return;
  live.delete(interviewId);
  await session.end(reason);
}

/** Ends every live call (server shutdown). */
export async function endAllLiveCalls(): Promise<void> {
  const sessions = [...live.values()];
  live.clear();
  await Promise.allSettled(sessions.map((s) => s.end('server_shutdown')));
}

export const liveCallCount = () => live.size;
