import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';
import { ensureAdmin } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('ensureAdmin (ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  it('creates the admin once, however often it runs', async () => {
    const { db } = ctx.database;
    await ensureAdmin(db, 'boss@example.com', 'boss-password');
    await ensureAdmin(db, 'Boss@Example.com', 'boss-password');
    const [{ n }] = await db.select({ n: count() }).from(users);
    expect(n).toBe(1);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'boss@example.com', password: 'boss-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ isAdmin: true, role: 'admin' });
  });

  it('promotes an existing account instead of duplicating it, keeping its password', async () => {
    const { user } = await registerUser(ctx.app, { email: 'lead@example.com', password: 'own-password' });
    await ensureAdmin(ctx.database.db, 'lead@example.com', 'other-password');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isAdmin).toBe(true);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'lead@example.com', password: 'own-password' },
    });
    expect(login.statusCode).toBe(200);
  });
});
