// What the gateway reads and writes in the database: the call it joins (with its persona), the
// call's earlier turns (for a reconnect), and each utterance the moment it ends.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { interviewers, interviews, utterances } from '../db/schema.js';
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

export async function storedTurns(db: DbOrTx, interviewId: number): Promise<Turn[]> {
  return db
    .select({ speaker: utterances.speaker, text: utterances.text })
    .from(utterances)
    .where(eq(utterances.interviewId, interviewId))
    .orderBy(asc(utterances.startMs), asc(utterances.id));
}

export async function appendUtterance(db: DbOrTx, interviewId: number, u: StoredUtterance): Promise<void> {
  await db.insert(utterances).values({ interviewId, ...u });
}
