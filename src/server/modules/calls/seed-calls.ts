// Deterministic past calls for tests, the dashboard benchmark and the E2E_SEED-gated endpoint:
// completed calls (transcript, evaluation with analytics, optionally a recording key and utterance
// timings) and unfinished ones. Never used by the product itself.
import { asc, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { EvaluationOutcome } from '../../../shared/contracts/evaluation.js';
import type { DbOrTx } from '../../db/client.js';
import { interviewers, utterances } from '../../db/schema.js';
import { invalid } from '../../errors.js';
import { type BlobStore, recordingKey } from '../../providers/storage/index.js';
import { livePreset } from '../scenarios/visibility.js';
import { SCENARIO_COPY } from './create-call.js';

export type SeedCallsInput = {
  userId: number;
  completed: number;
  unfinished?: number;
  /** give every completed call a conversationId and utterance timings… */
  withRecording?: boolean;
  /** …and store this audio as its recording */
  recording?: { blobs: BlobStore; bytes: Buffer; contentType: string };
  /** interviewers to rotate through; default: every active preset */
  interviewerIds?: number[];
  /** the newest call starts one hour before this instant; older ones a day apart */
  now?: Date;
  /** pad each transcript to about this many characters with more conversation (default: none, ~200) */
  transcriptChars?: number;
  /** copy each completed call's scenario into scored_against, as a call started in the app has */
  scoredAgainst?: boolean;
};

const TOPICS = ['roadmap priorities', 'a pricing change', 'the budget review', 'a delayed launch'];
const CRITERIA = ['Communication', 'Problem Solving', 'Structure'];

/** Every seventh call's evaluation failed (no numeric scores); the others score by index. */
export function seededEvaluation(i: number): EvaluationOutcome {
  if (i % 7 === 6) return { error: 'Evaluation failed', message: 'The model was unavailable.' };
  return {
    criteria: CRITERIA.map((name, k) => ({
      name,
      score: (i * 3 + k * 2) % 11,
      feedback: `${name} feedback for call ${i}.`,
      rationale: `Because of answer ${k + 1}.`,
    })),
    overallScore: null,
    analytics: {
      candidateWords: 120 + i,
      interviewerWords: 80,
      talkRatio: 0.6,
      wordsPerMinute: 110 + (i % 5) * 10,
      fillerCount: i % 4,
      fillersPer100Words: (i % 4) * 1.5,
      topFillers: [],
      answerCount: 2,
      questionsAsked: 2,
      averageAnswerWords: 60,
      longestAnswerWords: 80,
      longestAnswerSeconds: 20,
      evidenceCount: 1,
      structureMarkers: 1,
      hedgeCount: 0,
    },
    evaluator: 'built-in',
  };
}

export function seededLines(i: number, interviewerName: string) {
  const topic = TOPICS[i % TOPICS.length];
  return [
    { speaker: 'agent' as const, label: interviewerName, text: `Welcome. Tell me about ${topic}.` },
    { speaker: 'user' as const, label: 'You', text: `I handled ${topic} by talking to every team first.` },
    { speaker: 'agent' as const, label: interviewerName, text: 'What was the result?' },
    { speaker: 'user' as const, label: 'You', text: `We shipped on time, call number ${i}.` },
  ];
}

const FILLER_WORDS = (
  'so we looked at the data with the team and then I asked what customers wanted from the product ' +
  'because the timeline was tight and the stakeholders had different priorities for the quarter ' +
  'which meant I had to explain the trade offs clearly and agree on what we would measure next week'
).split(' ');

/** More of the conversation for a long call: varied sentences (never a seeded topic or "number"). */
function fillerLines(i: number, interviewerName: string, chars: number) {
  const lines: string[] = [];
  let seed = Math.imul(i + 1, 2654435761) >>> 0;
  let length = 0;
  for (let n = 0; length < chars; n++) {
    const words: string[] = [];
    for (let w = 0; w < 24; w++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      words.push(FILLER_WORDS[(seed >>> 16) % FILLER_WORDS.length]);
    }
    const line = `${n % 2 ? 'You' : interviewerName}: ${words.join(' ')}.`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines;
}

async function activePresets(db: DbOrTx) {
  const rows = await db
    .select({ id: interviewers.id, name: interviewers.name })
    .from(interviewers)
    .where(livePreset)
    .orderBy(asc(interviewers.id));
  return rows;
}

function transcriptOf(i: number, interviewerName: string, chars: number) {
  const lines = seededLines(i, interviewerName).map((l) => `${l.label}: ${l.text}`);
  if (chars <= 0) return lines.join('\n');
  // the topic opens the call and its number closes it, as in a short one
  return [...lines.slice(0, 2), ...fillerLines(i, interviewerName, chars), ...lines.slice(2)].join('\n');
}

/**
 * The columns of `interviews` seeding writes, declared apart from the schema: an insert names only
 * these, so the migration tests can seed a database as it was before a later column was added.
 */
export const seedableInterviews = pgTable('interviews', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  interviewerId: integer('interviewer_id').notNull(),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }),
  transcript: text('transcript'),
  evaluation: jsonb('evaluation'),
  status: text('status').notNull().default('in_progress'),
  conversationId: text('conversation_id'),
});
const interviews = seedableInterviews;

export async function seedCalls(db: DbOrTx, input: SeedCallsInput) {
  const all = await activePresets(db);
  const chosen = input.interviewerIds
    ? (await db.select({ id: interviewers.id, name: interviewers.name }).from(interviewers)).filter((r) =>
        input.interviewerIds?.includes(r.id),
      )
    : all.slice(0, 3);
  if (chosen.length === 0) throw invalid('No interviewer to seed calls with');
  const now = (input.now ?? new Date()).getTime();
  const day = 86_400_000;
  const unique = `${input.userId}-${now.toString(36)}`;
  const rows = Array.from({ length: input.completed }, (_, i) => {
    const who = chosen[i % chosen.length];
    const start = new Date(now - 3_600_000 - i * day);
    return {
      userId: input.userId,
      interviewerId: who.id,
      startTime: start,
      endTime: new Date(start.getTime() + 600_000),
      transcript: transcriptOf(i, who.name, input.transcriptChars ?? 0),
      evaluation: seededEvaluation(i),
      status: i % 7 === 6 ? 'completed_with_errors' : 'completed',
      conversationId: input.withRecording ? `seed-${unique}-${i}` : null,
    };
  });
  const ids: number[] = [];
  for (let k = 0; k < rows.length; k += 500) {
    const inserted = await db
      .insert(interviews)
      .values(rows.slice(k, k + 500))
      .returning({ id: interviews.id });
    ids.push(...inserted.map((r) => r.id));
  }
  if (input.scoredAgainst && ids.length) {
    await db.execute(sql`update interviews set scored_against = (select ${SCENARIO_COPY} from interviewers
      where interviewers.id = interviews.interviewer_id) where interviews.id = any(${`{${ids.join(',')}}`}::int[])`);
  }
  if (input.withRecording) {
    const timed = ids.flatMap((interviewId, i) =>
      seededLines(i, chosen[i % chosen.length].name).map((l, n) => ({
        interviewId,
        speaker: l.speaker,
        text: l.text,
        startMs: n * 2000,
        endMs: n * 2000 + 1800,
      })),
    );
    for (let k = 0; k < timed.length; k += 1000) await db.insert(utterances).values(timed.slice(k, k + 1000));
  }
  if (input.recording) {
    const { blobs, bytes, contentType } = input.recording;
    for (const row of rows) {
      if (!row.conversationId) continue;
      const writer = blobs.openWriter(recordingKey(row.conversationId), contentType);
      writer.write(bytes);
      await writer.end();
    }
  }
  const unfinished = Array.from({ length: input.unfinished ?? 0 }, (_, i) => ({
    userId: input.userId,
    interviewerId: chosen[i % chosen.length].id,
    startTime: new Date(now - 1_800_000 + i * 1000),
    status: 'in_progress',
  }));
  if (unfinished.length) await db.insert(interviews).values(unfinished);
  return { completedIds: ids };
}

/** A mono 16-bit WAV of a soft tone, long enough for the seeded utterance timings. */
export function toneWav(seconds = 9, sampleRate = 8000): Buffer {
  const samples = seconds * sampleRate;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    buf.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  }
  return buf;
}
