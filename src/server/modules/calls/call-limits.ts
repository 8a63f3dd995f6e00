// The server's own call timer: a call may run CALL_LENGTH_SECONDS from its creation (the
// browser's countdown starts a moment later when the voice connects, hence a short grace).
// Creation time is the server's clock; the client's startTime is never trusted for the limit.
import { CALL_LENGTH_SECONDS } from '../../../shared/domain/limits.js';

export const CALL_GRACE_MS = 60_000;
export const CALL_LIMIT_MS = CALL_LENGTH_SECONDS * 1000 + CALL_GRACE_MS;

export const callDeadline = (createdAt: Date) => new Date(createdAt.getTime() + CALL_LIMIT_MS);

export const isPastDeadline = (createdAt: Date, now: Date) =>
  now.getTime() > callDeadline(createdAt).getTime();
