// What the server's logs may hold (issue 19 §9). Fastify logs every request's URL and the handlers
// log errors as `{ err }`; two things in those must never reach a log file:
// - a voice token: the built-in gateway's signed URL is /api/voice/<token>, a bearer credential
//   for a live call, so the request serializer writes /api/voice/[redacted];
// - the values a failed query was run with: drizzle's error says "Failed query: <sql>\nparams:
//   <values>", and the values are session hashes, emails, what a user typed. The error serializer
//   keeps the SQL and the causes and withholds the values (from the message, the stack and the
//   error's `params`).
import type { FastifyError, FastifyRequest } from 'fastify';
import { VOICE_PATH_PREFIX } from './voice-path.js';

const VOICE_PATH = /^\/+api\/+voice\//i;
const REDACTED_VOICE_URL = `${VOICE_PATH_PREFIX}[redacted]`;

/** The URL as it may be logged: a voice gateway URL loses its token (and query). */
export function loggableUrl(url: string): string {
  const path = url.split('?')[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a badly encoded path is logged as received, unless it names the voice gateway
  }
  return VOICE_PATH.test(path) || VOICE_PATH.test(decoded) ? REDACTED_VOICE_URL : url;
}

/** Fastify's own request serializer, with the URL made loggable. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    version: [req.headers?.['accept-version']].flat().join(',') || undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

type FailedQuery = ErrorLike & { query: string };
const isFailedQuery = (e: ErrorLike): e is FailedQuery =>
  typeof e.query === 'string' && 'params' in e && e.message.startsWith('Failed query:');
const withheld = (e: FailedQuery) => `Failed query: ${e.query} (parameters withheld)`;

const MAX_CAUSES = 10;
const MAX_NESTING = 3;

/**
 * pino's standard error serializer (type, message and stack with their causes, the error's own
 * fields), except that a failed query's parameters are withheld wherever they appear.
 */
export function serializeError(err: unknown, nesting = 0): unknown {
  if (!isErrorLike(err)) return err;
  const chain: ErrorLike[] = [];
  for (let e: unknown = err; isErrorLike(e) && chain.length < MAX_CAUSES && !chain.includes(e); e = e.cause) {
    chain.push(e);
  }
  const message = (e: ErrorLike) => (isFailedQuery(e) ? withheld(e) : e.message);
  const stack = (e: ErrorLike) => {
    const text = typeof e.stack === 'string' ? e.stack : '';
    return isFailedQuery(e) ? text.split(e.message).join(withheld(e)) : text;
  };
  const out: Record<string, unknown> = {
    type: typeof err.constructor === 'function' ? err.constructor.name : err.name,
    message: chain.map(message).join(': '),
    stack: chain.map(stack).join('\ncaused by: '),
  };
  if (Array.isArray(err.errors) && nesting < MAX_NESTING) {
    out.aggregateErrors = err.errors.map((e) => serializeError(e, nesting + 1));
  }
  for (const key in err) {
    if (key in out || key === 'cause' || (key === 'params' && isFailedQuery(err))) continue;
    const value = err[key];
    if (!isErrorLike(value)) out[key] = value;
    else if (nesting < MAX_NESTING) out[key] = serializeError(value, nesting + 1);
  }
  return out;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Fastify logger `serializers` */
export const logSerializers = {
  req: serializeRequest,
  err: (err: FastifyError) => serializeError(err) as SerializedError,
};
