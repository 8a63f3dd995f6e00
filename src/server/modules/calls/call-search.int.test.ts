// Issue 25: history search over many calls. A search reads the newest SEARCH_WINDOW calls first
// and then reads on or asks the trigram index (find-calls.ts, searchNewestFirst); whichever way it
// goes, the page, its order and the counted total must be what filtering every call gives.
import { and, desc, isNotNull, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, LIST_COUNT_AHEAD } from '../../../shared/domain/limits.js';
import type { Database } from '../../db/client.js';
import { interviews, users } from '../../db/schema.js';
import { migrateFrom, onDatabaseBefore } from '../../test-support/earlier-migrations.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { ensureAdmin } from '../auth/service.js';
import { insertInterviewer } from './call-fixtures.js';
import {
  findCompletedInterviews,
  keptStatementShapes,
  namedStatementShapes,
  searchedDashboardQuery,
} from './find-calls.js';
import { SEARCH_WINDOW } from './searched-matches.js';
import { seedableInterviews, seedCalls } from './seed-calls.js';

const CALLS = 2000;
let ctx: TestContext;
let admin: string;
let erin: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { REGISTER_RATE_LIMIT: '1000' } });
  await ensureAdmin(ctx.database.db, 'root@example.com', 'root-password');
  admin = sessionCookie(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'root@example.com', password: 'root-password' },
    }),
  );
  erin = await registerUser(ctx.app, { name: 'Erin' });
  const frank = await registerUser(ctx.app, { name: 'Frank' });
  const scenario = await insertInterviewer(ctx.database.db);
  const interviewerIds = [scenario.id];
  const now = new Date('2026-06-01T12:00:00Z');
  // every transcript says "call number <i>."; a quarter of them "the budget review"
  await seedCalls(ctx.database.db, { userId: erin.user.id, completed: CALLS, now, interviewerIds });
  // another user's calls interleave with Erin's in All Calls; their unfinished calls (no
  // transcript) are the oldest of all, past the completed calls' count that All Calls' search
  // reads on to (searchNewestFirst checks what it found there)
  await seedCalls(ctx.database.db, { userId: frank.user.id, completed: 600, now, interviewerIds });
  await seedCalls(ctx.database.db, {
    userId: frank.user.id,
    completed: 0,
    unfinished: SEARCH_WINDOW + 50,
    now: new Date('2020-01-01T00:00:00Z'),
    interviewerIds,
  });
}, 120_000);
afterAll(() => ctx.close());

/** What filtering every completed call of the user (or every call, for All Calls) gives. */
async function expected(search: string, userId?: number) {
  const rows = await ctx.database.db
    .select({ id: interviews.id, userId: interviews.userId, transcript: interviews.transcript })
    .from(interviews)
    .where(userId ? and(isNotNull(interviews.endTime), isNotNull(interviews.evaluation)) : undefined)
    .orderBy(desc(interviews.startTime), desc(interviews.id));
  return rows
    .filter((r) => (userId ? r.userId === userId : true))
    .filter((r) => r.transcript?.toLowerCase().includes(search.toLowerCase()))
    .map((r) => r.id);
}

type Listed = { items: { id: number }[]; total: number; totalCapped: boolean };

async function list(cookie: string, route: string, search: string, page: number, pageSize: number) {
  const url = `${route}?page=${page}&pageSize=${pageSize}&search=${encodeURIComponent(search)}`;
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, url).toBe(200);
  const body = res.json();
  return body as Listed;
}

/** The page and total the list must answer, from the full match list. */
function pageOf(matches: number[], page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  const countUpTo = offset + Math.max(pageSize, LIST_COUNT_AHEAD);
  return {
    ids: matches.slice(offset, offset + pageSize),
    total: Math.min(matches.length, countUpTo),
    totalCapped: matches.length > countUpTo,
  };
}

// common ("budget": a quarter of the calls), common enough to read on past the window on a later
// page, rare (one call, past the window), absent, and one that every call holds
const cases: [string, number, number][] = [
  ['BUDGET', 1, 5],
  ['budget', 3, 20],
  ['budget', 60, 5],
  ['number 1234.', 1, 5],
  ['number 1999.', 1, 5],
  ['nowhere said', 1, 5],
  ['call number', 300, 5],
  ['call number', 600, 5],
];

describe('history search past the newest calls', () => {
  it.each(cases)(
    'the dashboard finds "%s" (page %i of %i) as filtering every call does',
    async (search, page, size) => {
      const want = pageOf(await expected(search, erin.user.id), page, size);
      const got = await list(erin.cookie, '/api/interviews', search, page, size);
      expect({ ids: got.items.map((i) => i.id), total: got.total, totalCapped: got.totalCapped }).toEqual(
        want,
      );
    },
  );

  it.each(cases)(
    'All Calls finds "%s" (page %i of %i) as filtering every call does',
    async (search, page, size) => {
      const want = pageOf(await expected(search), page, size);
      const got = await list(admin, '/api/interviews/all', search, page, size);
      expect({ ids: got.items.map((i) => i.id), total: got.total, totalCapped: got.totalCapped }).toEqual(
        want,
      );
    },
  );

  // The one statement (searchedMatches) answers a first page itself: a common word by its words
  // count and the newest calls, in any case, and a rare text by the trigram index. When it does
  // not, the list still answers the longer way, which the cases above would not tell apart.
  it.each([
    ['budget', 'recent'],
    ['BUDGET', 'recent'],
    ['Number', 'recent'],
    ['number 1234.', 'rare'],
  ] as const)('answers "%s" on the first page in one statement (%s)', async (search, way) => {
    const [row] = await searchedDashboardQuery(ctx.database.db, erin.user.id, {
      page: 1,
      pageSize: 5,
      search,
    });
    const countLimit = Math.max(5, LIST_COUNT_AHEAD) + 1;
    expect({ words: row.words, found: row.found, matched: row.matched, recent: row.recent }).toEqual(
      way === 'recent'
        ? { words: countLimit, found: 0, matched: 0, recent: 5 }
        : { words: 0, found: 1, matched: 1, recent: 0 },
    );
  });

  // A word every call says is counted from the sixteenth of the calls that
  // interviews_user_words_sample_idx holds (migration 0019), without reading its 2,000 postings in
  // the words index; a word in a quarter of them (500 calls, some 30 in the sample) goes on to it.
  it.each([
    ['number', 'the sample alone'],
    ['budget', 'the sample, then every call'],
  ] as const)('counts the calls that say "%s" from %s', async (search, way) => {
    const query = searchedDashboardQuery(ctx.database.db, erin.user.id, { page: 1, pageSize: 5, search });
    const plan = (
      await rowsOf<Record<string, string>>(
        ctx.database.db,
        sql`explain (analyze, costs off, timing off, summary off) ${query}`,
      )
    ).map((row) => Object.values(row)[0]);
    const scanOf = (index: string) => {
      const line = plan.find((l) => l.includes(`Bitmap Index Scan on ${index} `));
      return line?.includes('never executed') ? 'not read' : line ? 'read' : 'not in the plan';
    };
    expect({
      sample: scanOf('interviews_user_words_sample_idx'),
      words: scanOf('interviews_user_words_idx'),
    }).toEqual({ sample: 'read', words: way === 'the sample alone' ? 'not read' : 'read' });
    const [row] = await query;
    expect(row.words).toBe(Math.max(5, LIST_COUNT_AHEAD) + 1);
  });

  // a text no transcript says that names a scenario, or in All Calls a caller: the index finds no
  // transcript, and the calls come from the name
  it('finds the calls of a scenario whose name holds the text, though no transcript says it', async () => {
    const quill = await insertInterviewer(ctx.database.db, { name: 'Zephyr Quill' });
    const ids = (
      await ctx.database.db
        .insert(interviews)
        .values(
          [1, 2, 3].map((n) => ({
            userId: erin.user.id,
            interviewerId: quill.id,
            startTime: new Date(Date.UTC(2019, 0, n)),
            endTime: new Date(Date.UTC(2019, 0, n, 1)),
            transcript: 'You: hello.',
            evaluation: [{ score: 5 }],
          })),
        )
        .returning({ id: interviews.id })
    ).map((r) => r.id);
    const got = await list(erin.cookie, '/api/interviews', 'zephyr QUILL', 1, 5);
    expect({ ids: got.items.map((i) => i.id), total: got.total }).toEqual({ ids: ids.reverse(), total: 3 });
  });

  // First pages run statements with their row counts written in, one per page size (find-calls.ts,
  // writtenIn): each size must get its own.
  it.each([1, 3, 5, 7])('answers a first page of %i calls, with and without a search', async (size) => {
    const completed = await expected('', erin.user.id);
    const all = pageOf(completed, 1, size);
    const plain = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/interviews?page=1&pageSize=${size}`,
        headers: { cookie: erin.cookie },
      })
    ).json() as Listed;
    expect({ ids: plain.items.map((i) => i.id), total: plain.total }).toEqual({
      ids: all.ids,
      total: completed.length,
    });
    for (const search of ['budget', 'number 1999.', 'number 19']) {
      const want = pageOf(await expected(search, erin.user.id), 1, size);
      const got = await list(erin.cookie, '/api/interviews', search, 1, size);
      expect({ ids: got.items.map((i) => i.id), total: got.total, totalCapped: got.totalCapped }).toEqual(
        want,
      );
      const wantAll = pageOf(await expected(search), 1, size);
      const gotAll = await list(admin, '/api/interviews/all', search, 1, size);
      expect({
        ids: gotAll.items.map((i) => i.id),
        total: gotAll.total,
        totalCapped: gotAll.totalCapped,
      }).toEqual(wantAll);
    }
  });

  // All Calls as an admin opens it (no text, no filter, the app's page size) has one plan for any
  // values, so PostgreSQL keeps it; with a filter or another size each run is planned for its values.
  it('names the statement of All Calls as it opens, and not those of its filters or other sizes', async () => {
    const open = async (query: string) => {
      const before = new Set(namedStatementShapes());
      const url = `/api/interviews/all?page=1${query}`;
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().items.length, url).toBeGreaterThan(0);
      return namedStatementShapes().filter((n) => !before.has(n));
    };
    expect(await open(`&pageSize=${ADMIN_PAGE_SIZE}`)).toEqual([
      expect.stringMatching(new RegExp(`^all_calls_-.*_${ADMIN_PAGE_SIZE}_`)),
    ]);
    expect(await open(`&pageSize=${ADMIN_PAGE_SIZE}`)).toEqual([]);
    expect(await open(`&pageSize=${ADMIN_PAGE_SIZE + 2}`)).toEqual([]);
    expect(await open(`&pageSize=${ADMIN_PAGE_SIZE}&callRating=unrated`)).toEqual([]);
    expect(await open(`&pageSize=${ADMIN_PAGE_SIZE}&userId=${erin.user.id}`)).toEqual([]);
  });

  // Each named statement holds a plan in every connection it ran on: asking for every page size
  // and every combination of All Calls' filters must not make a statement each.
  it('keeps a bounded number of statements, whatever sizes and filters are asked for', async () => {
    const before = keptStatementShapes();
    for (let size = 1; size <= 40; size++) {
      const got = await list(erin.cookie, '/api/interviews', 'number 1999.', 1, size);
      expect(got.total).toBe(1);
    }
    // one shape for every size but the app's own (written into its statements)
    expect(keptStatementShapes() - before).toBeLessThanOrEqual(2);
    const ratings = ['', '&callRating=1', '&callRating=unrated'];
    for (const callType of ['', '&callType=x']) {
      for (const interviewerId of ['', '&interviewerId=1']) {
        for (const callRating of ratings) {
          for (const evaluationRating of ratings.map((r) => r.replace('callRating', 'evaluationRating'))) {
            for (const userId of ['', `&userId=${erin.user.id}`]) {
              const filters = `${callType}${interviewerId}${callRating}${evaluationRating}${userId}`;
              const url = `/api/interviews/all?page=1&pageSize=5&search=number%201999.${filters}`;
              const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
              expect(res.statusCode, url).toBe(200);
            }
          }
        }
      }
    }
    // 72 shapes asked for; each list keeps 64 (find-calls.ts, MAX_SHAPES)
    expect(keptStatementShapes() - before).toBeLessThanOrEqual(64 + 2);
  });

  // A common text is counted by asking the index for LIST_COUNT_AHEAD + 1 calls that say it; that
  // count is the total only when nothing else narrows the list.
  it('counts a common text again when another filter narrows the list', async () => {
    const other = await insertInterviewer(ctx.database.db, { name: 'Unused Scenario' });
    const [rated] = await ctx.database.db
      .update(interviews)
      .set({ callRating: 2 })
      .where(
        sql`${interviews.id} = (select max(id) from interviews where user_id = ${erin.user.id} and transcript like '%budget%')`,
      )
      .returning({ id: interviews.id, transcript: interviews.transcript });
    const narrowed = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as Listed;
      return { ids: body.items.map((i) => i.id), total: body.total, totalCapped: body.totalCapped };
    };
    const none = { ids: [], total: 0, totalCapped: false };
    const dashboard = `/api/interviews?userId=${erin.user.id}&page=1&pageSize=5&search=budget`;
    expect(await narrowed(`${dashboard}&interviewerId=${other.id}`)).toEqual(none);
    expect(await narrowed(`${dashboard}&callType=no-such-type`)).toEqual(none);
    expect(
      await narrowed(`/api/interviews/all?page=1&pageSize=5&search=budget&interviewerId=${other.id}`),
    ).toEqual(none);
    const ratedOnly = await narrowed('/api/interviews/all?page=1&pageSize=5&search=budget&callRating=2');
    expect(ratedOnly).toEqual({ ids: [rated.id], total: 1, totalCapped: false });
    // and without them the probe's count stands
    expect(await narrowed(dashboard)).toMatchObject({ total: LIST_COUNT_AHEAD, totalCapped: true });
  });

  // The dashboard counts a text said as a whole word in many calls from the words' index (migration
  // 0016), a lower bound of the calls that contain it; the page still holds every call that contains
  // it, newest first, whether as a word or inside one.
  describe('a word many calls say', () => {
    let gale: Awaited<ReturnType<typeof registerUser>>;
    let scenarioId: number;
    /** Completed calls of Gale's, the first of `transcripts` the newest, all older than `before`. */
    async function galeSays(transcripts: string[], before: Date) {
      await ctx.database.db.insert(interviews).values(
        transcripts.map((transcript, i) => ({
          userId: gale.user.id,
          interviewerId: scenarioId,
          startTime: new Date(before.getTime() - (i + 1) * 60_000),
          endTime: new Date(before.getTime() - (i + 1) * 60_000 + 30_000),
          transcript,
          evaluation: [{ score: 5 }],
        })),
      );
    }
    const gales = async (search: string, page: number, size: number, filters = '') => {
      const url = `/api/interviews?page=${page}&pageSize=${size}&search=${encodeURIComponent(search)}${filters}`;
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: gale.cookie } });
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as Listed;
      return { ids: body.items.map((i) => i.id), total: body.total, totalCapped: body.totalCapped };
    };

    beforeAll(async () => {
      gale = await registerUser(ctx.app, { name: 'Gale' });
      scenarioId = (
        await insertInterviewer(ctx.database.db, { name: 'Word Scenario', callType: 'Word Calls' })
      ).id;
      const at = new Date('2025-01-01T00:00:00Z');
      // newest: two calls that say "zebra" only inside other words; then 60 that say the word
      await galeSays(['You: the ZEBRAS ran.', 'You: a zebra-striped shirt and overzebra.'], at);
      await galeSays(
        Array.from({ length: 60 }, (_, i) => `You: call ${i}, a zebra.`),
        new Date(at.getTime() - 3600_000),
      );
      // "okapi": 60 calls say it, all older than Gale's SEARCH_WINDOW newest calls
      await galeSays(
        Array.from({ length: SEARCH_WINDOW }, (_, i) => `You: recent call ${i}.`),
        new Date(at.getTime() - 7200_000),
      );
      await galeSays(
        Array.from({ length: 60 }, (_, i) => `You: old call ${i}, an okapi.`),
        new Date('2024-01-01T00:00:00Z'),
      );
      // "heron": 60 calls say it, 20 of them with another scenario (another call type)
      const other = (
        await insertInterviewer(ctx.database.db, { name: 'Other Scenario', callType: 'Other Calls' })
      ).id;
      await galeSays(
        Array.from({ length: 60 }, (_, i) => `You: a heron ${i}.`),
        new Date('2023-06-01T00:00:00Z'),
      );
      await ctx.database.db
        .update(interviews)
        .set({ interviewerId: other })
        .where(sql`${interviews.userId} = ${gale.user.id} and ${interviews.transcript} like '%heron 1%'`);
      // "gnu": 30 say the word, 30 only "gnus": fewer than the count as a word, more as text
      await galeSays(
        Array.from({ length: 60 }, (_, i) => `You: ${i % 2 ? 'a gnu' : 'two gnus'} ${i}.`),
        new Date('2023-01-01T00:00:00Z'),
      );
    });

    it.each([
      ['zebra', 1, 5],
      ['ZEBRA', 2, 5],
      ['zebra', 1, 20],
      ['okapi', 1, 5],
      ['okapi', 3, 5],
      ['gnu', 1, 5],
      ['gnus', 1, 5],
    ] as const)('finds "%s" (page %i of %i) as filtering every call does', async (search, page, size) => {
      const want = pageOf(await expected(search, gale.user.id), page, size);
      expect(await gales(search, page, size)).toEqual(want);
    });

    it('finds the calls saying it inside other words first when they are the newest', async () => {
      const got = await gales('zebra', 1, 5);
      const transcripts = (await ctx.database.db
        .select({ id: interviews.id, transcript: interviews.transcript })
        .from(interviews)
        .where(sql`${interviews.id} in ${got.ids}`)) as { id: number; transcript: string }[];
      const byId = new Map(transcripts.map((t) => [t.id, t.transcript]));
      expect(got.ids.slice(0, 2).map((id) => byId.get(id))).toEqual([
        'You: the ZEBRAS ran.',
        'You: a zebra-striped shirt and overzebra.',
      ]);
      expect(got).toMatchObject({ total: LIST_COUNT_AHEAD, totalCapped: true });
    });

    it('counts within a narrowing filter', async () => {
      const want = pageOf(await expected('zebra', gale.user.id), 1, 5);
      expect(await gales('zebra', 1, 5, `&interviewerId=${scenarioId}`)).toEqual(want);
      const none = { ids: [], total: 0, totalCapped: false };
      expect(await gales('zebra', 1, 5, `&interviewerId=${scenarioId + 1000}`)).toEqual(none);
      expect(await gales('okapi', 1, 5, '&callType=no-such-type')).toEqual(none);
      // a word that more calls say than the count, but fewer once filtered: counted within the filter
      for (const filters of [
        `&interviewerId=${scenarioId}`,
        '&callType=Word%20Calls',
        '&callType=Other%20Calls',
      ]) {
        const calls = await gales('heron', 1, 5, filters);
        expect(calls.total, filters).toBeLessThanOrEqual(LIST_COUNT_AHEAD);
        expect(calls.totalCapped, filters).toBe(false);
      }
      expect((await gales('heron', 1, 5, '&callType=Other%20Calls')).total).toBe(11);
      expect((await gales('heron', 1, 5)).totalCapped).toBe(true);
      // a rare text (fewer calls than the count): its calls by id, filtered all the same
      const rare = pageOf(await expected('gnus', gale.user.id), 1, 5);
      expect(await gales('gnus', 1, 5, `&interviewerId=${scenarioId}`)).toEqual(rare);
      expect(await gales('gnus', 1, 5, `&interviewerId=${scenarioId + 1000}`)).toEqual(none);
      expect(await gales('gnus', 1, 5, '&callType=no-such-type')).toEqual(none);
    });
  });

  // the text reaches the statement as values (a LIKE pattern, a words key): none of these is SQL,
  // a wildcard or a key of another user's words
  it.each([
    ['a NUL character', 'bud\u0000get'],
    ['wildcards and the escape character', '%_\\'],
    ['a key of another caller', '1:budget'],
    ['letters that change length when lower-cased', 'İSTANBUL ß'],
    ['200 characters of one word', 'b'.repeat(200)],
    ["SQL's quoting", "budget'); drop table interviews; --"],
  ])('answers a search with %s as text, from both lists', async (_what, search) => {
    for (const [cookie, route] of [
      [erin.cookie, '/api/interviews'],
      [admin, '/api/interviews/all'],
    ] as const) {
      const url = `${route}?page=1&pageSize=5&search=${encodeURIComponent(search)}`;
      const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode !== 200) continue;
      const want = pageOf(
        await expected(search, route === '/api/interviews' ? erin.user.id : undefined),
        1,
        5,
      );
      const got = res.json() as Listed;
      expect({ ids: got.items.map((i) => i.id), total: got.total, totalCapped: got.totalCapped }).toEqual(
        want,
      );
    }
  });

  it("All Calls finds a caller's calls by their name, though no transcript says it", async () => {
    const all = await ctx.database.db
      .select({ id: interviews.id, userId: interviews.userId })
      .from(interviews)
      .orderBy(desc(interviews.startTime), desc(interviews.id));
    const erins = all.filter((r) => r.userId === erin.user.id).map((r) => r.id);
    const got = await list(admin, '/api/interviews/all', 'ERIN', 2, 5);
    expect({ ids: got.items.map((i) => i.id), total: got.total, totalCapped: got.totalCapped }).toEqual(
      pageOf(erins, 2, 5),
    );
  });
});

/** A user in a database as it was before a migration. */
async function oldUser(db: Database['db']) {
  const [user] = await db
    .insert(users)
    .values({ name: 'Old', email: 'old@example.com', passwordHash: 'x' })
    .returning({ id: users.id });
  return user;
}

/**
 * A user and a scenario in a database as it was before a migration, and the values of a completed
 * call of theirs starting `minute` minutes into a fixed day, saying `transcript`.
 */
async function oldCaller(db: Database['db']) {
  const user = await oldUser(db);
  const scenario = await insertInterviewer(db);
  const completed = (minute: number, transcript: string) => ({
    userId: user.id,
    interviewerId: scenario.id,
    startTime: new Date(Date.UTC(2026, 0, 1, 9, minute)),
    endTime: new Date(Date.UTC(2026, 0, 1, 9, minute + 5)),
    transcript,
    evaluation: [{ score: 5 }],
  });
  return { user, completed };
}

/** Rows of a query written in SQL. */
const rowsOf = async <T>(db: Database['db'], query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe('migrations 0014 and 0015', () => {
  it('give the calls already there their lower-cased copy, and its trigram index per user', async () => {
    // the migrations before 0014, as a database had them before it
    await onDatabaseBefore('0014', async (database) => {
      const { db } = database;
      const user = await oldUser(db);
      const scenario = await insertInterviewer(db, { name: 'Ünïcode Ölsen' });
      await seedCalls(db, { userId: user.id, completed: 3, interviewerIds: [scenario.id] });

      await migrateFrom(database);
      const rows = <T>(query: SQL) => rowsOf<T>(db, query);
      const copies = await rows<{ same: boolean }>(
        sql`select search_text = lower(transcript) as same from interviews`,
      );
      expect(copies).toEqual([{ same: true }, { same: true }, { same: true }]);
      const indexes = (
        await rows<{ name: string }>(
          sql`select indexname as name from pg_indexes where tablename = 'interviews'`,
        )
      ).map((r) => r.name);
      expect(indexes).toContain('interviews_user_search_trgm_idx');
      expect(indexes).not.toContain('interviews_search_text_trgm_idx');
      expect(indexes).not.toContain('interviews_transcript_trgm_idx');
      // a call written after the migration has its copy too, found case-insensitively
      await db.insert(seedableInterviews).values({
        userId: user.id,
        interviewerId: scenario.id,
        startTime: new Date(),
        endTime: new Date(),
        transcript: 'You: I spoke to ÖLSEN about the BUDGET.',
        evaluation: [{ score: 5 }],
      });
      const found = await findCompletedInterviews(db, user.id, { page: 1, search: 'ölsen about the budget' });
      expect(found.items.map((i) => i.transcript)).toEqual(['You: I spoke to ÖLSEN about the BUDGET.']);
    });
  });
});

describe('migration 0016', () => {
  it("indexes the words of the calls already there, under their caller's id and anyone's", async () => {
    await onDatabaseBefore('0016', async (database) => {
      const { db } = database;
      const { user, completed } = await oldCaller(db);
      await db.insert(seedableInterviews).values(completed(0, 'You: The BUDGET-friendly plan, Ölsen.'));

      await migrateFrom(database);
      const rows = <T>(query: SQL) => rowsOf<T>(db, query);
      const [{ words }] = await rows<{ words: string[] }>(
        sql`select call_words(user_id, search_text) as words from interviews`,
      );
      const own = (w: string) => `${user.id}:${w}`;
      expect(words).toEqual(
        expect.arrayContaining([own('budget-friendly'), own('budget'), own('friendly'), own('ölsen')]),
      );
      // every word is a piece of the lower-cased transcript (the count it gives is a lower bound)
      expect(words).toEqual(expect.arrayContaining(['*:budget', '*:ölsen']));
      for (const w of words)
        expect('you: the budget-friendly plan, ölsen.').toContain(w.replace(/^[^:]*:/, ''));
      const indexes = (
        await rows<{ name: string }>(
          sql`select indexname as name from pg_indexes where tablename = 'interviews'`,
        )
      ).map((r) => r.name);
      expect(indexes).toContain('interviews_user_words_idx');
    });
  });
});

describe('migration 0017', () => {
  it('stores the search copy of a call written after it uncompressed, and finds calls from before and after', async () => {
    await onDatabaseBefore('0017', async (database) => {
      const { db } = database;
      const { user, completed } = await oldCaller(db);
      // a 10-minute call's transcript: long enough to be compressed and stored out of line
      const transcript = (n: number) =>
        Array.from({ length: 200 }, (_, i) => `You: Answer ${i} of call ${n} about the BUDGET.`).join('\n');
      await db.insert(seedableInterviews).values(completed(0, transcript(1)));

      await migrateFrom(database);
      await db.insert(seedableInterviews).values(completed(30, transcript(2)));
      const stored = await rowsOf<{ search: string | null; transcript: string | null }>(
        db,
        sql`select pg_column_compression(search_text) as search, pg_column_compression(transcript) as transcript
            from interviews order by start_time`,
      );
      // before: the copy compressed as the transcript is; after: the copy as is, the transcript still compressed
      expect(stored).toEqual([
        { search: 'pglz', transcript: 'pglz' },
        { search: null, transcript: 'pglz' },
      ]);
      for (const search of ['budget', 'answer 199 of call 1', 'answer 0 of call 2']) {
        const found = await findCompletedInterviews(db, user.id, { page: 1, search });
        const expected =
          search === 'budget' ? [transcript(2), transcript(1)] : [transcript(search.endsWith('1') ? 1 : 2)];
        expect(found.items.map((i) => i.transcript)).toEqual(expected);
      }
    });
  });
});

describe('migration 0018', () => {
  it('has every GIN index write new calls into itself, with no pending list left for searches to read through', async () => {
    await onDatabaseBefore('0018', async (database) => {
      const { db } = database;
      const { user, completed } = await oldCaller(db);
      const call = (n: number) => completed(n, `You: Call ${n} was about the budget of project zeta${n}.`);
      const ginIndexes = (table: SQL) => sql`select c.oid::regclass::text as name, c.reloptions as options
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
          where a.amname = 'gin' and c.relnamespace = current_schema()::regnamespace and ${table} order by 1`;
      const callIndexes = ginIndexes(sql`i.indrelid = 'interviews'::regclass`);
      /** flushes each GIN index of the calls' pending list: how many pages it held */
      const pending = async () => {
        const indexes = await rowsOf<{ name: string }>(db, callIndexes);
        const pages = await Promise.all(
          indexes.map(({ name }) =>
            rowsOf<{ pages: number }>(
              db,
              sql`select gin_clean_pending_list(${name}::regclass)::int as pages`,
            ),
          ),
        );
        return Object.fromEntries(indexes.map(({ name }, i) => [name, pages[i][0].pages]));
      };
      // before: a new call's entries wait in each index's pending list
      await db.insert(seedableInterviews).values(call(1));
      const before = await pending();
      expect(Object.keys(before)).toEqual(['interviews_user_search_trgm_idx', 'interviews_user_words_idx']);
      expect(Object.values(before).every((pages) => pages > 0)).toBe(true);
      await db.insert(seedableInterviews).values(call(2));

      await migrateFrom(database);
      // every GIN index: the calls' and the name searches' of users and scenarios
      const indexes = await rowsOf<{ name: string; options: string[] | null }>(db, ginIndexes(sql`true`));
      expect(indexes.map((i) => i.name)).toEqual(
        expect.arrayContaining([
          'interviews_user_search_trgm_idx',
          'interviews_user_words_idx',
          'users_name_trgm_idx',
          'interviewers_name_trgm_idx',
        ]),
      );
      for (const index of indexes) expect(index.options, index.name).toContain('fastupdate=off');
      // the migration flushed what was pending, and a call stored after it leaves nothing pending
      await db.insert(seedableInterviews).values(call(3));
      expect(await pending()).toEqual({
        interviews_user_search_trgm_idx: 0,
        interviews_user_words_idx: 0,
        // migration 0019's, created without a pending list
        interviews_user_words_sample_idx: 0,
      });
      for (const [search, n] of [
        ['zeta1.', 1],
        ['zeta2.', 2],
        ['zeta3.', 3],
      ] as const) {
        const found = await findCompletedInterviews(db, user.id, { page: 1, search });
        expect(found.items.map((i) => i.transcript)).toEqual([call(n).transcript]);
      }
    });
  });
});

describe('migration 0019', () => {
  it('indexes the words of the sampled calls already there, and counts a common word from them', async () => {
    await onDatabaseBefore('0019', async (database) => {
      const { db } = database;
      const user = await oldUser(db);
      const scenario = await insertInterviewer(db);
      // 1,000 calls that all say "budget": some 60 of them hash into the sample
      await seedCalls(db, { userId: user.id, completed: 1000, interviewerIds: [scenario.id] });
      await db.execute(sql`update interviews set transcript = transcript || ' The budget.'`);

      await migrateFrom(database);
      const [{ sampled, said }] = await rowsOf<{ sampled: number; said: number }>(
        db,
        sql`select count(*) filter (where (hashint4(id) & 15) = 0)::int as sampled,
            count(*) filter (where (hashint4(id) & 15) = 0
              and call_words(user_id, search_text) @> array[${`${user.id}:budget`}])::int as said
            from interviews`,
      );
      expect(said).toBe(sampled);
      expect(sampled).toBeGreaterThan(LIST_COUNT_AHEAD);
      // the index is there, over the sampled completed calls only
      const [index] = await rowsOf<{ def: string }>(
        db,
        sql`select indexdef as def from pg_indexes where indexname = 'interviews_user_words_sample_idx'`,
      );
      expect(index?.def).toMatch(/call_words\(user_id, search_text\).*hashint4\(id\) & 15\) = 0/);
      const [row] = await searchedDashboardQuery(db, user.id, { page: 1, pageSize: 5, search: 'Budget' });
      expect({ words: row.words, recent: row.recent }).toEqual({ words: LIST_COUNT_AHEAD + 1, recent: 5 });
    });
  });
});
