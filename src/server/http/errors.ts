// Turns every thrown error into the API's JSON error form { message, errors? } with the right
// 4xx code. Only a real server fault becomes 5xx, and its body never carries a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { DomainError, type DomainErrorKind } from '../errors.js';
import { holdsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text.js';

/** The one table from a domain error's kind to the status the API answers with. */
const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many: 429,
  upstream_failed: 502,
  unavailable: 503,
};

/**
 * An answer that is HTTP by nature, with its status already chosen (the voice gateway's refusals
 * before a WebSocket upgrade). Everything else throws a DomainError.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Collapses validation issues into one message per field (first issue wins). */
export function fieldErrors(issues: { instancePath?: string; message?: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    if (!(field in out)) out[field] = issue.message ?? 'Invalid value';
  }
  return out;
}

const DB_UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

// Node's connection errors and node-postgres's own messages for a lost or unobtainable
// connection. Drizzle wraps the driver's error (the code is on `cause`), so the chain is walked.
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|connection error/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (DB_UNAVAILABLE_CODES.has(code) || CONNECTION_ERROR_CODES.has(code))) {
      return true;
    }
    if (LOST_CONNECTION.test(e.message)) return true;
  }
  return false;
}

// Text PostgreSQL refuses to store or compare (a NUL byte, a character outside UTF-8): bad input,
// so 400, wherever in the request it came from.
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

export function isUnstorableText(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
  }
  return false;
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a badly
 * percent-encoded path, a path parameter over maxParamLength) gets the API's error shape too,
 * not Fastify's { error, code, message, statusCode }.
 */
export function answerFrameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(414).send({ message: 'The URL is too long' });
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ message: 'Bad request' });
  reply.log.error({ err }, 'unhandled framework error');
  return reply.code(500).send({ message: 'Internal server error' });
}

export function registerErrorHandling(app: FastifyInstance) {
  // a body whose text the database would refuse is refused before any route writes a thing
  app.addHook('preValidation', async (req) => {
    if (typeof req.body === 'object' && holdsUnstorableText(req.body)) {
      throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
    }
  });
  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    if (err instanceof DomainError) {
      return reply.code(STATUS_BY_KIND[err.kind]).send({ message: err.message, errors: err.errors });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ message: err.message, errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err.validation);
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return reply.code(400).send({ message: first, errors });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ message: 'Request body is not valid JSON' });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ message: 'Request body is too large' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: 'Unsupported content type' });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({ message: 'Too many requests, please try again later' });
    }
    if (isUnstorableText(err)) {
      return reply.code(400).send({ message: UNSTORABLE_TEXT_MESSAGE });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply.code(503).send({ message: 'The service is temporarily unavailable, please try again' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}
