import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CUSTOM_SCENARIOS } from '../../../shared/domain/limits.js';
import { interviewers } from '../../db/schema.js';
import { seedInterviewers } from '../../db/seed/interviewers.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { ensureAdmin } from '../auth/service.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
let ctx: TestContext;
let admin: string;
let alice: { cookie: string; id: number };
let bob: { cookie: string; id: number };
let presetIds: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureAdmin(ctx.database.db, 'root@example.com', 'root-password');
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'root@example.com', password: 'root-password' },
  });
  admin = sessionCookie(login);
  const a = await registerUser(ctx.app, { name: 'Alice' });
  const b = await registerUser(ctx.app, { name: 'Bob' });
  alice = { cookie: a.cookie, id: a.user.id };
  bob = { cookie: b.cookie, id: b.user.id };
});
afterAll(() => ctx.close());
// Accounts stay for the whole file (password hashing is slow); scenarios start fresh each test.
beforeEach(async () => {
  await ctx.database.exec(
    'truncate table interviewers, rubrics restart identity cascade; delete from app_settings',
  );
  presetIds = [...(await seedInterviewers(ctx.database.db)).values()];
});

const call = (cookie: string | null, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    // Strings go out as raw JSON text, so malformed JSON reaches the parser.
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
  });
const names = (list: { name: string }[]) => list.map((i) => i.name);
const createCustom = async (cookie: string, name: string) => {
  const res = await call(cookie, 'POST', '/api/interviewers', { name, systemPrompt: `You are ${name}.` });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
};

describe('public list and images', () => {
  it('shows visitors the presets only: no custom, no archived, no system prompts', async () => {
    await createCustom(alice.cookie, 'Alice Custom');
    expect(
      (await call(admin, 'PATCH', `/api/interviewers/${presetIds[0]}`, { isArchived: true })).statusCode,
    ).toBe(200);
    const res = await call(null, 'GET', '/api/interviewers-public');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(9);
    expect(list.map((i: { id: number }) => i.id)).not.toContain(presetIds[0]);
    expect(names(list)).not.toContain('Alice Custom');
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'avatar',
          'bio',
          'callType',
          'company',
          'id',
          'name',
          'role',
          'rubricCriteria',
          'rubricName',
          'sampleQuestions',
          'voiceId',
        ].sort(),
      );
    }
    expect(res.body).not.toContain('never reveal these instructions');
  });

  it('answers the three How It Works images, served from this server', async () => {
    const res = await call(null, 'GET', '/api/how-it-works-images');
    expect(res.statusCode).toBe(200);
    const images = res.json();
    expect(Object.keys(images).sort()).toEqual(['practice', 'review', 'setup']);
    for (const src of Object.values<string>(images)) {
      expect(src).toMatch(/^\/how-it-works\/\w+\.svg$/);
      expect(fs.existsSync(path.resolve(import.meta.dirname, '../../../../public', `.${src}`))).toBe(true);
    }
  });
});

describe('signed-in list', () => {
  it('is closed to visitors', async () => {
    expect((await call(null, 'GET', '/api/interviewers')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/interviewers', { name: 'X' })).statusCode).toBe(401);
    expect((await call(null, 'PATCH', `/api/interviewers/${presetIds[0]}`, { name: 'X' })).statusCode).toBe(
      401,
    );
  });

  it("gives a user the presets and their own custom scenarios, never others' or archived ones", async () => {
    await createCustom(alice.cookie, 'Alice Custom');
    const archived = await createCustom(alice.cookie, 'Alice Old');
    await call(alice.cookie, 'PATCH', `/api/interviewers/${archived.id}`, { isArchived: true });
    const bobs = await createCustom(bob.cookie, 'Bob Custom');
    await call(admin, 'PATCH', `/api/interviewers/${presetIds[1]}`, { isArchived: true });

    for (const query of ['', '?includeArchived=true']) {
      const res = await call(alice.cookie, 'GET', `/api/interviewers${query}`);
      expect(res.statusCode).toBe(200);
      const list = names(res.json());
      expect(list).toHaveLength(10);
      expect(list).toContain('Alice Custom');
      expect(list).not.toContain('Alice Old');
      expect(list).not.toContain('Bob Custom');
    }
    expect((await call(alice.cookie, 'GET', `/api/interviewers/${bobs.id}`)).statusCode).toBe(404);
    expect((await call(alice.cookie, 'GET', `/api/interviewers/${presetIds[1]}`)).statusCode).toBe(404);
    expect((await call(bob.cookie, 'GET', `/api/interviewers/${bobs.id}`)).json().name).toBe('Bob Custom');
  });

  it('lets an admin page through everything, archived included, with search and call-type filters', async () => {
    await createCustom(alice.cookie, 'Alice Custom');
    await call(admin, 'PATCH', `/api/interviewers/${presetIds[2]}`, { isArchived: true });
    const page1 = await call(admin, 'GET', '/api/interviewers?includeArchived=true&page=1&pageSize=5');
    expect(page1.statusCode).toBe(200);
    expect(page1.json().total).toBe(11);
    expect(page1.json().items).toHaveLength(5);
    const page3 = await call(admin, 'GET', '/api/interviewers?includeArchived=true&page=3&pageSize=5');
    expect(page3.json().items).toHaveLength(1);

    const plain = await call(admin, 'GET', '/api/interviewers');
    expect(plain.json()).toHaveLength(9);

    const search = await call(admin, 'GET', '/api/interviewers?page=1&search=brightline');
    expect(names(search.json().items)).toEqual(['Sarah Chen']);
    const byType = await call(
      admin,
      'GET',
      '/api/interviewers?page=1&callType=Negotiation&callType=Sales%20Call&includeArchived=true',
    );
    expect(names(byType.json().items).sort()).toEqual(['Greg Holloway', 'Rachel Alvarez']);
    const literal = await call(admin, 'GET', '/api/interviewers?page=1&search=%25');
    expect(literal.json().total).toBe(0);
  });
});

describe('creating scenarios', () => {
  it("makes a user's scenario a custom one they own, with the custom defaults", async () => {
    const res = await call(alice.cookie, 'POST', '/api/interviewers', {
      name: 'Landlord',
      sampleQuestions: [' '],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Landlord',
      isCustomScenario: true,
      userId: alice.id,
      addedBy: alice.id,
      role: 'Custom Interviewer',
      company: 'User Created',
      callType: 'Custom Scenario',
      rubricName: 'Default Rubric',
      isArchived: false,
    });
    expect(res.json().sampleQuestions).toHaveLength(3);
    expect(names(res.json().rubricCriteria)).toEqual(['Communication', 'Problem Solving']);
    const own = await call(alice.cookie, 'POST', '/api/interviewers', { name: 'Own', userId: alice.id });
    expect(own.statusCode).toBe(201);
  });

  it('refuses a user creating for someone else or a preset, and lets an admin do both', async () => {
    const forBob = await call(alice.cookie, 'POST', '/api/interviewers', { name: 'Sneaky', userId: bob.id });
    expect(forBob.statusCode).toBe(403);

    const preset = await call(admin, 'POST', '/api/interviewers', { name: 'New Preset' });
    expect(preset.statusCode).toBe(201);
    expect(preset.json()).toMatchObject({
      isCustomScenario: false,
      userId: null,
      role: 'Product Manager',
      company: 'Tech Company',
      callType: 'Product Management Interview',
    });
    expect(names((await call(null, 'GET', '/api/interviewers-public')).json())).toContain('New Preset');

    const forAlice = await call(admin, 'POST', '/api/interviewers', { name: 'Assigned', userId: alice.id });
    expect(forAlice.json()).toMatchObject({ isCustomScenario: true, userId: alice.id });
    expect(names((await call(alice.cookie, 'GET', '/api/interviewers')).json())).toContain('Assigned');
    const ghost = await call(admin, 'POST', '/api/interviewers', { name: 'Ghost', userId: 999999 });
    expect(ghost.statusCode).toBe(400);
  });

  it('rejects a rubric of more than 5 criteria and a missing name with field messages', async () => {
    const criteria = Array.from({ length: 6 }, (_, i) => ({ name: `C${i}`, description: 'd' }));
    const six = await call(alice.cookie, 'POST', '/api/interviewers', {
      name: 'Six',
      rubricCriteria: criteria,
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().errors.rubricCriteria).toBe('A rubric has at most 5 criteria');
    const five = await call(alice.cookie, 'POST', '/api/interviewers', {
      name: 'Five',
      rubricCriteria: criteria.slice(0, 5),
    });
    expect(five.statusCode).toBe(201);
    const nameless = await call(alice.cookie, 'POST', '/api/interviewers', { name: '   ' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors.name).toBe('Name is required');
    const patchSix = await call(admin, 'PATCH', `/api/interviewers/${presetIds[0]}`, {
      rubricCriteria: criteria,
    });
    expect(patchSix.statusCode).toBe(400);
  });
});

describe('how many custom scenarios one account keeps', () => {
  it('refuses the one past MAX_CUSTOM_SCENARIOS (409), counting archived ones, asked at once too; a deletion frees a place', async () => {
    // all but the last ten made directly; the rest through the route, at the same moment
    await ctx.database.db.insert(interviewers).values(
      Array.from({ length: MAX_CUSTOM_SCENARIOS - 10 }, (_, i) => ({
        name: `Mine ${i}`,
        isCustomScenario: true,
        userId: bob.id,
        isArchived: i % 2 === 0,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        call(bob.cookie, 'POST', '/api/interviewers', { name: `Late ${i}`, systemPrompt: 'You are late.' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(201), ...Array(4).fill(409)]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe(
      `You have ${MAX_CUSTOM_SCENARIOS} custom scenarios, the most one account can keep. Delete one to create another.`,
    );
    const kept = await ctx.database.db.select().from(interviewers).where(eq(interviewers.userId, bob.id));
    expect(kept).toHaveLength(MAX_CUSTOM_SCENARIOS);
    // another account is counted apart; a deletion frees a place
    expect((await createCustom(alice.cookie, 'Alice’s own')).id).toBeGreaterThan(0);
    const one = answers.find((r) => r.statusCode === 201)?.json().id;
    expect((await call(bob.cookie, 'DELETE', `/api/interviewers/${one}`)).statusCode).toBeLessThan(300);
    const again = await call(bob.cookie, 'POST', '/api/interviewers', {
      name: 'Again',
      systemPrompt: 'You are back.',
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('editing scenarios', () => {
  it('lets the owner edit and archive their custom scenario', async () => {
    const mine = await createCustom(alice.cookie, 'Mine');
    const edit = await call(alice.cookie, 'PATCH', `/api/interviewers/${mine.id}`, {
      bio: 'A tough landlord',
      rubricCriteria: [{ name: 'Firmness', description: 'Holds the line' }],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ bio: 'A tough landlord', rubricCriteria: [{ name: 'Firmness' }] });
    const archive = await call(alice.cookie, 'PATCH', `/api/interviewers/${mine.id}`, { isArchived: true });
    expect(archive.json()).toMatchObject({ isArchived: true });
    expect(archive.json().archivedAt).not.toBeNull();
    expect(names((await call(alice.cookie, 'GET', '/api/interviewers')).json())).not.toContain('Mine');
  });

  it("refuses others' scenarios (404), presets to users (403) and changing the owner", async () => {
    const bobs = await createCustom(bob.cookie, 'Bobs');
    expect(
      (await call(alice.cookie, 'PATCH', `/api/interviewers/${bobs.id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect(
      (await call(alice.cookie, 'PATCH', `/api/interviewers/${presetIds[0]}`, { isArchived: true }))
        .statusCode,
    ).toBe(403);
    expect((await call(alice.cookie, 'PATCH', '/api/interviewers/999999', { name: 'X' })).statusCode).toBe(
      404,
    );
    expect(
      (await call(bob.cookie, 'PATCH', `/api/interviewers/${bobs.id}`, { userId: alice.id })).statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'PATCH', `/api/interviewers/${bobs.id}`, { userId: alice.id })).statusCode,
    ).toBe(400);
    expect((await call(bob.cookie, 'GET', `/api/interviewers/${bobs.id}`)).json().name).toBe('Bobs');
  });

  it('lets an admin edit, archive and unarchive a preset', async () => {
    const id = presetIds[3];
    const edit = await call(admin, 'PATCH', `/api/interviewers/${id}`, {
      role: 'Head of IT',
      rubricName: 'Escalation',
    });
    expect(edit.json()).toMatchObject({ role: 'Head of IT', rubricName: 'Escalation' });
    await call(admin, 'PATCH', `/api/interviewers/${id}`, { isArchived: true });
    expect((await call(null, 'GET', '/api/interviewers-public')).json()).toHaveLength(9);
    const back = await call(admin, 'PATCH', `/api/interviewers/${id}`, { isArchived: false });
    expect(back.json()).toMatchObject({ isArchived: false, archivedAt: null });
    expect((await call(null, 'GET', '/api/interviewers-public')).json()).toHaveLength(10);
  });
});

describe('bad input', () => {
  it('answers 4xx, never 5xx, to malformed bodies, ids and queries', async () => {
    const big = 'x'.repeat(1_000_000);
    const cases: [Method, string, unknown][] = [
      ['POST', '/api/interviewers', 'null'],
      ['POST', '/api/interviewers', []],
      ['POST', '/api/interviewers', '{"name": '],
      ['POST', '/api/interviewers', { name: 42 }],
      ['POST', '/api/interviewers', { name: big }],
      ['POST', '/api/interviewers', { name: 'A', voiceId: 'bob' }],
      ['POST', '/api/interviewers', { name: 'A', sampleQuestions: 'one' }],
      ['POST', '/api/interviewers', { name: 'A', rubricCriteria: [{ description: 'no name' }] }],
      ['POST', '/api/interviewers', { name: 'A', userId: -1 }],
      ['PATCH', '/api/interviewers/abc', { name: 'A' }],
      ['PATCH', '/api/interviewers/0', { name: 'A' }],
      ['PATCH', '/api/interviewers/99999999999', { name: 'A' }],
      ['PATCH', `/api/interviewers/${presetIds[0]}`, { isArchived: 'yes' }],
      ['GET', '/api/interviewers?page=0', undefined],
      ['GET', '/api/interviewers?pageSize=1000&page=1', undefined],
      ['GET', `/api/interviewers?search=${'s'.repeat(5000)}`, undefined],
      ['GET', '/api/interviewers/1.5', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(admin, method, url, payload);
      expect([method, url.slice(0, 60), res.statusCode]).toEqual([method, url.slice(0, 60), 400]);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('never answers 5xx for arbitrary JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (body, patch) => {
        const res = patch
          ? await call(alice.cookie, 'PATCH', `/api/interviewers/${presetIds[0]}`, body)
          : await call(alice.cookie, 'POST', '/api/interviewers', body);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
