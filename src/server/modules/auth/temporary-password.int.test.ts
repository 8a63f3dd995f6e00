// Issue 23 §4: after signing in with a temporary password the account chooses its own without
// typing the temporary one again. The proof is the session that sign-in opened, for
// TEMPORARY_SIGN_IN_MS; no other session of the account, and no older one, may do it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { ensureAdmin, TEMPORARY_SIGN_IN_EXPIRED } from './service.js';
import { createSession, TEMPORARY_SIGN_IN_MS } from './session-store.js';

let ctx: TestContext;
let now = Date.now();
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ clock: { now: () => new Date(now) } });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  now = Date.now();
  await ctx.reset();
  await ensureAdmin(ctx.database.db, 'root@example.com', 'root-password');
  adminCookie = sessionCookie(await login('root@example.com', 'root-password'));
});

const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const setPassword = (cookie: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/password', headers: { cookie }, payload });
const NEW = { newPassword: 'my-own-password', confirmPassword: 'my-own-password' };

async function createdUser(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: adminCookie },
    payload: { name: 'Temp Person', email },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; temporaryPassword: string };
}

describe('choosing a password after a temporary one', () => {
  it('needs only the new password from the session that signed in with the temporary one', async () => {
    const created = await createdUser('fresh@example.com');
    const cookie = sessionCookie(await login('fresh@example.com', created.temporaryPassword));
    now += TEMPORARY_SIGN_IN_MS - 60_000;
    const res = await setPassword(cookie, NEW);
    expect(res.statusCode).toBe(200);
    expect(res.json().mustChangePassword).toBe(false);
    expect((await login('fresh@example.com', 'my-own-password')).statusCode).toBe(200);
    expect((await login('fresh@example.com', created.temporaryPassword)).statusCode).toBe(401);
  });

  it('refuses once the temporary sign-in is older than the window (403, the account still locked)', async () => {
    const created = await createdUser('late@example.com');
    const cookie = sessionCookie(await login('late@example.com', created.temporaryPassword));
    now += TEMPORARY_SIGN_IN_MS + 1000;
    const res = await setPassword(cookie, { ...NEW, currentPassword: created.temporaryPassword });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEMPORARY_SIGN_IN_EXPIRED);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, created.id));
    expect(row.mustChangePassword).toBe(true);
    expect((await login('late@example.com', 'my-own-password')).statusCode).toBe(401);
  });

  it('refuses a session of the account that was not opened with the temporary password', async () => {
    const created = await createdUser('other@example.com');
    // e.g. a sign-in with the old password that raced an admin's reset
    const token = await createSession(ctx.database.db, created.id, new Date(now));
    const res = await setPassword(`sid=${token}`, NEW);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEMPORARY_SIGN_IN_EXPIRED);
  });

  it('still asks any other account for its current password', async () => {
    const { cookie, password } = await registerUser(ctx.app);
    const missing = await setPassword(cookie, NEW);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Current password is incorrect');
    const wrong = await setPassword(cookie, { ...NEW, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect((await setPassword(cookie, { ...NEW, currentPassword: password })).statusCode).toBe(200);
  });

  it('lets one of two simultaneous sign-ins with the same temporary password in', async () => {
    const created = await createdUser('twice@example.com');
    const both = await Promise.all([
      login('twice@example.com', created.temporaryPassword),
      login('twice@example.com', created.temporaryPassword),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });
});
