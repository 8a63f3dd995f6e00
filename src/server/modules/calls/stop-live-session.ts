// Ending a call stops its live voice session wherever it runs: on this server or another one on
// the same database. The end route announces it with NOTIFY call_end (every server's gateway
// listens, voice/routes.ts) and then waits until the session has stored its last utterance and
// closed its recording, which it shows by clearing the call's live lease. A session whose server
// missed the notification stops at its next lease renewal, when it finds the call ended.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { interviews } from '../../db/schema.js';

export const CALL_END_CHANNEL = 'call_end';
/** longest wait for a live session to store what it has (then the call ends with what is stored) */
export const LIVE_STOP_WAIT_MS = 5_000;
const POLL_MS = 25;

export type LiveStopReason = 'ended_by_user' | 'time_limit';

/** Payload `<interviewId>:<reason>`. */
export async function announceCallEnd(
  db: DbOrTx,
  interviewId: number,
  reason: LiveStopReason,
): Promise<void> {
  await db.execute(sql`select pg_notify(${CALL_END_CHANNEL}, ${`${interviewId}:${reason}`})`);
}

/** Stops the call's live session, if one holds the lease, and waits until it has let go. */
export async function stopLiveSession(
  db: DbOrTx,
  interviewId: number,
  opts: { now: () => Date; reason?: LiveStopReason; waitMs?: number },
): Promise<void> {
  const { now, reason = 'ended_by_user', waitMs = LIVE_STOP_WAIT_MS } = opts;
  if (!(await holdsLease(db, interviewId, now()))) return;
  await announceCallEnd(db, interviewId, reason);
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (!(await holdsLease(db, interviewId, now()))) return;
  }
}

async function holdsLease(db: DbOrTx, interviewId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ liveSession: interviews.liveSession, liveUntil: interviews.liveUntil })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  return !!row?.liveSession && !!row.liveUntil && row.liveUntil.getTime() > now.getTime();
}
