import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { creditLedger, interviews, voiceSessions } from '../../db/schema.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { ensureAdmin } from '../auth/service.js';
import {
  creditsOf,
  insertInterviewer,
  setCredits,
  storeRecording,
  storeUtterances,
} from './call-fixtures.js';
import { CALL_LIMIT_MS } from './call-limits.js';
import { endExpiredCalls } from './end-expired-calls.js';
import { consumeVoiceSessionToken } from './voice-session-tokens.js';

let ctx: TestContext;
let now = new Date();
beforeAll(async () => {
  ctx = await createTestContext({ clock: { now: () => now }, env: { REGISTER_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  now = new Date();
  await ctx.reset();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const startBody = (userId: number, interviewerId: number, extra: object = {}) => ({
  type: 'single',
  startTime: new Date().toISOString(),
  interviewerId,
  userId,
  ...extra,
});

async function signedInWithCall(credits = 1) {
  const u = await registerUser(ctx.app);
  await setCredits(ctx.database.db, u.user.id, credits);
  const interviewer = await insertInterviewer(ctx.database.db);
  const res = await call('POST', '/api/interviews', u.cookie, startBody(u.user.id, interviewer.id));
  expect(res.statusCode).toBe(201);
  return { ...u, interviewer, interview: res.json() };
}

async function adminCookie() {
  await ensureAdmin(ctx.database.db, 'root@example.com', 'root-password');
  const res = await call('POST', '/api/login', undefined, {
    email: 'root@example.com',
    password: 'root-password',
  });
  return sessionCookie(res);
}

describe('starting a call', () => {
  it('creates the call, debits the credit cost and records it in the ledger', async () => {
    const { user, cookie, interviewer, interview } = await signedInWithCall(3);
    expect(interview).toMatchObject({
      userId: user.id,
      interviewerId: interviewer.id,
      status: 'in_progress',
      endTime: null,
      evaluation: null,
      interviewerName: 'Alex Rivera',
    });
    // the start answers the call as every later read of it does (one statement writes and answers it)
    const read = await call('GET', `/api/interviews/${interview.id}`, cookie);
    expect(read.json()).toEqual(interview);
    expect(await creditsOf(ctx.database.db, user.id)).toBe(2);
    const ledger = await ctx.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'call')));
    expect(ledger).toMatchObject([{ delta: -1, interviewId: interview.id, actorId: user.id }]);
  });

  it('answers 402 with the spec message when the balance is too low, and spends nothing', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    await setCredits(ctx.database.db, user.id, 0);
    const interviewer = await insertInterviewer(ctx.database.db);
    const res = await call('POST', '/api/interviews', cookie, startBody(user.id, interviewer.id));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("You don't have enough credits");
    expect(await ctx.database.db.select().from(interviews)).toHaveLength(0);
  });

  it('refuses a call for another user (403), and visitors (401)', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const interviewer = await insertInterviewer(ctx.database.db);
    const res = await call('POST', '/api/interviews', a.cookie, startBody(b.user.id, interviewer.id));
    expect(res.statusCode).toBe(403);
    const visitor = await call('POST', '/api/interviews', undefined, startBody(b.user.id, interviewer.id));
    expect(visitor.statusCode).toBe(401);
    expect(await creditsOf(ctx.database.db, b.user.id)).toBe(1);
  });

  it('answers 404 for an unknown, archived or another user’s custom scenario', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const archived = await insertInterviewer(ctx.database.db, { isArchived: true, archivedAt: new Date() });
    const othersCustom = await insertInterviewer(ctx.database.db, {
      isCustomScenario: true,
      userId: b.user.id,
    });
    const ownCustom = await insertInterviewer(ctx.database.db, { isCustomScenario: true, userId: a.user.id });
    for (const id of [999_999, archived.id, othersCustom.id]) {
      const res = await call('POST', '/api/interviews', a.cookie, startBody(a.user.id, id));
      expect([id, res.statusCode]).toEqual([id, 404]);
    }
    expect(await creditsOf(ctx.database.db, a.user.id)).toBe(1);
    const own = await call('POST', '/api/interviews', a.cookie, startBody(a.user.id, ownCustom.id));
    expect(own.statusCode).toBe(201);
  });

  it('rejects a malformed payload with 400 and per-field errors', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    const res = await call('POST', '/api/interviews', cookie, {
      type: 'group',
      startTime: 'yesterday',
      interviewerId: 'x',
      userId: user.id,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['type', 'startTime', 'interviewerId']),
    );
  });

  it('lets exactly one of 20 simultaneous starts spend a single credit', async () => {
    const { cookie, user } = await registerUser(ctx.app);
    await setCredits(ctx.database.db, user.id, 1);
    const interviewer = await insertInterviewer(ctx.database.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/api/interviews', cookie, startBody(user.id, interviewer.id)),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(19);
    expect(await creditsOf(ctx.database.db, user.id)).toBe(0);
    expect(await ctx.database.db.select().from(interviews)).toHaveLength(1);
  });
});

describe('voice session (built-in gateway)', () => {
  it('answers a single-use ws URL on this host bound to the call, with the persona as overrides', async () => {
    const { cookie, user, interview } = await signedInWithCall();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/interviews/${interview.id}/voice-session`,
      headers: { cookie, host: 'calls.example.test:8443', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.provider).toBe('builtin');
    // X-Forwarded-Proto counts only from a proxy TRUST_PROXY names (none here): the socket's http
    expect(body.signedUrl).toMatch(/^ws:\/\/calls\.example\.test:8443\/api\/voice\/[\w-]{40,}$/);
    expect(body.overrides).toEqual({
      agent: {
        prompt: { prompt: 'You are Alex, a hiring manager interviewing for a product role.' },
        firstMessage: 'Hi, I am Alex. Tell me about yourself.',
      },
      tts: { voiceId: 'sarah' },
    });
    const token = body.signedUrl.split('/').at(-1);
    const [stored] = await ctx.database.db.select().from(voiceSessions);
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - now.getTime()).toBe(120_000);
    expect(await consumeVoiceSessionToken(ctx.database.db, token, now)).toEqual({
      interviewId: interview.id,
      userId: user.id,
    });
    expect(await consumeVoiceSessionToken(ctx.database.db, token, now)).toBeNull();
    // The recording key is fixed before the gateway connects.
    const after = await call('GET', `/api/interviews/${interview.id}`, cookie);
    expect(after.json().conversationId).toMatch(/^builtin_[0-9a-f]{32}$/);
  });

  it('refuses an expired token and a call that has ended', async () => {
    const { cookie, interview } = await signedInWithCall();
    const res = await call('POST', `/api/interviews/${interview.id}/voice-session`, cookie);
    const token = res.json().signedUrl.split('/').at(-1);
    expect(
      await consumeVoiceSessionToken(ctx.database.db, token, new Date(now.getTime() + 121_000)),
    ).toBeNull();
    await call('POST', `/api/interviews/${interview.id}/end`, cookie);
    const again = await call('POST', `/api/interviews/${interview.id}/voice-session`, cookie);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a call past its time limit that nothing has ended yet, and opens nothing for it', async () => {
    const { cookie, interview } = await signedInWithCall();
    // created just over the limit ago, still in_progress (the sweeper has not run)
    await ctx.database.db
      .update(interviews)
      .set({ createdAt: new Date(now.getTime() - CALL_LIMIT_MS - 1000) })
      .where(eq(interviews.id, interview.id));
    const res = await call('POST', `/api/interviews/${interview.id}/voice-session`, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This call has already ended');
    expect(
      await ctx.database.db.select().from(voiceSessions).where(eq(voiceSessions.interviewId, interview.id)),
    ).toEqual([]);
    const read = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(read[0].conversationId).toBeNull();
    // just inside the limit it opens
    await ctx.database.db
      .update(interviews)
      .set({ createdAt: new Date(now.getTime() - CALL_LIMIT_MS + 1000) })
      .where(eq(interviews.id, interview.id));
    expect((await call('POST', `/api/interviews/${interview.id}/voice-session`, cookie)).statusCode).toBe(
      200,
    );
  });

  it('answers 404, and opens nothing, for another user’s call or one that does not exist', async () => {
    const { interview } = await signedInWithCall();
    const other = await registerUser(ctx.app);
    for (const id of [interview.id, 999_999]) {
      const res = await call('POST', `/api/interviews/${id}/voice-session`, other.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Interview not found');
    }
    expect(
      await ctx.database.db.select().from(voiceSessions).where(eq(voiceSessions.interviewId, interview.id)),
    ).toEqual([]);
  });
});

describe('ending a call', () => {
  it('builds the transcript from stored utterances, evaluates it and stores the outcome', async () => {
    const { cookie, interview } = await signedInWithCall();
    await storeUtterances(ctx.database.db, interview.id, [
      ['agent', 'Hi, I am Alex. Tell me about yourself.'],
      ['user', 'I led the launch of a payments product that grew revenue by 30 percent.'],
      ['agent', 'How did you measure success?'],
      ['user', 'We tracked weekly active merchants and churn.'],
    ]);
    now = new Date(now.getTime() + 5 * 60_000);
    const res = await call('POST', `/api/interviews/${interview.id}/end`, cookie);
    expect(res.statusCode).toBe(200);
    const ended = res.json();
    expect(ended.status).toBe('completed');
    expect(ended.endTime).toBe(now.toISOString());
    expect(ended.transcript).toBe(
      [
        'Alex Rivera: Hi, I am Alex. Tell me about yourself.',
        'You: I led the launch of a payments product that grew revenue by 30 percent.',
        'Alex Rivera: How did you measure success?',
        'You: We tracked weekly active merchants and churn.',
      ].join('\n'),
    );
    expect(ended.evaluation.criteria.map((c: { name: string }) => c.name)).toEqual([
      'Communication',
      'Problem Solving',
    ]);

    // A second end answers the stored call unchanged.
    now = new Date(now.getTime() + 60_000);
    const again = await call('POST', `/api/interviews/${interview.id}/end`, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(ended);
  });

  it('marks a call with no utterances failed with the connection_failure note', async () => {
    const { cookie, interview } = await signedInWithCall();
    const res = await call('POST', `/api/interviews/${interview.id}/end`, cookie);
    expect(res.json()).toMatchObject({
      status: 'failed',
      notes: 'connection_failure',
      evaluation: null,
      transcript: '',
    });
    expect(res.json().endTime).not.toBeNull();
  });

  it('stores the evaluator’s error as completed_with_errors when the candidate said nothing', async () => {
    const { cookie, interview } = await signedInWithCall();
    await storeUtterances(ctx.database.db, interview.id, [['agent', 'Hello, are you there?']]);
    const res = await call('POST', `/api/interviews/${interview.id}/end`, cookie);
    expect(res.json().status).toBe('completed_with_errors');
    expect(res.json().evaluation).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('still evaluates from stored utterances after a server restart', async () => {
    const { cookie, interview } = await signedInWithCall();
    await storeUtterances(ctx.database.db, interview.id, [
      ['agent', 'Tell me about a hard decision.'],
      ['user', 'I cut a feature two weeks before launch to protect quality.'],
    ]);
    // A new app instance on the same database, as after a crash and restart.
    const restarted = await buildApp(ctx.deps, { logger: false });
    try {
      const res = await restarted.inject({
        method: 'POST',
        url: `/api/interviews/${interview.id}/end`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('completed');
      expect(res.json().transcript).toContain('You: I cut a feature');
    } finally {
      await restarted.close();
    }
  });

  it('ends overdue calls by itself at the 1800 s limit, stamping the deadline as endTime', async () => {
    const { cookie, interview } = await signedInWithCall();
    await storeUtterances(ctx.database.db, interview.id, [
      ['agent', 'Walk me through your roadmap.'],
      ['user', 'We prioritised by customer impact and effort.'],
    ]);
    expect(await endExpiredCalls(ctx.deps)).toBe(0);
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    now = new Date(row.createdAt.getTime() + CALL_LIMIT_MS + 5 * 60_000);
    expect(await endExpiredCalls(ctx.deps)).toBe(1);
    const res = await call('GET', `/api/interviews/${interview.id}`, cookie);
    expect(res.json().status).toBe('completed');
    expect(res.json().endTime).toBe(new Date(row.createdAt.getTime() + CALL_LIMIT_MS).toISOString());
  });

  it('ends an overdue call when it is read', async () => {
    const { cookie, interview } = await signedInWithCall();
    now = new Date(now.getTime() + CALL_LIMIT_MS + 60_000);
    const res = await call('GET', `/api/interviews/${interview.id}`, cookie);
    expect(res.json()).toMatchObject({ status: 'failed', notes: 'connection_failure' });
  });
});

describe('PATCH /api/interviews/:id', () => {
  it('lets the owner set notes while the call runs, but never an evaluation or the call’s own fields', async () => {
    const { cookie, interview } = await signedInWithCall();
    const ok = await call('PATCH', `/api/interviews/${interview.id}`, cookie, { notes: 'felt nervous' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ notes: 'felt nervous', transcript: null });
    const forged = await call('PATCH', `/api/interviews/${interview.id}`, cookie, {
      transcript: 'Alex Rivera: Hi\nYou: Hello',
    });
    expect(forged.statusCode).toBe(403);
    for (const evaluation of [{ criteria: [{ name: 'X', score: 10, feedback: 'great' }] }, null]) {
      const res = await call('PATCH', `/api/interviews/${interview.id}`, cookie, { evaluation });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row.evaluation).toBeNull();
    expect(row.transcript).toBeNull();
  });

  it('keeps an ended call’s transcript and status, but its notes stay editable', async () => {
    const { cookie, interview } = await signedInWithCall();
    await call('POST', `/api/interviews/${interview.id}/end`, cookie);
    const res = await call('PATCH', `/api/interviews/${interview.id}`, cookie, {
      transcript: 'You: I aced it',
    });
    expect(res.statusCode).toBe(403);
    const notes = await call('PATCH', `/api/interviews/${interview.id}`, cookie, { notes: 'retry tomorrow' });
    expect(notes.statusCode).toBe(200);
    expect(notes.json().notes).toBe('retry tomorrow');
  });

  it('lets an admin set an evaluation', async () => {
    const { interview } = await signedInWithCall();
    const admin = await adminCookie();
    const evaluation = { criteria: [{ name: 'Communication', score: 7, feedback: 'ok' }], overallScore: 7 };
    const res = await call('PATCH', `/api/interviews/${interview.id}`, admin, { evaluation });
    expect(res.statusCode).toBe(200);
    expect(res.json().evaluation).toEqual(evaluation);
  });
});

describe('recordings', () => {
  const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  it('serves the owner the whole recording or a byte range (206)', async () => {
    const { cookie, interview } = await signedInWithCall();
    await storeRecording(ctx.database.db, ctx.deps.blobs, interview.id, 'conv_abc123', audio);
    const whole = await call('GET', '/api/interviews/audio/conv_abc123', cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toContain('audio');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(audio)).toBe(true);

    const part = await ctx.app.inject({
      method: 'GET',
      url: '/api/interviews/audio/conv_abc123',
      headers: { cookie, range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(audio.subarray(100, 200))).toBe(true);

    const tail = await ctx.app.inject({
      method: 'GET',
      url: '/api/interviews/audio/conv_abc123',
      headers: { cookie, range: 'bytes=-10' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(audio.subarray(990))).toBe(true);

    const open = await ctx.app.inject({
      method: 'GET',
      url: '/api/interviews/audio/conv_abc123',
      headers: { cookie, range: 'bytes=900-' },
    });
    expect(open.headers['content-range']).toBe('bytes 900-999/1000');

    const beyond = await ctx.app.inject({
      method: 'GET',
      url: '/api/interviews/audio/conv_abc123',
      headers: { cookie, range: 'bytes=5000-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
  });

  it('answers 404 when the call has no recording or the id is unknown', async () => {
    const { cookie, interview } = await signedInWithCall();
    await ctx.database.db
      .update(interviews)
      .set({ conversationId: 'conv_silent' })
      .where(eq(interviews.id, interview.id));
    expect((await call('GET', '/api/interviews/audio/conv_silent', cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/interviews/audio/conv_nobody', cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/interviews/audio/..%2F..%2Fetc', cookie)).statusCode).toBe(404);
  });

  it('serves an admin any recording', async () => {
    const { interview } = await signedInWithCall();
    await storeRecording(ctx.database.db, ctx.deps.blobs, interview.id, 'conv_admin', audio);
    const res = await call('GET', '/api/interviews/audio/conv_admin', await adminCookie());
    expect(res.statusCode).toBe(200);
  });
});

describe('ownership of every call route', () => {
  it('refuses visitors (401) and other users (404) everywhere', async () => {
    const owner = await signedInWithCall();
    await storeRecording(
      ctx.database.db,
      ctx.deps.blobs,
      owner.interview.id,
      'conv_private',
      Buffer.from('x'),
    );
    const other = await registerUser(ctx.app);
    const id = owner.interview.id;
    const routes: [Method, string, object?][] = [
      ['GET', `/api/interviews/${id}`],
      ['POST', `/api/interviews/${id}/voice-session`],
      ['POST', `/api/interviews/${id}/end`],
      ['PATCH', `/api/interviews/${id}`, { notes: 'mine now' }],
      ['GET', '/api/interviews/audio/conv_private'],
    ];
    for (const [method, url, payload] of routes) {
      const visitor = await call(method, url, undefined, payload);
      const stranger = await call(method, url, other.cookie, payload);
      expect([method, url, visitor.statusCode]).toEqual([method, url, 401]);
      expect([method, url, stranger.statusCode]).toEqual([method, url, 404]);
    }
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row).toMatchObject({ status: 'in_progress', notes: null });
  });

  it('lets an admin read but not end or open a voice session on someone else’s call', async () => {
    const owner = await signedInWithCall();
    const admin = await adminCookie();
    const id = owner.interview.id;
    expect((await call('GET', `/api/interviews/${id}`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/interviews/${id}/end`, admin)).statusCode).toBe(404);
    expect((await call('POST', `/api/interviews/${id}/voice-session`, admin)).statusCode).toBe(404);
  });
});
