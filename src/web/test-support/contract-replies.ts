// Replies for a web test's fake `fetch`, built from the shared contracts so that a fake cannot say
// what the server cannot: a body is typed by the zod schema its route answers with and parsed by
// it (the schema the server serializes with), and an error has the one error shape. A contract
// that changes breaks the fakes at compile time and at run time, instead of leaving tests green
// against replies the server no longer sends.
import type { Interview } from '@shared/contracts/calls';
import { interviewResponse } from '@shared/contracts/calls';
import { type ErrorResponse, errorResponse } from '@shared/contracts/common';
import type { EvaluationOutcome } from '@shared/contracts/evaluation';
import { evaluationOutcome } from '@shared/contracts/evaluation';
import { type Interviewer, interviewerResponse } from '@shared/contracts/scenarios';
import type { z } from 'zod';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A success reply whose body is what `schema` (the route's response contract) lets through. */
export function contractReply<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): Response {
  return json(status, schema.parse(body));
}

/** An error reply in the server's one error shape (http/errors.ts). */
export function errorReply(status: number, body: ErrorResponse): Response {
  if (status < 400) throw new Error(`an error reply needs an error status, not ${status}`);
  return json(status, errorResponse.parse(body));
}

/** A call as GET /api/interviews/:id answers it; `evaluation` checked against the outcome contract. */
export function fakeInterview(
  fields: Partial<Omit<Interview, 'evaluation'>> & { evaluation?: EvaluationOutcome | null } = {},
): Interview {
  const { evaluation = null, ...rest } = fields;
  return interviewResponse.parse({
    id: 1,
    userId: 1,
    type: 'single',
    startTime: '2026-01-05T10:00:00.000Z',
    endTime: '2026-01-05T10:12:00.000Z',
    interviewerId: 1,
    trackScenarioId: null,
    transcript: null,
    evaluation: evaluation === null ? null : evaluationOutcome.parse(evaluation),
    conversationId: null,
    callRating: null,
    callRatingNote: null,
    evaluationRating: null,
    evaluationRatingNote: null,
    notes: null,
    status: 'completed',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...rest,
  });
}

/** A scenario as GET /api/interviewers answers it: a preset interview persona unless `fields` say otherwise. */
export function fakeScenario(fields: Partial<Interviewer> = {}): Interviewer {
  return interviewerResponse.parse({
    id: 1,
    name: 'Sarah Chen',
    role: 'Group Product Manager',
    company: 'Brightline Payments',
    avatar: '',
    bio: 'Leads merchant onboarding.',
    voiceId: 'sarah',
    sampleQuestions: ['Design a product for small merchants.'],
    callType: 'Product Management Interview',
    systemPrompt: 'You are Sarah.',
    welcomeMessage: 'Hello!',
    rubricId: null,
    rubricName: 'Product Sense',
    rubricCriteria: [{ name: 'User empathy', description: 'Understands the merchant.' }],
    isCustomScenario: false,
    addedBy: null,
    userId: null,
    isArchived: false,
    archivedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  });
}
