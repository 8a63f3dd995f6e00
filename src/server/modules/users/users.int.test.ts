import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, creditLedger, users } from '../../db/schema.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { ensureAdmin } from '../auth/service.js';

let ctx: TestContext;
let adminCookie: string;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.reset();
  adminId = (await ensureAdmin(ctx.database.db, 'root@example.com', 'root-password'))!;
  const res = await login('root@example.com', 'root-password');
  adminCookie = sessionCookie(res);
});

const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: adminCookie } });

describe('admin user management', () => {
  it('is refused to visitors (401) and users (403)', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    const routes: [string, string][] = [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['PATCH', `/api/users/${user.id}`],
      ['PATCH', `/api/users/${user.id}/resetPassword`],
      ['GET', '/api/audit-log'],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? undefined : { name: 'Xy', email: 'x@example.com' };
      const visitor = await ctx.app.inject({ method: method as 'GET', url, payload });
      const member = await ctx.app.inject({ method: method as 'GET', url, payload, headers: { cookie } });
      expect([method, url, visitor.statusCode]).toEqual([method, url, 401]);
      expect([method, url, member.statusCode]).toEqual([method, url, 403]);
    }
  });

  it('creates a user with a random temporary password that works once and forces a change', async () => {
    const res = await asAdmin('POST', '/api/users', { name: 'Temp Person', email: 'temp@example.com' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ credits: 5, isAdmin: false, mustChangePassword: true });
    expect(created.temporaryPassword).toMatch(/^[\w-]{12,}$/);

    const first = await login('temp@example.com', created.temporaryPassword);
    expect(first.statusCode).toBe(200);
    const cookie = sessionCookie(first);
    // Everything but the password change is closed until a new password is set.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/interviewers', headers: { cookie } })).statusCode,
    ).toBe(403);
    expect((await login('temp@example.com', created.temporaryPassword)).statusCode).toBe(401);

    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: {
        currentPassword: created.temporaryPassword,
        newPassword: 'my-own-pass',
        confirmPassword: 'my-own-pass',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().mustChangePassword).toBe(false);
    expect((await login('temp@example.com', 'my-own-pass')).statusCode).toBe(200);
  });

  it('two creations never share a password', async () => {
    const a = (await asAdmin('POST', '/api/users', { name: 'Aa', email: 'a@example.com' })).json();
    const b = (await asAdmin('POST', '/api/users', { name: 'Bb', email: 'b@example.com' })).json();
    expect(a.temporaryPassword).not.toBe(b.temporaryPassword);
  });

  it('refuses a taken email in any case (409) and bad fields (400 with the spec message)', async () => {
    await registerUser(ctx.app, { email: 'taken@example.com' });
    expect((await asAdmin('POST', '/api/users', { name: 'Tt', email: 'TAKEN@example.com' })).statusCode).toBe(
      409,
    );
    const bad = await asAdmin('POST', '/api/users', { name: 'T', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email address',
    });
    expect(
      (await asAdmin('POST', '/api/users', { name: 'Tt', email: 'c@example.com', credits: -3 })).statusCode,
    ).toBe(400);
  });

  it('edits name, email, credits and admin flag; credits changes are in the ledger and audit log', async () => {
    const { user } = await registerUser(ctx.app);
    const res = await asAdmin('PATCH', `/api/users/${user.id}`, {
      name: 'Renamed',
      credits: 12,
      isAdmin: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', credits: 12, isAdmin: true, role: 'admin' });
    const ledger = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([
      ['signup', 1],
      ['admin', 11],
    ]);
    const audit = await asAdmin('GET', '/api/audit-log');
    expect(audit.json().items[0]).toMatchObject({ action: 'user.update', actorEmail: 'root@example.com' });
    expect(await ctx.database.db.select().from(auditLog)).toHaveLength(1);
  });

  it('never lets an admin remove their own admin flag, nor demote the last admin', async () => {
    const self = await asAdmin('PATCH', `/api/users/${adminId}`, { isAdmin: false });
    expect(self.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, adminId));
    expect(row.isAdmin).toBe(true);
  });

  it('resets a password: old sessions end, the temporary password forces a change', async () => {
    const { cookie, user, email } = await registerUser(ctx.app);
    const res = await asAdmin('PATCH', `/api/users/${user.id}/resetPassword`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User password has been reset');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
    const signIn = await login(email, res.json().temporaryPassword);
    expect(signIn.json().mustChangePassword).toBe(true);
  });

  it('lists with search (case-insensitive), admins-only filter and pages of 5', async () => {
    for (let i = 0; i < 7; i++) await registerUser(ctx.app, { name: `Searchable ${i}` });
    const page1 = (await asAdmin('GET', '/api/users?page=1&pageSize=5&search=SEARCHABLE')).json();
    expect(page1.total).toBe(7);
    expect(page1.items).toHaveLength(5);
    const page2 = (await asAdmin('GET', '/api/users?page=2&pageSize=5&search=searchable')).json();
    expect(page2.items).toHaveLength(2);
    const admins = (await asAdmin('GET', '/api/users?page=1&adminsOnly=true')).json();
    expect(admins.items.map((u: { email: string }) => u.email)).toEqual(['root@example.com']);
    const plain = (await asAdmin('GET', '/api/users')).json();
    expect(plain).toHaveLength(8);
    expect(plain[0]).not.toHaveProperty('passwordHash');
  });

  it('answers 404 for an unknown user and 400 for a bad id, never 5xx', async () => {
    expect((await asAdmin('PATCH', '/api/users/999999', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/users/abc', { name: 'Nobody' })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/users/-1/resetPassword')).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/users/1', { credits: 'lots' })).statusCode).toBe(400);
  });
});
