// What a request answers while the database is away (issue 12 §4): 503 with a message for people,
// never a stack trace or a query. Shared by the outage tests on PGlite and on PostgreSQL.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const UNAVAILABLE = 'The service is temporarily unavailable, please try again';

export function expectCleanFailure(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ message: UNAVAILABLE });
  expect(res.body).not.toMatch(/ at |stack|node_modules|Failed query/);
}
