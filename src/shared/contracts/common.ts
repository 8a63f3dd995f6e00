import { z } from 'zod';

/** Every error body: a message, and per-field messages for validation errors. */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A numeric id in a path: positive integer, rejected with 400 otherwise. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number() });

// Dates the server can store and write back: an ISO date and time with its offset ('Z' or
// '+02:00') whose instant, in UTC, lies between 1970 and the end of year 9999. Outside that range
// PostgreSQL or Date#toISOString cannot round-trip it (year 0, or '9999-12-31T23:59:59-14:00',
// which is year 10000 in UTC), so such a value is a 400 here rather than a 500 further on.
const EARLIEST_INSTANT = Date.UTC(1970, 0, 1);
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const DATE_TIME_RANGE_MESSAGE = 'Must be a date and time between 1970 and 9999 (UTC)';

export const isInstantInRange = (value: string) => {
  const instant = Date.parse(value);
  return instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT;
};

/** The one schema for every date-time field of the API's requests. */
export const isoDateTime = () =>
  z.iso.datetime({ offset: true }).refine(isInstantInRange, { message: DATE_TIME_RANGE_MESSAGE });

// Free-form JSON (an evaluation an admin corrects by hand) is nested at most this deep: deeper
// values are refused before anything walks them recursively (a serializer, PostgreSQL's jsonb).
export const MAX_JSON_DEPTH = 32;

/**
 * How deep `value` nests objects and arrays, counted without recursion and only as far as
 * `limit + 1`, so the check itself is cheap and safe on any parsed body. A scalar is depth 0,
 * `{}` and `[]` depth 1.
 */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) pending.push([child, level]);
  }
  return deepest;
}

/** Any JSON value nested at most MAX_JSON_DEPTH levels. */
export const boundedJson = () =>
  z.unknown().refine((value) => jsonDepth(value) <= MAX_JSON_DEPTH, {
    message: `Nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
  });
