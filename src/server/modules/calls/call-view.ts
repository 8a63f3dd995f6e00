// The API form of one interview row (spec field names, ISO dates, joined interviewer fields).
import type { Interview, ListedInterview } from '../../../shared/contracts/calls.js';
import type { interviews } from '../../db/schema.js';

export type InterviewRow = typeof interviews.$inferSelect;

const asRating = (v: number | null) => (v === 0 || v === 1 || v === 2 ? v : null);

export function toInterviewView(
  row: InterviewRow,
  joined?: { interviewerName: string; interviewerCallType: string },
): Interview {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime ? row.endTime.toISOString() : null,
    interviewerId: row.interviewerId,
    trackScenarioId: row.trackScenarioId,
    transcript: row.transcript,
    evaluation: row.evaluation ?? null,
    conversationId: row.conversationId,
    callRating: asRating(row.callRating),
    callRatingNote: row.callRatingNote,
    evaluationRating: asRating(row.evaluationRating),
    evaluationRatingNote: row.evaluationRatingNote,
    notes: row.notes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...(joined ?? {}),
  };
}

/** A row of the list queries (find-calls.ts `listColumns`): the call with its scenario's name and type. */
export type ListedInterviewRow = InterviewRow & { interviewerName: string; interviewerCallType: string };

export const toListedInterviewView = (row: ListedInterviewRow): Interview =>
  toInterviewView(row, {
    interviewerName: row.interviewerName,
    interviewerCallType: row.interviewerCallType,
  });

/** A listed call as the list was asked for it: without its transcript when `withTranscript` is false. */
export function toListedView(row: ListedInterviewRow, withTranscript: boolean): ListedInterview {
  const { transcript, ...rest } = toListedInterviewView(row);
  return withTranscript ? { ...rest, transcript } : rest;
}
