// Issue 19 §7–§9 (an outside security review): bad input answers a clear 4xx in the API's error
// shape, never a 5xx; admins demoting each other at once never deadlock and never leave the site
// without an admin; and small leaks are closed — credits without a ledger line, voice tokens and
// query parameters in the logs, provider details on the public health check, personal answers a
// cache may keep, and 403-versus-404 telling another user's call apart from a missing one.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { creditLedger, interviewers, interviews, users } from '../db/schema.js';
import { providersFromConfig } from '../deps.js';
import { ensureAdmin } from '../modules/auth/service.js';
import { hashToken } from '../modules/auth/session-store.js';
import { insertInterviewer, storeUtterances } from '../modules/calls/call-fixtures.js';
import { createLocalBlobStore } from '../providers/storage/local-blob-store.js';
import { createTestContext, registerUser, type TestContext, testConfig } from '../test-support/test-app.js';
import type { App } from './types.js';

const UNAVAILABLE = 'The service is temporarily unavailable, please try again';
const LLM_HOST = 'llm.internal.example:8443';
const BUCKET = 'acme-private-recordings';

type Actor = Awaited<ReturnType<typeof registerUser>>;

let ctx: TestContext;
let owner: Actor;
let other: Actor;
let admin: Actor;
let interviewerId: number;

const db = () => ctx.database.db;

async function promote(actor: Actor) {
  await db().update(users).set({ isAdmin: true, role: 'admin' }).where(eq(users.id, actor.user.id));
}

beforeAll(async () => {
  ctx = await createTestContext({
    env: { LLM_BASE_URL: `https://${LLM_HOST}/v1`, S3_BUCKET: BUCKET, REGISTER_RATE_LIMIT: '1000' },
  });
  owner = await registerUser(ctx.app, { name: 'Olive Owner' });
  other = await registerUser(ctx.app, { name: 'Oscar Other' });
  admin = await registerUser(ctx.app, { name: 'Ada Admin' });
  await promote(admin);
  interviewerId = (await insertInterviewer(db())).id;
});
afterAll(() => ctx?.close());

const call = (
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    headers: actor ? { cookie: actor.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** An ended call of the owner, with what the gateway would have stored. */
async function endedCallOfOwner() {
  const [row] = await db()
    .insert(interviews)
    .values({
      userId: owner.user.id,
      interviewerId,
      startTime: new Date(),
      endTime: new Date(),
      status: 'completed',
      transcript: 'Interviewer: Hello.\nCandidate: Hi.',
      evaluation: { overallScore: 7 },
    })
    .returning();
  await storeUtterances(db(), row.id, [
    ['agent', 'Hello.'],
    ['user', 'Hi.'],
  ]);
  return row.id;
}

function expectApiError(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  for (const key of Object.keys(body)) expect(['message', 'errors']).toContain(key);
  return body as { message: string; errors?: Record<string, string> };
}

// ---- §7 bad input -------------------------------------------------------------------------------

describe('dates outside 1970–9999 are refused with 400', () => {
  const YEAR_ZERO = '0000-01-01T00:00:00Z';
  const AFTER_9999 = '9999-12-31T23:59:59-14:00'; // 10000-01-01T13:59:59Z

  it('POST /api/interviews with startTime in year 0', async () => {
    const res = await call(owner, 'POST', '/api/interviews', {
      type: 'single',
      startTime: YEAR_ZERO,
      interviewerId,
      userId: owner.user.id,
    });
    expect(expectApiError(res, 400).errors).toHaveProperty('startTime');
  });

  it('an admin PATCH /api/interviews/:id with an endTime past year 9999', async () => {
    const id = await endedCallOfOwner();
    const res = await call(admin, 'PATCH', `/api/interviews/${id}`, { endTime: AFTER_9999 });
    expect(expectApiError(res, 400).errors).toHaveProperty('endTime');
    // the edges are accepted
    for (const endTime of ['1970-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59+14:00']) {
      const ok = await call(admin, 'PATCH', `/api/interviews/${id}`, { endTime });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(Date.parse(ok.json().endTime)).toBe(Date.parse(endTime));
    }
  });

  it('a team assignment with a dueDate past year 9999', async () => {
    const team = (await call(owner, 'POST', '/api/teams', { name: 'Date team' })).json();
    const res = await call(owner, 'POST', `/api/teams/${team.id}/assignments`, {
      interviewerId,
      dueDate: AFTER_9999,
    });
    expect(expectApiError(res, 400).errors).toHaveProperty('dueDate');
  });
});

describe('deeply nested JSON', () => {
  /** `depth` objects inside each other, as JSON text (too deep for JSON.stringify to write) */
  const nested = (depth: number) => `${'{"next":'.repeat(depth - 1)}{"score":1}${'}'.repeat(depth - 1)}`;
  const patchEvaluation = (id: number, depth: number) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/interviews/${id}`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: `{"evaluation":${nested(depth)}}`,
    });

  it('an evaluation nested 5,000 deep is refused with 400; 32 levels are accepted', async () => {
    const id = await endedCallOfOwner();
    const res = await patchEvaluation(id, 5000);
    expect(expectApiError(res, 400).errors).toHaveProperty('evaluation');
    const ok = await patchEvaluation(id, 32);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().evaluation).toEqual(JSON.parse(nested(32)));
  });
});

describe('half a surrogate pair ("\\ud800"), which JSON reads and the database refuses', () => {
  const LONE = 'bad\ud800x';
  it('is refused with 400 on every route that stores JSON, and nothing is written', async () => {
    const id = await endedCallOfOwner();
    const attempts: [Actor, 'POST' | 'PATCH', string, unknown][] = [
      [owner, 'POST', '/api/interviewers', { name: 'S1', sampleQuestions: [LONE] }],
      [owner, 'POST', '/api/interviewers', { name: 'S2', rubricCriteria: [{ name: LONE }] }],
      [owner, 'POST', '/api/interviewers', { name: LONE }],
      [admin, 'POST', '/api/tracks', { name: LONE }],
      [admin, 'PATCH', `/api/users/${other.user.id}`, { name: LONE }],
      [admin, 'PATCH', '/api/settings/models', { evaluation: { model: LONE } }],
      [
        admin,
        'PATCH',
        `/api/interviews/${id}`,
        { evaluation: { criteria: [{ name: LONE, score: 1, feedback: 'f' }] } },
      ],
      // the other half alone, and in a key
      [owner, 'POST', '/api/interviewers', { name: 'S3', sampleQuestions: ['x\udc00'] }],
      [admin, 'PATCH', `/api/interviews/${id}`, { evaluation: { 'k\ud800': 1 } }],
    ];
    for (const [actor, method, url, payload] of attempts) {
      const res = await call(actor, method, url, payload);
      expect(expectApiError(res, 400).message, `${method} ${url}`).toBe(
        'The request contains characters that cannot be stored',
      );
    }
    const scenarios = await db().select({ name: interviewers.name }).from(interviewers);
    expect(scenarios.some((r) => ['S1', 'S2', 'S3'].includes(r.name) || r.name.includes('bad'))).toBe(false);
    const [stored] = await db().select().from(interviews).where(eq(interviews.id, id));
    expect(stored.evaluation).toEqual({ overallScore: 7 });
    // a whole pair (an emoji) is text like any other
    const emoji = await call(owner, 'POST', '/api/interviewers', {
      name: 'Emoji 😀',
      sampleQuestions: ['Why 😀?'],
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });
});

describe('a badly percent-encoded URL', () => {
  it('answers 400 in the API’s error shape', async () => {
    const res = await call(owner, 'GET', '/api/interviews/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Bad request' });
  });
});

// ---- §7 health during an outage, and what the logs keep ------------------------------------------

/** The app on a PostgreSQL address where nothing listens, logging into `lines`. */
async function outageApp(lines: string[]) {
  const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:3299/none' });
  const app = await buildApp(
    {
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      clock: { now: () => new Date() },
      blobs: createLocalBlobStore('.tmp/none'),
      ...providersFromConfig(testConfig()),
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('with the database unreachable', () => {
  const lines: string[] = [];
  let outage: { app: App; close: () => Promise<void> };
  beforeAll(async () => {
    outage = await outageApp(lines);
  });
  afterAll(() => outage?.close());

  it('GET /api/health with a session cookie answers 503 with a clean body', async () => {
    const res = await outage.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: 'sid=a-session-cookie' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: UNAVAILABLE });
    expect(res.body).not.toMatch(/schema|serializ|stack|Failed query/i);
  });

  it('GET /api/health without a cookie answers 503 { status: "degraded" }', async () => {
    const res = await outage.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded' });
  });

  it('logs the failed query without its parameters (the session hash)', async () => {
    lines.length = 0;
    const token = 'cookie-whose-hash-must-not-be-logged';
    const res = await outage.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `sid=${token}` },
    });
    expect(res.statusCode).toBe(503);
    const logged = lines.join('');
    expect(logged).toContain('database unavailable');
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain(hashToken(token));
    expect(logged).toContain('(parameters withheld)');
    expect(logged).not.toMatch(/params:/);
    expect(lines.map((l) => JSON.parse(l).err?.params).filter(Boolean)).toEqual([]);
  });
});

describe('access logs', () => {
  it('never hold a voice token', async () => {
    const lines: string[] = [];
    const app = await buildApp(
      { ...ctx.deps, config: testConfig({ LOG_LEVEL: 'info' }) },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      await app.ready();
      const token = 'vt_secretvoicetoken1234567890';
      await app.inject({ method: 'GET', url: `/api/voice/${token}` });
      await app.inject({ method: 'GET', url: `/api/voice/${token}?x=1` });
      const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
      expect(urls).toEqual(['/api/voice/[redacted]', '/api/voice/[redacted]']);
      expect(lines.join('')).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});

// ---- §8 admins demoting each other at once ------------------------------------------------------

describe('admins demoting each other at the same moment', () => {
  let only: TestContext;
  beforeAll(async () => {
    // a database of its own: the only admins in it are the ones each round makes
    only = await createTestContext({ env: { REGISTER_RATE_LIMIT: '1000' } });
  });
  afterAll(() => only?.close());

  async function adminPair() {
    const [a, b] = [await registerUser(only.app), await registerUser(only.app)];
    await only.database.db
      .update(users)
      .set({ isAdmin: true, role: 'admin' })
      .where(sql`${users.id} in (${a.user.id}, ${b.user.id})`);
    return [a, b] as const;
  }
  const demote = (actor: Actor, target: Actor) =>
    only.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      headers: { cookie: actor.cookie },
      payload: { isAdmin: false },
    });
  const adminIds = async () =>
    (await only.database.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).map(
      (r) => r.id,
    );

  it('two admins, each demoting the other, many times: one wins, the other is refused', async () => {
    for (let round = 0; round < 12; round++) {
      const [a, b] = await adminPair();
      const answers = await Promise.all([demote(a, b), demote(b, a)]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, answers.map((r) => r.body).join(' | ')).toEqual([200, 403]);
      const left = await adminIds();
      expect(left).toHaveLength(1);
      // the next round starts again with no admin but its own pair
      await only.database.db.update(users).set({ isAdmin: false, role: 'user' }).where(eq(users.id, left[0]));
    }
  });

  it('many pairs at once: no error, one admin left per pair', async () => {
    const pairs = [];
    for (let i = 0; i < 10; i++) pairs.push(await adminPair());
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [demote(a, b), demote(b, a)]));
    expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    for (let i = 0; i < pairs.length; i++) {
      expect([answers[2 * i].statusCode, answers[2 * i + 1].statusCode].sort()).toEqual([200, 403]);
    }
    expect(await adminIds()).toHaveLength(pairs.length);
  });
});

// ---- §9 smaller leaks ---------------------------------------------------------------------------

describe('every credit a user holds has its ledger line', () => {
  async function balanceAndLedger(userId: number) {
    const [{ credits }] = await db()
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, userId));
    const [{ total }] = await db()
      .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return { credits, ledger: total };
  }
  const expectBalanced = async (userId: number) => {
    const { credits, ledger } = await balanceAndLedger(userId);
    expect(ledger).toBe(credits);
  };

  it('registration, admin creation and edits, a purchase and a call', async () => {
    const someone = await registerUser(ctx.app);
    await expectBalanced(someone.user.id);

    for (const credits of [0, 3, undefined]) {
      const made = await call(admin, 'POST', '/api/users', {
        name: 'Made Person',
        email: `made-${credits}-${Date.now()}@example.com`,
        ...(credits === undefined ? {} : { credits }),
      });
      expect(made.statusCode, made.body).toBe(201);
      await expectBalanced(made.json().id);
    }

    for (const credits of [9, 2]) {
      const res = await call(admin, 'PATCH', `/api/users/${someone.user.id}`, { credits });
      expect(res.statusCode, res.body).toBe(200);
      await expectBalanced(someone.user.id);
    }

    const intent = await call(someone, 'POST', '/api/create-payment-intent', { credits: 5, amount: 1999 });
    const paid = await call(someone, 'POST', '/api/payments/sandbox/confirm', {
      paymentIntentId: intent.json().paymentIntentId,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectBalanced(someone.user.id);

    const started = await call(someone, 'POST', '/api/interviews', {
      type: 'single',
      startTime: new Date().toISOString(),
      interviewerId,
      userId: someone.user.id,
    });
    expect(started.statusCode, started.body).toBe(201);
    await expectBalanced(someone.user.id);
  });

  // ensureAdmin (ADMIN_EMAIL / ADMIN_PASSWORD) writes its starting credit to the ledger too
  it('the admin made from ADMIN_EMAIL / ADMIN_PASSWORD', async () => {
    const id = await ensureAdmin(db(), `seeded-${Date.now()}@example.com`, 'seeded-admin-password');
    await expectBalanced(id!);
  });
});

describe('/api/health tells visitors only whether the service is up', () => {
  it('a visitor and a user get { status } alone: no bucket, no model host', async () => {
    for (const who of [null, owner]) {
      const res = await call(who, 'GET', '/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.body).not.toContain(BUCKET);
      expect(res.body).not.toContain('llm.internal');
    }
  });

  it('an admin keeps the details', async () => {
    const res = await call(admin, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true },
      providers: { llm: { detail: LLM_HOST }, recordings: { kind: 's3', detail: BUCKET } },
    });
  });
});

describe('answers that depend on the session are never stored by a cache', () => {
  it('sends Cache-Control: no-store on personal and admin answers', async () => {
    const id = await endedCallOfOwner();
    const personal: [Actor | null, string][] = [
      [owner, '/api/user'],
      [null, '/api/user'],
      [owner, '/api/interviews'],
      [owner, `/api/interviews/${id}`],
      [owner, `/api/interviews/${id}/utterances`],
      [owner, '/api/interviews/trends'],
      [owner, '/api/purchases'],
      [owner, `/api/teams/user/${owner.user.id}`],
      [owner, '/api/assignments/mine'],
      [owner, '/api/interviewers'],
      [owner, '/api/tracks'],
      [admin, '/api/users'],
      [admin, '/api/audit-log'],
      [admin, '/api/health'],
      [null, '/api/health'],
      [admin, '/api/interviews/all'],
    ];
    for (const [who, url] of personal) {
      const res = await call(who, 'GET', url);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
    // a refusal too
    const refused = await call(null, 'GET', `/api/interviews/${id}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    // a write's answer is not cacheable anyway, and a keepalive POST answered no-store never
    // finishes in Chromium: writes carry no cache header of their own
    const rated = await call(owner, 'POST', `/api/interviews/${id}/rate`, {
      callRating: 2,
      evaluationRating: 2,
    });
    expect(rated.headers['cache-control']).toBeUndefined();
  });

  it('leaves the public scenario list cacheable as it says', async () => {
    const res = await call(null, 'GET', '/api/interviewers-public');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('another user’s call is "not found" on every route', () => {
  it('utterances: 404 Interview not found, as for a call that does not exist', async () => {
    const id = await endedCallOfOwner();
    const res = await call(other, 'GET', `/api/interviews/${id}/utterances`);
    expect(expectApiError(res, 404).message).toBe('Interview not found');
    expect((await call(admin, 'GET', `/api/interviews/${id}/utterances`)).statusCode).toBe(200);
  });

  it('rating: 404 for another user and for an admin, as for a call that does not exist', async () => {
    const id = await endedCallOfOwner();
    const rating = { callRating: 1, evaluationRating: 1 };
    for (const who of [other, admin]) {
      const res = await call(who, 'POST', `/api/interviews/${id}/rate`, rating);
      expect(expectApiError(res, 404).message).toBe('Interview not found');
    }
    const missing = await call(other, 'POST', '/api/interviews/2147483647/rate', rating);
    expect(missing.json()).toEqual({ message: 'Interview not found' });
    const [row] = await db()
      .select({ callRating: interviews.callRating })
      .from(interviews)
      .where(eq(interviews.id, id));
    expect(row.callRating).toBeNull();
  });
});
