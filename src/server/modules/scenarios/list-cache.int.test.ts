// The scenario-list cache against the real change feed, on both databases: a change made behind
// the app's back (plain SQL, as another server or an operator would) reaches the list through
// NOTIFY; the app's own writes show on the very next read; one user's list never answers another.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';
import { insertInterviewer } from '../calls/call-fixtures.js';
import { type InterviewerListCache, interviewerListCache } from './list-cache.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const list = async (cookie: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/interviewers', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res;
};
const names = async (cookie: string) =>
  ((await list(cookie)).json() as { name: string }[]).map((i) => i.name);

/** the list once the notification has been handled (it travels through the database) */
async function eventually(cookie: string, holds: (names: string[]) => boolean) {
  const deadline = Date.now() + 5000;
  let last: string[] = [];
  while (Date.now() < deadline) {
    last = await names(cookie);
    if (holds(last)) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  return last;
}

/**
 * Waits until the notifications of earlier writes (the reset's truncate, a fixture's insert) have
 * come back and dropped the lists, so that a list stored next stays until the test changes something.
 */
async function settled(cache: InterviewerListCache) {
  for (;;) {
    const epoch = cache.epoch;
    await new Promise((r) => setTimeout(r, 150));
    if (cache.epoch === epoch) return;
  }
}

describe('scenario list cache', () => {
  it('answers the same JSON from the cache as from the database', async () => {
    const cache = interviewerListCache(ctx.database.db);
    if (!cache) throw new Error('no list cache');
    await insertInterviewer(ctx.database.db, { name: 'Alex Rivera' });
    await settled(cache);
    const { cookie, user } = await registerUser(ctx.app);
    const first = await list(cookie);
    expect(cache.get(user.id, Date.now())).toBe(first.body);
    const second = await list(cookie);
    expect(second.body).toBe(first.body);
    expect(first.json()).toMatchObject([{ name: 'Alex Rivera', isCustomScenario: false }]);
  });

  it('a scenario renamed, added or archived in the database shows on the next reads', async () => {
    const alex = await insertInterviewer(ctx.database.db, { name: 'Alex Rivera' });
    const { cookie } = await registerUser(ctx.app);
    expect(await names(cookie)).toEqual(['Alex Rivera']);
    await ctx.database.exec(
      `update interviewers set name = 'Alexandra Rivera' where id = ${Number(alex.id)}`,
    );
    expect(await eventually(cookie, (n) => n.includes('Alexandra Rivera'))).toEqual(['Alexandra Rivera']);
    await ctx.database.exec(
      `insert into interviewers (name, role, system_prompt) values ('Sam Lee', 'Buyer', 'You are Sam.')`,
    );
    expect(await eventually(cookie, (n) => n.length === 2)).toEqual(['Alexandra Rivera', 'Sam Lee']);
    await ctx.database.exec(`update interviewers set is_archived = true where id = ${Number(alex.id)}`);
    expect(await eventually(cookie, (n) => n.length === 1)).toEqual(['Sam Lee']);
  });

  it("the app's own writes show at once, and a user's custom scenario only in their own list", async () => {
    await insertInterviewer(ctx.database.db, { name: 'Alex Rivera' });
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    expect(await names(a.cookie)).toEqual(['Alex Rivera']);
    expect(await names(b.cookie)).toEqual(['Alex Rivera']);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/interviewers',
      headers: { cookie: a.cookie },
      payload: { name: 'My Own', systemPrompt: 'You are my own.', userId: a.user.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    // no waiting: the very next read
    expect(await names(a.cookie)).toEqual(['Alex Rivera', 'My Own']);
    expect(await names(b.cookie)).toEqual(['Alex Rivera']);
    const archived = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/interviewers/${created.json().id}`,
      headers: { cookie: a.cookie },
      payload: { isArchived: true },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await names(a.cookie)).toEqual(['Alex Rivera']);
  });

  it('a user deleted in the database takes their custom scenarios out of the cache too', async () => {
    const a = await registerUser(ctx.app);
    const cache = interviewerListCache(ctx.database.db);
    if (!cache) throw new Error('no list cache');
    await insertInterviewer(ctx.database.db, { name: 'Theirs', isCustomScenario: true, userId: a.user.id });
    await settled(cache);
    expect(await names(a.cookie)).toEqual(['Theirs']);
    expect(cache.size).toBe(1);
    await ctx.database.exec(`delete from users where id = ${Number(a.user.id)}`);
    // the cascade removed the scenario: every list is dropped
    await expect.poll(() => cache.size, { timeout: 5000 }).toBe(0);
  });
});
