// Domain errors: what went wrong in the caller's terms (bad input, not theirs, not there, already
// done...), not in HTTP's. Modules throw these; http/errors.ts is the one place that turns a kind
// into a status code, so a service never needs to know it is behind an HTTP API.

export type DomainErrorKind =
  /** the input breaks a rule (400) */
  | 'invalid'
  /** nobody is signed in, or the credentials are wrong (401) */
  | 'unauthorized'
  /** the user has not got the credits to do it, or the card was declined (402) */
  | 'payment_required'
  /** signed in, but not allowed to (403) */
  | 'forbidden'
  /** there is no such thing, or the caller may not know it exists (404) */
  | 'not_found'
  /** the thing's state does not allow it (already done, already exists) (409) */
  | 'conflict'
  /** the request was fine but what a model produced from it is not usable (422) */
  | 'unprocessable'
  /** too many attempts in too short a time (429) */
  | 'too_many'
  /** a service we depend on (voice, payments, a model) failed us (502) */
  | 'upstream_failed'
  /** a feature is not configured or not reachable right now (503) */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** per-field messages, sent to the client beside the message */
    readonly errors?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const invalid = (message: string, errors?: Record<string, string>) =>
  new DomainError('invalid', message, errors);
export const unauthorized = (message = 'Not signed in') => new DomainError('unauthorized', message);
export const forbidden = (message = 'Forbidden', errors?: Record<string, string>) =>
  new DomainError('forbidden', message, errors);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const paymentRequired = (message = "You don't have enough credits") =>
  new DomainError('payment_required', message);
export const tooMany = (message = 'Too many requests, please try again later') =>
  new DomainError('too_many', message);
export const unprocessable = (message: string, errors?: Record<string, string>) =>
  new DomainError('unprocessable', message, errors);
export const upstreamFailed = (message: string, cause?: unknown) =>
  new DomainError('upstream_failed', message, undefined, cause === undefined ? undefined : { cause });
export const unavailable = (message: string, errors?: Record<string, string>) =>
  new DomainError('unavailable', message, errors);
