// The shared route table (src/shared/contracts/routes.ts), which types the web's API client, is
// the server's own: every entry is a route the server registers, with the same query, body and
// success-response schemas. Schemas are compared as the JSON Schema they describe, so a route that
// builds an equal schema inline still passes and any difference in shape fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes, type RouteContract } from '../../shared/contracts/routes.js';
import { collectRoutes, type RegisteredRoute, routeKey } from '../test-support/route-table.js';
import { createTestContext, type TestContext } from '../test-support/test-app.js';

let ctx: TestContext;
let registered: Map<string, RegisteredRoute>;

beforeAll(async () => {
  const collected = await collectRoutes(() => createTestContext());
  ctx = collected.built;
  registered = new Map(collected.routes.map((r) => [routeKey(r), r]));
});
afterAll(() => ctx?.close());

const shape = (schema: unknown, io: 'input' | 'output') =>
  schema === undefined ? undefined : z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' });

describe('the shared route table', () => {
  const entries = Object.entries(apiRoutes) as [string, RouteContract][];

  it.each(entries)('%s is registered with the same schemas', (key, contract) => {
    const route = registered.get(key);
    expect(route, `${key} is not a server route`).toBeDefined();
    const schema = (route?.schema ?? {}) as {
      querystring?: unknown;
      body?: unknown;
      response?: Record<number, unknown>;
    };
    expect(shape(schema.querystring, 'input')).toEqual(shape(contract.query, 'input'));
    expect(shape(schema.body, 'input')).toEqual(shape(contract.body, 'input'));
    const status = contract.status ?? 200;
    expect(Object.keys(schema.response ?? {})).toContain(String(status));
    expect(shape(schema.response?.[status], 'output')).toEqual(shape(contract.response, 'output'));
  });

  it('path parameters are declared as the server declares them', () => {
    for (const key of Object.keys(apiRoutes)) {
      const route = registered.get(key)!;
      expect(route.hasParams, key).toBe(key.includes('/:'));
    }
  });
});
