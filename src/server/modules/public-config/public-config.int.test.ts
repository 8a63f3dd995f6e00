import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support/test-app.js';

describe('public config', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SUPPORT_EMAIL: 'help@practice.example' } });
  });
  afterAll(() => ctx.close());

  it('tells a visitor the support address and nothing secret', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ supportEmail: 'help@practice.example' });
  });
});
