// What the gateway reads and writes in the database: the call it joins (with its persona), the
// call's earlier turns (for a reconnect), each utterance the moment it ends, and the call's live
// lease (which session, on any server, serves it now).
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { interviewers, interviews } from '../db/schema.js';
import { sqlRows } from '../db/sql-rows.js';
import { storedUtterances } from '../modules/calls/find-utterances.js';
import type { StoredUtterance } from './call-session.js';
import type { Persona, Turn } from './engines/brain.js';

export type JoinableCall = {
  interviewId: number;
  userId: number;
  status: string;
  createdAt: Date;
  conversationId: string | null;
  persona: Persona;
  voice: string;
};

export async function findCallForGateway(db: DbOrTx, interviewId: number): Promise<JoinableCall | null> {
  const [row] = await db
    .select({ interview: interviews, interviewer: interviewers })
    .from(interviews)
    .innerJoin(interviewers, eq(interviewers.id, interviews.interviewerId))
    .where(eq(interviews.id, interviewId));
  if (!row) return null;
  const { interview, interviewer } = row;
  return {
    interviewId: interview.id,
    userId: interview.userId,
    status: interview.status,
    createdAt: interview.createdAt,
    conversationId: interview.conversationId,
    voice: interviewer.voiceId,
    persona: {
      name: interviewer.name,
      role: interviewer.role,
      company: interviewer.company,
      systemPrompt: interviewer.systemPrompt,
      welcomeMessage: interviewer.welcomeMessage,
      sampleQuestions: interviewer.sampleQuestions,
    },
  };
}

/** The call's earlier turns, in spoken order (the same read as the transcript's). */
export async function storedTurns(db: DbOrTx, interviewId: number): Promise<Turn[]> {
  const stored = await storedUtterances(db, interviewId);
  return stored.map(({ speaker, text }) => ({ speaker, text }));
}

/**
 * Stores one utterance while the call is still in progress. Answers false when the call has
 * ended (nothing is stored on an ended call); throws when the database cannot be reached.
 */
export async function appendUtterance(db: DbOrTx, interviewId: number, u: StoredUtterance): Promise<boolean> {
  const result = await db.execute(sql`
    insert into utterances (interview_id, speaker, text, start_ms, end_ms, confidence)
    select ${interviewId}::int, ${u.speaker}::text, ${u.text}::text, ${u.startMs}::int, ${u.endMs}::int,
      ${u.confidence ?? null}::double precision
    where exists (select 1 from interviews where id = ${interviewId}::int and status = 'in_progress')
    returning 1 as stored`);
  return sqlRows<{ stored: number }>(result).length > 0;
}

/** How long a live session's lease holds without renewal (a server that died lets go this late). */
export const LIVE_LEASE_MS = 45_000;
/** How often the serving gateway renews it. */
export const LIVE_LEASE_RENEW_MS = 15_000;

/**
 * Takes the call's live lease for this session: only while the call is in progress and no other
 * session holds an unexpired lease. One conditional UPDATE of the call's row, so two sessions
 * racing on two servers cannot both win.
 */
export async function takeLiveLease(db: DbOrTx, interviewId: number, sessionId: string, now: Date) {
  const rows = await db
    .update(interviews)
    .set({ liveSession: sessionId, liveUntil: new Date(now.getTime() + LIVE_LEASE_MS) })
    .where(
      and(
        eq(interviews.id, interviewId),
        eq(interviews.status, 'in_progress'),
        or(isNull(interviews.liveUntil), lt(interviews.liveUntil, now)),
      ),
    )
    .returning({ id: interviews.id });
  return rows.length > 0;
}

/** Renews the lease; false when the call has ended or another session took over. */
export async function renewLiveLease(db: DbOrTx, interviewId: number, sessionId: string, now: Date) {
  const rows = await db
    .update(interviews)
    .set({ liveUntil: new Date(now.getTime() + LIVE_LEASE_MS) })
    .where(
      and(
        eq(interviews.id, interviewId),
        eq(interviews.liveSession, sessionId),
        eq(interviews.status, 'in_progress'),
      ),
    )
    .returning({ id: interviews.id });
  return rows.length > 0;
}

export async function releaseLiveLease(db: DbOrTx, interviewId: number, sessionId: string) {
  await db
    .update(interviews)
    .set({ liveSession: null, liveUntil: null })
    .where(and(eq(interviews.id, interviewId), eq(interviews.liveSession, sessionId)));
}
