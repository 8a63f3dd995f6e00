import type { TrendPoint } from '@shared/contracts/call-review';
import type { Interview } from '@shared/contracts/calls';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError } from './api';
import { api, apiPath, listForm, pageForm } from './api-client';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

describe('apiPath', () => {
  it('fills and encodes path parameters and appends the defined query values', () => {
    expect(apiPath('/api/payment-status/:paymentIntentId', { params: { paymentIntentId: 'pi/1 2' } })).toBe(
      '/api/payment-status/pi%2F1%202',
    );
    expect(
      apiPath('/api/interviews', { query: { userId: 3, page: 1, search: '', callType: undefined } }),
    ).toBe('/api/interviews?userId=3&page=1');
  });

  it('refuses a missing parameter rather than request a wrong path', () => {
    expect(() => apiPath('/api/interviews/:id')).toThrow(/missing parameter id/);
  });
});

describe('api', () => {
  it('sends a POST with its JSON body, credentials and keepalive', async () => {
    const fetchMock = stubFetch(200, { id: 7 });
    await api.post('/api/interviews/:id/end', {
      params: { id: 7 },
      body: { conversationId: 'c1' },
      keepalive: true,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/interviews/7/end');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true });
    expect(init?.body).toBe('{"conversationId":"c1"}');
  });

  it('sends {} for a POST without a body and no body for a GET', async () => {
    const fetchMock = stubFetch(200, []);
    await api.post('/api/interviews/:id/re-evaluate', { params: { id: 1 } });
    await api.get('/api/interviews/trends', { query: { limit: 50 } });
    expect(fetchMock.mock.calls[0][1]?.body).toBe('{}');
    expect(fetchMock.mock.calls[1][0]).toBe('/api/interviews/trends?limit=50');
    expect(fetchMock.mock.calls[1][1]?.body).toBeUndefined();
  });

  it('throws the same ApiError as apiRequest', async () => {
    stubFetch(401, { message: 'Not authenticated' });
    const err = await api.get('/api/interviews/:id', { params: { id: 1 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Not authenticated' });
  });

  it('types requests and answers from the route table', () => {
    expectTypeOf(api.get<'/api/interviews/:id'>).returns.resolves.toEqualTypeOf<Interview>();
    expectTypeOf(api.get<'/api/interviews/trends'>).returns.resolves.toEqualTypeOf<TrendPoint[]>();
    // @ts-expect-error a path parameter is required
    void (() => api.get('/api/interviews/:id'));
    // @ts-expect-error the body must match the contract
    void (() => api.post('/api/interviews', { body: { type: 'group' } }));
    // @ts-expect-error not a route of the table
    void (() => api.get('/api/nowhere'));
  });
});

describe('list and page forms', () => {
  it('narrow a list-or-page answer and refuse the other form', () => {
    expect(listForm([1])).toEqual([1]);
    expect(pageForm({ items: [], total: 0 })).toEqual({ items: [], total: 0 });
    expect(() => pageForm([1])).toThrow();
    expect(() => listForm({ items: [], total: 0 })).toThrow();
  });
});
