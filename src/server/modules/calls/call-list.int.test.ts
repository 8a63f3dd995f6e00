import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interview } from '../../../shared/contracts/calls.js';
import { LIST_COUNT_AHEAD } from '../../../shared/domain/limits.js';
import { callAverageScore, overallAverageScore } from '../../../shared/domain/score-averages.js';
import { buildApp } from '../../app.js';
import { interviewers, interviews, utterances } from '../../db/schema.js';
import { recordingKey } from '../../providers/storage/index.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
  testConfig,
} from '../../test-support/test-app.js';
import { ensureAdmin } from '../auth/service.js';
import { seedCalls } from './seed-calls.js';

let ctx: TestContext;
let admin: string;
let alice: { cookie: string; id: number };
let bob: { cookie: string; id: number };
let aliceIds: number[];
let bobIds: number[];
let scenarios: { id: number; name: string; callType: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  scenarios = await db
    .insert(interviewers)
    .values([
      { name: 'Priya Sharma', callType: 'Product Management Interview' },
      { name: 'Marcus Lee', callType: 'Sales Call' },
      { name: 'Dana Cole', callType: 'Sales Call' },
    ])
    .returning({ id: interviewers.id, name: interviewers.name, callType: interviewers.callType });
  await ensureAdmin(db, 'root@example.com', 'root-password');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'root@example.com', password: 'root-password' },
  });
  admin = sessionCookie(res);
  const a = await registerUser(ctx.app, { name: 'Alice' });
  const b = await registerUser(ctx.app, { name: 'Bob' });
  alice = { cookie: a.cookie, id: a.user.id };
  bob = { cookie: b.cookie, id: b.user.id };
  const ids = scenarios.map((s) => s.id);
  const now = new Date('2026-06-01T12:00:00Z');
  aliceIds = (
    await seedCalls(db, { userId: alice.id, completed: 60, unfinished: 3, interviewerIds: ids, now })
  ).completedIds;
  bobIds = (
    await seedCalls(db, { userId: bob.id, completed: 5, interviewerIds: ids, withRecording: true, now })
  ).completedIds;
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const rate = (id: number, payload: unknown, cookie = alice.cookie) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/interviews/${id}/rate`,
    payload: payload as object,
    headers: { cookie },
  });

const completed = (i: Interview) => i.endTime !== null && i.evaluation !== null;

describe('GET /api/interviews (spec form)', () => {
  it('answers all of the caller’s own calls with the joined scenario fields, newest first', async () => {
    const res = await get(`/api/interviews?userId=${alice.id}`, alice.cookie);
    expect(res.statusCode).toBe(200);
    const list: Interview[] = res.json();
    expect(list).toHaveLength(63);
    expect(list.every((i) => i.userId === alice.id)).toBe(true);
    expect(list.filter(completed)).toHaveLength(60);
    const first = list.find((i) => i.id === aliceIds[0]);
    expect(first?.interviewerName).toBe('Priya Sharma');
    expect(first?.interviewerCallType).toBe('Product Management Interview');
    const times = list.map((i) => Date.parse(i.startTime));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('keeps users apart: another user’s id is refused, and each sees only their own', async () => {
    expect((await get(`/api/interviews?userId=${bob.id}`, alice.cookie)).statusCode).toBe(403);
    const bobs: Interview[] = (await get(`/api/interviews?userId=${bob.id}`, bob.cookie)).json();
    expect(bobs.map((i) => i.id).sort()).toEqual([...bobIds].sort());
    const paged = (await get(`/api/interviews?userId=${bob.id}&page=1`, alice.cookie)).statusCode;
    expect(paged).toBe(403);
  });

  it('lets an admin read any user’s calls and refuses visitors', async () => {
    const res = await get(`/api/interviews?userId=${bob.id}`, admin);
    expect(res.json()).toHaveLength(5);
    expect((await get(`/api/interviews?userId=${bob.id}`)).statusCode).toBe(401);
  });

  it('rejects a malformed userId with 400', async () => {
    expect((await get('/api/interviews?userId=abc', alice.cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/interviews?page= (dashboard form)', () => {
  let all: Interview[];
  beforeAll(async () => {
    all = (await get(`/api/interviews?userId=${alice.id}`, alice.cookie))
      .json<Interview[]>()
      .filter(completed);
  });

  it('pages the completed calls five at a time with the summary of the spec', async () => {
    const res = await get(`/api/interviews?userId=${alice.id}&page=2`, alice.cookie);
    const body = res.json();
    expect(body.total).toBe(60);
    // whole calls, field for field as the plain list answers them (the page is read with the summary)
    expect(body.items).toEqual(all.slice(5, 10));
    expect(body.summary.completedCount).toBe(60);
    const expected = overallAverageScore(all.map((i) => i.evaluation));
    expect(body.summary.averageScore).toBeCloseTo(expected, 9);
    // Some calls failed evaluation: they count as zero, so the mean is below the scored calls' mean.
    const scored = all.map((i) => callAverageScore(i.evaluation)).filter((s) => s !== null);
    expect(scored.length).toBeLessThan(60);
    expect(body.summary.averageScore).toBeLessThan(scored.reduce((a, b) => a + b, 0) / scored.length);
  });

  it('filters by search over scenario name and transcript, case-insensitively', async () => {
    const byName = (await get(`/api/interviews?page=1&pageSize=100&search=mArCuS`, alice.cookie)).json();
    expect(byName.total).toBe(all.filter((i) => i.interviewerName === 'Marcus Lee').length);
    const byText = (
      await get(`/api/interviews?page=1&pageSize=100&search=BUDGET%20review`, alice.cookie)
    ).json();
    const expected = all.filter((i) => i.transcript?.toLowerCase().includes('budget review'));
    expect(expected.length).toBeGreaterThan(0);
    expect(byText.items.map((i: Interview) => i.id)).toEqual(expected.map((i) => i.id));
    // The summary describes all completed calls, whatever the filters.
    expect(byText.summary.completedCount).toBe(60);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const res = (await get(`/api/interviews?page=1&search=%25`, alice.cookie)).json();
    expect(res.total).toBe(0);
  });

  it('filters by call type and by scenario id, and combines them', async () => {
    const sales = (await get(`/api/interviews?page=1&callType=Sales%20Call`, alice.cookie)).json();
    expect(sales.total).toBe(all.filter((i) => i.interviewerCallType === 'Sales Call').length);
    const dana = scenarios[2].id;
    const one = (await get(`/api/interviews?page=3&interviewerId=${dana}`, alice.cookie)).json();
    const danas = all.filter((i) => i.interviewerId === dana);
    expect(one.total).toBe(danas.length);
    expect(one.items.map((i: Interview) => i.id)).toEqual(danas.slice(10, 15).map((i) => i.id));
    const none = (
      await get(
        `/api/interviews?page=1&interviewerId=${dana}&callType=Product%20Management%20Interview`,
        alice.cookie,
      )
    ).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('answers an empty page beyond the last one, with the summary', async () => {
    const res = (await get(`/api/interviews?page=13`, alice.cookie)).json();
    expect(res).toMatchObject({ items: [], total: 60, summary: { completedCount: 60 } });
    expect(res.summary.averageScore).toBeGreaterThan(0);
  });

  it('leaves the transcripts out when asked (transcripts=omit), on every way a page is read', async () => {
    const withoutTranscript = ({ transcript: _, ...rest }: Interview) => rest;
    const queries = [
      'page=1', // the first page at the dashboard's size
      'page=2&pageSize=7', // another page
      'page=1&search=budget', // a search's one statement
      'page=1&search=budget&callType=Sales%20Call', // a filtered search
      `page=2&interviewerId=${scenarios[1].id}`, // a filter without a search
      'page=1&pageSize=100&search=mArCuS', // a scenario's name
    ];
    for (const query of queries) {
      const full = (await get(`/api/interviews?${query}`, alice.cookie)).json();
      const lean = (await get(`/api/interviews?${query}&transcripts=omit`, alice.cookie)).json();
      expect(full.items.length, query).toBeGreaterThan(0);
      expect(
        full.items.every((i: Interview) => typeof i.transcript === 'string'),
        query,
      ).toBe(true);
      expect(
        lean.items.some((i: Interview) => 'transcript' in i),
        query,
      ).toBe(false);
      expect(lean, query).toEqual({ ...full, items: full.items.map(withoutTranscript) });
    }
    // the spec's plain list too; `include` is the default
    const plain: Interview[] = (await get(`/api/interviews?transcripts=omit`, alice.cookie)).json();
    const plainFull: Interview[] = (await get('/api/interviews', alice.cookie)).json();
    expect(plain).toHaveLength(63);
    expect(plain).toEqual(plainFull.map(withoutTranscript));
    const included = (await get(`/api/interviews?page=1&transcripts=include`, alice.cookie)).json();
    expect(included).toEqual((await get('/api/interviews?page=1', alice.cookie)).json());
    const bad = await get(`/api/interviews?page=1&transcripts=none`, alice.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('answers a user with no completed call an empty page and a zero summary', async () => {
    const newcomer = await registerUser(ctx.app);
    const res = (await get('/api/interviews?page=1', newcomer.cookie)).json();
    expect(res).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
      summary: { completedCount: 0, averageScore: 0 },
    });
  });
});

describe('POST /api/interviews/:id/rate', () => {
  it('saves both ratings, stores empty notes as null, and shows them in the list', async () => {
    const id = aliceIds[1];
    const res = await rate(id, {
      callRating: 2,
      evaluationRating: 0,
      callRatingNote: 'Great voice',
      evaluationRatingNote: '  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      callRating: 2,
      evaluationRating: 0,
      callRatingNote: 'Great voice',
      evaluationRatingNote: null,
    });
    const listed = (await get(`/api/interviews?userId=${alice.id}`, alice.cookie)).json<Interview[]>();
    expect(listed.find((i) => i.id === id)).toMatchObject({ callRating: 2, evaluationRating: 0 });
    const cleared = await rate(id, { callRating: null, evaluationRating: null, callRatingNote: '' });
    expect(cleared.json()).toMatchObject({ callRating: null, evaluationRating: null, callRatingNote: null });
  });

  it.each([
    [{ callRating: 3, evaluationRating: null }],
    [{ callRating: -1, evaluationRating: 1 }],
    [{ callRating: 1.5, evaluationRating: 1 }],
    [{ callRating: '1', evaluationRating: 1 }],
    [{ evaluationRating: 1 }],
    [{ callRating: 1, evaluationRating: 1, callRatingNote: 5 }],
  ])('answers 400 for %j', async (payload) => {
    const res = await rate(aliceIds[2], payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('refuses another user’s call and a missing one alike (404), an unfinished one (400) and visitors (401)', async () => {
    const body = { callRating: 1, evaluationRating: 1 };
    expect((await rate(bobIds[0], body)).statusCode).toBe(404);
    expect((await rate(bobIds[0], body, admin)).statusCode).toBe(404);
    expect((await rate(999_999, body)).statusCode).toBe(404);
    const unfinished = (await get(`/api/interviews?userId=${alice.id}`, alice.cookie))
      .json<Interview[]>()
      .find((i) => i.endTime === null);
    expect((await rate(unfinished!.id, body)).statusCode).toBe(400);
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: `/api/interviews/${aliceIds[0]}/rate`,
      payload: body,
    });
    expect(visitor.statusCode).toBe(401);
    const bobs = (await get(`/api/interviews?userId=${bob.id}`, bob.cookie)).json<Interview[]>();
    expect(bobs.find((i) => i.id === bobIds[0])?.callRating).toBeNull();
  });
});

describe('GET /api/interviews/all', () => {
  it('is for admins only', async () => {
    expect((await get('/api/interviews/all')).statusCode).toBe(401);
    const res = await get('/api/interviews/all', alice.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This page is only accessible to administrators');
  });

  it('lists every user’s calls with the caller’s name in the spec form', async () => {
    const res = await get('/api/interviews/all', admin);
    expect(res.json()).toHaveLength(68);
    expect(res.json()[0]).toMatchObject({
      interviewerName: expect.any(String),
      userName: expect.any(String),
    });
  });

  it('pages and filters by ratings, including unrated', async () => {
    await rate(bobIds[3], { callRating: 1, evaluationRating: 2 }, bob.cookie);
    const ok = (await get('/api/interviews/all?page=1&callRating=1', admin)).json();
    expect(ok.items.map((i: Interview) => i.id)).toContain(bobIds[3]);
    expect(ok.items.every((i: Interview) => i.callRating === 1)).toBe(true);
    const great = (await get('/api/interviews/all?page=1&evaluationRating=2&search=bob', admin)).json();
    expect(great).toMatchObject({ total: 1, items: [{ id: bobIds[3], userName: 'Bob' }] });
    const unrated = (
      await get('/api/interviews/all?page=1&pageSize=5&evaluationRating=unrated', admin)
    ).json();
    const rated = (await get('/api/interviews/all', admin))
      .json<Interview[]>()
      .filter((i) => i.evaluationRating !== null);
    // counted as far as LIST_COUNT_AHEAD: beyond, "more than"
    const unratedCount = 68 - rated.length;
    expect(unrated).toMatchObject({
      total: Math.min(unratedCount, LIST_COUNT_AHEAD),
      totalCapped: unratedCount > LIST_COUNT_AHEAD,
    });
    expect(unrated.items).toHaveLength(5);
    const byType = (
      await get(`/api/interviews/all?page=1&callType=Sales%20Call&interviewerId=${scenarios[1].id}`, admin)
    ).json();
    expect(byType.items.every((i: Interview) => i.interviewerId === scenarios[1].id)).toBe(true);
  });

  it('leaves the transcripts out when asked (transcripts=omit), paged, searched and plain', async () => {
    type AdminItem = Interview & { userName?: string };
    const withoutTranscript = ({ transcript: _, ...rest }: AdminItem) => rest;
    for (const query of [
      'page=1',
      'page=2&search=budget',
      'page=1&search=alice',
      'page=1&callRating=unrated',
      '',
    ]) {
      const full = (await get(`/api/interviews/all?${query}`, admin)).json();
      const lean = (await get(`/api/interviews/all?${query}&transcripts=omit`, admin)).json();
      const fullItems: AdminItem[] = Array.isArray(full) ? full : full.items;
      const leanItems: AdminItem[] = Array.isArray(lean) ? lean : lean.items;
      expect(fullItems.length, query).toBeGreaterThan(0);
      expect(
        leanItems.some((i) => 'transcript' in i),
        query,
      ).toBe(false);
      expect(leanItems, query).toEqual(fullItems.map(withoutTranscript));
    }
  });

  it('rejects an unknown rating filter with 400', async () => {
    expect((await get('/api/interviews/all?page=1&callRating=5', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/interviews/trends and /:id/utterances', () => {
  it('answers the caller’s completed calls oldest first with scores and speech figures', async () => {
    const res = await get('/api/interviews/trends?limit=10', alice.cookie);
    const points = res.json();
    expect(points).toHaveLength(10);
    expect(points.map((p: { id: number }) => p.id)).toEqual(aliceIds.slice(0, 10).reverse());
    const newest = points.at(-1);
    expect(newest).toMatchObject({
      interviewerName: 'Priya Sharma',
      wordsPerMinute: 110,
      fillersPer100Words: 0,
    });
    expect(newest.criteria).toHaveLength(3);
    const failed = points.find((p: { id: number }) => p.id === aliceIds[6]);
    expect(failed).toMatchObject({ averageScore: null, criteria: [], wordsPerMinute: null });
  });

  it('serves utterance timings to the owner and admins only', async () => {
    const own = await get(`/api/interviews/${bobIds[0]}/utterances`, bob.cookie);
    expect(own.json()).toHaveLength(4);
    expect(own.json()[1]).toMatchObject({ speaker: 'user', startMs: 2000 });
    expect((await get(`/api/interviews/${bobIds[0]}/utterances`, admin)).statusCode).toBe(200);
    expect((await get(`/api/interviews/${bobIds[0]}/utterances`, alice.cookie)).statusCode).toBe(404);
    expect((await get('/api/interviews/999999/utterances', bob.cookie)).statusCode).toBe(404);
  });

  it('says which lines the built-in recogniser heard, and how sure it was', async () => {
    const { db } = ctx.database;
    const [line] = await db
      .update(utterances)
      .set({ confidence: 0.58 })
      .where(and(eq(utterances.interviewId, bobIds[1] ?? 0), eq(utterances.speaker, 'user')))
      .returning({ id: utterances.id });
    expect(line).toBeDefined();
    const lines = (await get(`/api/interviews/${bobIds[1]}/utterances`, bob.cookie)).json();
    expect(lines.filter((u: { confidence: number | null }) => u.confidence === 0.58)).not.toHaveLength(0);
    expect(lines.find((u: { speaker: string }) => u.speaker === 'agent').confidence).toBeNull();
  });
});

describe('POST /api/test-support/seed-calls', () => {
  it('does not exist unless E2E_SEED=1', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-support/seed-calls',
      payload: { userId: alice.id, completed: 1 },
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(404);
  });

  it('with E2E_SEED=1 seeds for admins only', async () => {
    const app = await buildApp({ ...ctx.deps, config: testConfig({ E2E_SEED: '1' }) }, { logger: false });
    try {
      const seed = (cookie: string) =>
        app.inject({
          method: 'POST',
          url: '/api/test-support/seed-calls',
          payload: { userId: bob.id, completed: 2, unfinished: 1, withRecording: true },
          headers: { cookie },
        });
      expect((await seed(bob.cookie)).statusCode).toBe(403);
      const res = await seed(admin);
      expect(res.statusCode).toBe(201);
      expect(res.json().completedIds).toHaveLength(2);
      const seeded = (await get(`/api/interviews?userId=${bob.id}`, bob.cookie))
        .json<Interview[]>()
        .filter((i) => res.json().completedIds.includes(i.id));
      const info = await ctx.deps.blobs.stat(recordingKey(seeded[0].conversationId!));
      expect(info).toMatchObject({ contentType: 'audio/wav' });
      expect(info?.size).toBeGreaterThan(44);
    } finally {
      await app.close();
    }
  });
});

describe('summary figures in SQL', () => {
  it('agree with the shared rule for every evaluation shape', async () => {
    const carol = await registerUser(ctx.app, { name: 'Carol' });
    const evaluations: unknown[] = [
      [{ score: 4 }, { score: '8' }, { name: 'x' }, { score: 8 }],
      { criteria: [{ score: 10 }, { score: 9.5 }], overallScore: 1 },
      { criteria: [] },
      { foo: 1 },
      'text',
      5,
      { error: 'Evaluation failed', message: 'm' },
    ];
    const start = Date.parse('2026-05-01T10:00:00Z');
    await ctx.database.db.insert(interviews).values(
      evaluations.map((evaluation, i) => ({
        userId: carol.user.id,
        interviewerId: scenarios[0].id,
        startTime: new Date(start + i * 60_000),
        endTime: new Date(start + i * 60_000 + 30_000),
        evaluation,
      })),
    );
    const body = (await get('/api/interviews?page=1', carol.cookie)).json();
    expect(body.summary.completedCount).toBe(evaluations.length);
    expect(body.summary.averageScore).toBeCloseTo(overallAverageScore(evaluations), 9);
    expect(body.summary.averageScore).toBeCloseTo((6 + 9.75) / 7, 9);
  });
});

// last: its calls would change the All Calls counts above
describe('search text', () => {
  it('treats punctuation in the search as plain text, in any letter case', async () => {
    const erin = await registerUser(ctx.app, { name: 'Erin' });
    const texts = [
      'You: The plan (v2) costs $5.50 [approx] ^ a*b+c? {x|y} back\\slash',
      'You: The plan v2 costs 5x50 approx a b c x y back slash',
    ];
    const start = Date.parse('2026-05-01T10:00:00Z');
    const [withMarks] = await ctx.database.db
      .insert(interviews)
      .values(
        texts.map((transcript, i) => ({
          userId: erin.user.id,
          interviewerId: scenarios[0].id,
          startTime: new Date(start + i * 60_000),
          endTime: new Date(start + i * 60_000 + 30_000),
          transcript,
          evaluation: [{ score: 5 }],
        })),
      )
      .returning({ id: interviews.id });
    for (const search of ['(V2)', '$5.50', '[APPROX]', '^ A*B+C?', '{X|Y}', 'back\\slash', '.']) {
      const res = (
        await get(`/api/interviews?page=1&search=${encodeURIComponent(search)}`, erin.cookie)
      ).json();
      expect(
        res.items.map((i: Interview) => i.id),
        search,
      ).toEqual([withMarks.id]);
    }
  });
});
