// The session cache against the real change feed: a change made behind the app's back (plain SQL,
// as another server or an operator would) reaches the app through NOTIFY, on both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { sessionCacheSize } from './session-store.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

/** the answer once the notification has been handled (it travels through the database) */
async function eventually(url: string, cookie: string, status: number) {
  const deadline = Date.now() + 5000;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await get(url, cookie)).statusCode;
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  return last;
}

describe('session cache', () => {
  it('remembers a session between reads', async () => {
    const { cookie } = await registerUser(ctx.app);
    expect((await get('/api/interviews', cookie)).statusCode).toBe(200);
    expect(sessionCacheSize(ctx.database.db)).toBe(1);
    expect((await get('/api/interviews', cookie)).statusCode).toBe(200);
  });

  it('a session deleted in the database stops working', async () => {
    const { cookie } = await registerUser(ctx.app);
    expect((await get('/api/interviews', cookie)).statusCode).toBe(200);
    await ctx.database.exec('delete from sessions');
    expect(await eventually('/api/interviews', cookie, 401)).toBe(401);
  });

  it('a user made admin in the database is an admin on the next reads', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    expect((await get('/api/users', cookie)).statusCode).toBe(403);
    await ctx.database.exec(`update users set is_admin = true, role = 'admin' where id = ${Number(user.id)}`);
    expect(await eventually('/api/users', cookie, 200)).toBe(200);
    await ctx.database.exec(`update users set is_admin = false, role = 'user' where id = ${Number(user.id)}`);
    expect(await eventually('/api/users', cookie, 403)).toBe(403);
  });

  it('signing out ends the session at once, and so does a new password', async () => {
    const a = await registerUser(ctx.app);
    expect((await get('/api/interviews', a.cookie)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: a.cookie } });
    expect((await get('/api/interviews', a.cookie)).statusCode).toBe(401);

    const b = await registerUser(ctx.app);
    expect((await get('/api/interviews', b.cookie)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie: b.cookie },
      payload: {
        currentPassword: b.password,
        newPassword: 'another horse battery',
        confirmPassword: 'another horse battery',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/interviews', b.cookie)).statusCode).toBe(401);
  });

  it("an admin's write is checked against the database, not the cache", async () => {
    const { cookie, user } = await registerUser(ctx.app);
    const setAdmin = (on: boolean) =>
      ctx.database.exec(
        `update users set is_admin = ${on}, role = '${on ? 'admin' : 'user'}' where id = ${Number(user.id)}`,
      );
    // with the notifications held back the cache keeps what it first read, so the test decides
    // what it holds: an admin, then demoted behind its back
    await ctx.database.exec('alter table users disable trigger users_session_change');
    try {
      await setAdmin(true);
      expect((await get('/api/users', cookie)).statusCode).toBe(200);
      await setAdmin(false);
      expect((await get('/api/users', cookie)).statusCode).toBe(200); // a read trusts the cache
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie },
        payload: { name: 'Someone New', email: `new-${Date.now()}@example.com` },
      });
      expect(created.statusCode).toBe(403); // a write asks the database
    } finally {
      await ctx.database.exec('alter table users enable trigger users_session_change');
    }
  });

  it('keeps the session through a change of credits alone (every call start makes one)', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    // Another user with two sessions, for the second half; made first, so whatever their sign-up
    // and sign-in notify is handled before the rename below is (notifications arrive in order).
    const other = await registerUser(ctx.app);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: other.email, password: other.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await get('/api/interviews', cookie)).statusCode).toBe(200);
    await ctx.database.exec(`update users set credits = credits + 5 where id = ${Number(user.id)}`);
    await ctx.database.exec(`update users set name = 'Renamed' where id = ${Number(user.id)}`);
    // the rename's notification comes after the credits' (one connection, in order)
    await vi.waitFor(() => expect(sessionCacheSize(ctx.database.db)).toBe(0), {
      timeout: 5000,
      interval: 10,
    });
    expect((await get('/api/interviews', cookie)).statusCode).toBe(200);
    expect(sessionCacheSize(ctx.database.db)).toBe(1);

    // A change that notifies nothing cannot be waited for; a later one that does can. The other
    // user, with two cached sessions, is renamed after the credits change: once the rename's
    // notification has been handled, the credits' (had there been one) was too. Kept, 3 entries
    // go to 1; forgotten, they would go 3 → 2 → 0, never 1.
    for (const c of [other.cookie, sessionCookie(signIn)]) {
      expect((await get('/api/interviews', c)).statusCode).toBe(200);
    }
    expect(sessionCacheSize(ctx.database.db)).toBe(3);
    await ctx.database.exec(`update users set credits = credits + 5 where id = ${Number(user.id)}`);
    await ctx.database.exec(`update users set name = 'Renamed Too' where id = ${Number(other.user.id)}`);
    await vi.waitFor(() => expect(sessionCacheSize(ctx.database.db)).toBeLessThanOrEqual(1), {
      timeout: 5000,
      interval: 10,
    });
    expect(sessionCacheSize(ctx.database.db)).toBe(1);
  });

  it('shows credits changed by a write at once on GET /api/user', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    expect((await get('/api/interviews', cookie)).statusCode).toBe(200);
    await ctx.database.exec(`update users set credits = 7 where id = ${Number(user.id)}`);
    expect((await get('/api/user', cookie)).json().credits).toBe(7);
  });
});
