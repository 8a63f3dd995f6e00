// The shared request schemas for dates and free-form JSON (issue 19 §7): what they accept is what
// the server can store and write back.
import { describe, expect, it } from 'vitest';
import { boundedJson, DATE_TIME_RANGE_MESSAGE, isoDateTime, jsonDepth, MAX_JSON_DEPTH } from './common.js';

describe('isoDateTime', () => {
  const schema = isoDateTime();
  const issue = (value: string) => schema.safeParse(value).error?.issues[0]?.message;

  it.each([
    '1970-01-01T00:00:00Z',
    '2026-05-01T09:30:00+02:00',
    '2026-05-01T09:30:00.123456Z',
    '9999-12-31T23:59:59.999Z',
    // 9999-12-31T09:59:59Z in UTC
    '9999-12-31T23:59:59+14:00',
  ])('accepts %s', (value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['0000-01-01T00:00:00Z'],
    ['1969-12-31T23:59:59.999Z'],
    // midnight in UTC+00:01 is a minute before 1970 in UTC
    ['1970-01-01T00:00:00+00:01'],
    // 10000-01-01T13:59:59Z in UTC
    ['9999-12-31T23:59:59-14:00'],
  ])('refuses %s: its instant is outside 1970–9999 UTC', (value) => {
    expect(issue(value)).toBe(DATE_TIME_RANGE_MESSAGE);
  });

  it('still refuses what is not a date and time with an offset', () => {
    for (const value of ['2026-05-01', '2026-05-01T09:30:00', '2026-02-30T00:00:00Z', 'tomorrow']) {
      expect(schema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('jsonDepth and boundedJson', () => {
  const nest = (depth: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { v: value };
    return value;
  };

  it('counts objects and arrays, not scalars', () => {
    expect(jsonDepth('text')).toBe(0);
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: 2 }], c: 'x' })).toBe(3);
    expect(jsonDepth(nest(10))).toBe(10);
  });

  it('stops counting past the limit, without recursion, however deep the value is', () => {
    expect(jsonDepth(nest(200_000), 32)).toBe(33);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(boundedJson().safeParse(nest(MAX_JSON_DEPTH)).success).toBe(true);
    expect(boundedJson().safeParse(nest(MAX_JSON_DEPTH + 1)).error?.issues[0]?.message).toBe(
      `Nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
    );
    expect(boundedJson().safeParse({ overallScore: 7, criteria: [{ name: 'Clarity' }] }).success).toBe(true);
  });
});
