// Issue 19 §1–§3: sign-in throttling that an attacker cannot turn against a victim, that limits
// guessing spread over many emails, and client addresses an attacker cannot spoof.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { App } from '../../http/types.js';
import {
  createTestContext,
  registerUser,
  type TestContext,
  testConfig,
} from '../../test-support/test-app.js';
import { DEVICE_COOKIE } from './known-devices.js';
import { GLOBAL_RECHECK_MS, REFUSAL_HOLD_MS, THROTTLE_MESSAGES } from './login-throttle.js';

let ctx: TestContext;
let app: App;
// the waits a failing sign-in asks for (progressive delay), recorded instead of slept
const waits: number[] = [];
// how far the server's clock is ahead of the real one (a test steps it)
let ahead = 0;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { REGISTER_RATE_LIMIT: '1000' },
    clock: {
      now: () => new Date(Date.now() + ahead),
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  });
  app = await buildApp(
    {
      ...ctx.deps,
      config: testConfig({
        REGISTER_RATE_LIMIT: '1000',
        LOGIN_FAILURE_LIMIT: '10',
        LOGIN_IP_FAILURE_LIMIT: '15',
        LOGIN_GLOBAL_FAILURE_LIMIT: '16',
      }),
    },
    { logger: false },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});
beforeEach(async () => {
  waits.length = 0;
  await ctx.reset();
});

const login = (email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in throttling', () => {
  it('never refuses the owner’s correct password because someone else has been failing on the account', async () => {
    const victim = await registerUser(app);
    for (let i = 0; i < 10; i++) {
      expect((await login(victim.email, `wrong guess ${i}`, '203.0.113.66')).statusCode).toBe(401);
    }
    // from the 5th failure on the account, each answer is held longer
    expect(waits).toEqual([250, 500, 1000, 2000, 3000, 3000]);
    const attacker = await login(victim.email, 'wrong again', '203.0.113.66');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().message).toBe(THROTTLE_MESSAGES.account);
    // the attacker's guess is refused even when right: that client has been failing on this account
    expect((await login(victim.email, victim.password, '203.0.113.66')).statusCode).toBe(429);
    // the owner, from their own network, signs in as usual
    expect((await login(victim.email, victim.password, '198.51.100.7')).statusCode).toBe(200);
  });

  it('counts a wrong current password given to change it as a failed sign-in: a session cannot guess past the limit', async () => {
    const victim = await registerUser(app);
    const change = (currentPassword: string, ip: string, cookie = victim.cookie) =>
      app.inject({
        method: 'POST',
        url: '/api/user/password',
        headers: { cookie },
        payload: { currentPassword, newPassword: 'brand new pass 1', confirmPassword: 'brand new pass 1' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) {
      const res = await change(`wrong guess ${i}`, '203.0.113.88');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Current password is incorrect');
    }
    // held as a failing sign-in's answers are
    expect(waits).toEqual([250, 500, 1000, 2000, 3000, 3000]);
    const refused = await change('wrong again', '203.0.113.88');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(THROTTLE_MESSAGES.account);
    // the same client is refused at the sign-in too: the guesses were counted on the account
    expect((await login(victim.email, 'one more guess', '203.0.113.88')).statusCode).toBe(429);
    // the owner elsewhere changes it as usual, and signs in with the new one
    const own = await change(victim.password, '198.51.100.88');
    expect(own.statusCode, own.body).toBe(200);
    expect((await login(victim.email, 'brand new pass 1', '198.51.100.88')).statusCode).toBe(200);
  });

  it('holds each refusal of a failing client for REFUSAL_HOLD_MS, and nothing else', async () => {
    const victim = await registerUser(app);
    for (let i = 0; i < 10; i++) await login(victim.email, `wrong guess ${i}`, '203.0.113.77');
    waits.length = 0;
    // refused when counted, then from memory: each answer is held, so guessing back to back is slow
    expect((await login(victim.email, 'wrong again', '203.0.113.77')).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, '203.0.113.77')).statusCode).toBe(429);
    expect(waits).toEqual([REFUSAL_HOLD_MS, REFUSAL_HOLD_MS]);
    // the owner's sign-in and a first wrong password elsewhere are answered without it
    waits.length = 0;
    expect((await login(victim.email, victim.password, '198.51.100.77')).statusCode).toBe(200);
    expect((await login('someone@example.com', 'guess password', '198.51.100.78')).statusCode).toBe(401);
    expect(waits).toEqual([]);
  });

  it('limits one client guessing across many emails, and only that client', async () => {
    const someone = await registerUser(app);
    for (let i = 0; i < 15; i++) {
      expect((await login(`nobody${i}@example.com`, 'guess password', '203.0.113.9')).statusCode).toBe(401);
    }
    const next = await login('fresh@example.com', 'guess password', '203.0.113.9');
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toBe(THROTTLE_MESSAGES.client);
    expect((await login(someone.email, someone.password, '198.51.100.8')).statusCode).toBe(200);
  });

  it('under a server-wide flood refuses clients that have been failing, and lets a clean one in', async () => {
    const member = await registerUser(app);
    const ips = Array.from({ length: 16 }, (_, i) => `192.0.2.${i + 1}`);
    // one guess each on as many accounts, from as many addresses
    for (const [i, ip] of ips.entries()) {
      expect((await login(`target${i}@example.com`, 'guess password', ip)).statusCode).toBe(401);
    }
    // each of these has failed once only, yet the server is past its budget: refused
    expect((await login('target0@example.com', 'guess password', ips[0])).statusCode).toBe(429);
    expect((await login(member.email, member.password, ips[1])).statusCode).toBe(429);
    // a client that has not been failing is not
    expect((await login(member.email, member.password, '198.51.100.9')).statusCode).toBe(200);
  });

  it('refuses a client for the server-wide budget from memory, and reads the budget again after GLOBAL_RECHECK_MS', async () => {
    const member = await registerUser(app);
    const ips = Array.from({ length: 16 }, (_, i) => `192.0.2.${i + 101}`);
    for (const [i, ip] of ips.entries()) {
      expect((await login(`flood${i}@example.com`, 'guess password', ip)).statusCode).toBe(401);
    }
    const refused = await login(member.email, member.password, ips[2]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(THROTTLE_MESSAGES.client);
    // the flood's failures are gone (they lapsed, say): the refusal still comes from memory, not
    // from a query per attempt
    await ctx.deps.database.db.execute(sql`delete from auth_failures`);
    expect((await login(member.email, member.password, ips[2])).statusCode).toBe(429);
    // once the budget is read again, the client is let in
    ahead += GLOBAL_RECHECK_MS + 1;
    expect((await login(member.email, member.password, ips[2])).statusCode).toBe(200);
  });
});

describe('known devices', () => {
  const signIn = (email: string, password: string, ip: string, device?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: ip,
      cookies: device ? { [DEVICE_COOKIE]: device } : {},
    });
  const deviceOf = (res: Awaited<ReturnType<typeof signIn>>) =>
    res.cookies.find((c) => c.name === DEVICE_COOKIE);

  it('a sign-in or a registration gives the browser a cookie for the sign-in route alone', async () => {
    const member = await registerUser(app);
    const res = await signIn(member.email, member.password, '198.51.100.20');
    expect(res.statusCode).toBe(200);
    const cookie = deviceOf(res);
    expect(cookie).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.maxAge).toBeGreaterThan(100 * 24 * 3600);
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'New Device',
        email: 'new-device@example.com',
        password: 'device-pass-1',
        passwordConfirm: 'device-pass-1',
      },
    });
    expect(registered.statusCode).toBe(201);
    expect(deviceOf(registered)?.path).toBe('/api/login');
  });

  it('lets the owner sign in from a network that has been failing, with the cookie only, and only to that account', async () => {
    const member = await registerUser(app);
    const other = await registerUser(app);
    const device = deviceOf(await signIn(member.email, member.password, '198.51.100.21'))!.value;
    const otherDevice = deviceOf(await signIn(other.email, other.password, '198.51.100.21'))!.value;
    // the shared network (an office, a NAT) guesses across many emails until it is refused
    for (let i = 0; i < 15; i++) await signIn(`nobody-${i}@example.com`, 'guess password', '203.0.113.21');
    expect((await signIn(member.email, member.password, '203.0.113.21')).statusCode).toBe(429);
    // the owner's own browser on that network is judged by its own failures on the account
    expect((await signIn(member.email, member.password, '203.0.113.21', device)).statusCode).toBe(200);
    // another account's cookie, or a forged one, is no cookie
    expect((await signIn(member.email, member.password, '203.0.113.21', otherDevice)).statusCode).toBe(429);
    const [id, time] = device.split('.');
    const forged = `${id}.${time}.${'A'.repeat(43)}`;
    expect((await signIn(member.email, member.password, '203.0.113.21', forged)).statusCode).toBe(429);
  });

  it('under a server-wide flood lets a known device in after a typo, and refuses one that keeps failing', async () => {
    const member = await registerUser(app);
    const device = deviceOf(await signIn(member.email, member.password, '198.51.100.22'))!.value;
    const ips = Array.from({ length: 16 }, (_, i) => `192.0.2.${i + 201}`);
    for (const [i, ip] of ips.entries()) await signIn(`wave${i}@example.com`, 'guess password', ip);
    // on a network that has failed once during the flood, a client is refused even its correct
    // password; the owner's browser is not, and a typo of its own costs it nothing more
    expect((await signIn(member.email, member.password, ips[4])).statusCode).toBe(429);
    expect((await signIn(member.email, 'mistyped password', ips[3], device)).statusCode).toBe(401);
    expect((await signIn(member.email, member.password, ips[3], device)).statusCode).toBe(200);
    // the cookie is not a key: guessing from it is limited as any client is, on that account,
    // and from many addresses as from one (a stolen cookie)
    for (let i = 0; i < 10; i++) {
      const guess = await signIn(member.email, `guess ${i} password`, `198.51.100.${30 + i}`, device);
      expect(guess.statusCode).toBe(401);
    }
    const refused = await signIn(member.email, member.password, '198.51.100.99', device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(THROTTLE_MESSAGES.account);
    // the owner, from a browser of their own without that cookie, still signs in
    expect((await signIn(member.email, member.password, '198.51.100.100')).statusCode).toBe(200);
  });
});

describe('client addresses', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says whose to trust', async () => {
    const limited = await buildApp(
      { ...ctx.deps, config: testConfig({ REGISTER_RATE_LIMIT: '3' }) },
      { logger: false },
    );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'x-forwarded-for': `10.9.${i}.${i}` },
        payload: {},
      });
      statuses.push(res.statusCode);
    }
    await limited.close();
    // a rotating header does not make four clients out of one
    expect(statuses).toEqual([400, 400, 400, 429]);

    const behindProxy = await buildApp(
      { ...ctx.deps, config: testConfig({ REGISTER_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' }) },
      { logger: false },
    );
    const seen = await behindProxy.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': '203.0.113.200' },
      payload: { email: 'x@example.com', password: 'wrong password' },
    });
    expect(seen.statusCode).toBe(401);
    // the failure was counted under the address the trusted proxy named
    const fromProxy = await ctx.database.db.execute(
      sql`select count(*)::int as n from auth_failures where email_key = 'ip:203.0.113.200'`,
    );
    await behindProxy.close();
    expect((fromProxy as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });
});
