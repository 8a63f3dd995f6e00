// Test fixtures for the call routes: scenarios inserted directly, and what the voice gateway
// would have stored while a call ran (utterances, a recording).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { interviewers, interviews, users, utterances } from '../../db/schema.js';
import type { BlobStore } from '../../providers/storage/index.js';
import { recordingKey } from '../../providers/storage/index.js';
import { forgetInterviewerLists } from '../scenarios/list-cache.js';

/** POST /api/interviews as a signed-in user: a single call of the scenario, starting now. */
export function postCall(
  app: Pick<FastifyInstance, 'inject'>,
  as: { cookie: string; userId: number },
  interviewerId: number,
) {
  return app.inject({
    method: 'POST',
    url: '/api/interviews',
    headers: { cookie: as.cookie },
    payload: { type: 'single', startTime: new Date().toISOString(), interviewerId, userId: as.userId },
  });
}

export async function insertInterviewer(db: Db, overrides: Partial<typeof interviewers.$inferInsert> = {}) {
  const [row] = await db
    .insert(interviewers)
    .values({
      name: 'Alex Rivera',
      role: 'Hiring Manager',
      systemPrompt: 'You are Alex, a hiring manager interviewing for a product role.',
      welcomeMessage: 'Hi, I am Alex. Tell me about yourself.',
      voiceId: 'sarah',
      sampleQuestions: ['Tell me about a product you launched.'],
      rubricCriteria: [
        { name: 'Communication', description: 'Clear answers' },
        { name: 'Problem Solving', description: 'Sound reasoning' },
      ],
      ...overrides,
    })
    .returning();
  // as the app's own writes do (the notification would come a moment later)
  forgetInterviewerLists(db);
  return row;
}

export async function setCredits(db: Db, userId: number, credits: number) {
  await db.update(users).set({ credits }).where(eq(users.id, userId));
}

export async function creditsOf(db: Db, userId: number) {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row.credits;
}

export async function storeUtterances(
  db: Db,
  interviewId: number,
  lines: [speaker: 'agent' | 'user', text: string][],
) {
  await db.insert(utterances).values(
    lines.map(([speaker, text], i) => ({
      interviewId,
      speaker,
      text,
      startMs: i * 4000,
      endMs: i * 4000 + 3000,
    })),
  );
}

export async function storeRecording(
  db: Db,
  blobs: BlobStore,
  interviewId: number,
  conversationId: string,
  bytes: Buffer,
) {
  await db.update(interviews).set({ conversationId }).where(eq(interviews.id, interviewId));
  const w = blobs.openWriter(recordingKey(conversationId), 'audio/mpeg');
  w.write(bytes);
  await w.end();
}
