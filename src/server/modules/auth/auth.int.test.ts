import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';

let ctx: TestContext;
// the waits a failing sign-in asks for (progressive delay), recorded instead of slept
const waits: number[] = [];
beforeAll(async () => {
  ctx = await createTestContext({
    clock: {
      now: () => new Date(),
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  waits.length = 0;
  await ctx.reset();
});

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/register', payload: payload as object, headers });
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical',
  passwordConfirm: 'analytical',
};

describe('register', () => {
  it('creates a user with 1 credit and signs them in', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      credits: 1,
      isAdmin: false,
      role: 'user',
    });
    expect(user).not.toHaveProperty('passwordHash');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('ada@example.com');
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email', 'Invalid email address'],
    [
      { ...valid, password: 'short', passwordConfirm: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [{ ...valid, name: 'A' }, 'name', 'Name must be at least 2 characters'],
    [{ ...valid, passwordConfirm: 'different1' }, 'passwordConfirm', "Passwords don't match"],
  ])('rejects %o with the spec message on the field', async (payload, field, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().message).toBe(message);
  });

  it('refuses a second account with the same email in any letter case (409)', async () => {
    expect((await register(valid)).statusCode).toBe(201);
    const res = await register({ ...valid, email: 'ADA@Example.COM' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it('sets an httpOnly SameSite=Lax session cookie, not Secure over http', async () => {
    const res = await register(valid);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.path).toBe('/');
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
  });
});

describe('login and logout', () => {
  it('signs in with the right password and mints a new session id each time', async () => {
    const { cookie } = await registerUser(ctx.app, { email: 'bob@example.com', password: 'password123' });
    const a = await login('bob@example.com', 'password123');
    const b = await login('BOB@example.com', 'password123');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(new Set([cookie, sessionCookie(a), sessionCookie(b)]).size).toBe(3);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    await registerUser(ctx.app, { email: 'carol@example.com', password: 'password123' });
    const wrong = await login('carol@example.com', 'wrongpassword');
    const unknown = await login('nobody@example.com', 'wrongpassword');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('kills the old session id server-side on logout', async () => {
    const { cookie } = await registerUser(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('answers 429 on the 11th failed login for one email within a minute', async () => {
    await registerUser(ctx.app, { email: 'dave@example.com', password: 'password123' });
    for (let i = 0; i < 10; i++) expect((await login('dave@example.com', 'wrongpass!')).statusCode).toBe(401);
    // from the 5th failure on, each answer is held longer
    expect(waits).toEqual([250, 500, 1000, 2000, 3000, 3000]);
    expect((await login('Dave@example.com', 'wrongpass!')).statusCode).toBe(429);
    expect((await login('dave@example.com', 'password123')).statusCode).toBe(429);
    expect((await login('other@example.com', 'wrongpass!')).statusCode).toBe(401);
  });

  it('answers 401 to GET /api/user when signed out', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('origin check', () => {
  it('refuses a state-changing request from another site with 403', async () => {
    const res = await register(valid, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await login(valid.email, valid.password)).statusCode).toBe(401);
  });

  it('accepts the same origin', async () => {
    const res = await register(valid, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(res.statusCode).toBe(201);
  });
});

describe('malformed bodies never give 5xx', () => {
  const bodies: [string, string][] = [
    ['bad json', '{"email": '],
    ['array', '[1,2,3]'],
    ['wrong types', JSON.stringify({ email: 5, password: true, name: {}, passwordConfirm: [] })],
    ['null', 'null'],
    [
      'huge strings',
      JSON.stringify({
        email: `${'a'.repeat(1_000_000)}@x.com`,
        password: 'b'.repeat(1_000_000),
        name: 'c'.repeat(1_000_000),
        passwordConfirm: 'x',
      }),
    ],
  ];
  for (const url of ['/api/register', '/api/login', '/api/logout', '/api/track/page-view']) {
    it.each(bodies)(`${url}: %s → 4xx`, async (_label, payload) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    });
  }
});
