// What the logs may hold (issue 19 §9): no voice token in a URL, no failed query's parameters.
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableUrl, serializeError } from './log-serializers.js';

describe('loggableUrl', () => {
  it('redacts the voice gateway token, in any spelling the router would accept', () => {
    for (const url of [
      '/api/voice/vt_abc123',
      '/api/voice/vt_abc123?resume=1',
      '//api//voice/vt_abc123',
      '/api/voic%65/vt_abc123',
      '/API/Voice/vt_abc123',
    ]) {
      expect(loggableUrl(url)).toBe('/api/voice/[redacted]');
    }
  });

  it('keeps every other URL as it came', () => {
    for (const url of [
      '/api/interviews/12?page=2',
      '/api/voices',
      '/calls/voice/x',
      '/api/interviews/%E0%A4%A',
    ]) {
      expect(loggableUrl(url)).toBe(url);
    }
  });
});

describe('serializeError', () => {
  const SECRET = 'a3f1-session-hash-and-what-the-user-typed';
  const failedQuery = () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    return new DrizzleQueryError('select * from sessions where id_hash = $1', [SECRET, 'line\nbreak'], cause);
  };

  it('keeps the query, the causes and the codes, and withholds the parameters everywhere', () => {
    const out = serializeError(failedQuery()) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(JSON.stringify(out)).not.toMatch(/params:/);
    expect(out.params).toBeUndefined();
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      message:
        'Failed query: select * from sessions where id_hash = $1 (parameters withheld): connect ECONNREFUSED 127.0.0.1:5432',
      query: 'select * from sessions where id_hash = $1',
    });
    expect(out.stack).toMatch(/^Error: Failed query: select .* \(parameters withheld\)\n {4}at /);
    expect(out.stack).toContain('caused by: Error: connect ECONNREFUSED');
  });

  it('withholds them when the failed query is itself a cause', () => {
    const outer = new Error('could not start the call', { cause: failedQuery() });
    const out = serializeError(outer) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(out.message).toBe(
      'could not start the call: Failed query: select * from sessions where id_hash = $1 (parameters withheld): connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('serializes any other error as pino does', () => {
    const err = Object.assign(new TypeError('boom'), { code: 'E_BOOM', statusCode: 500 });
    expect(serializeError(err)).toEqual({
      type: 'TypeError',
      message: 'boom',
      stack: err.stack,
      code: 'E_BOOM',
      statusCode: 500,
    });
    expect(serializeError('not an error')).toBe('not an error');
  });
});
