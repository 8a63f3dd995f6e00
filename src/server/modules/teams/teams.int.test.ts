import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OWNED_TEAMS, MAX_TEAM_ASSIGNMENTS, teamMessages } from '../../../shared/contracts/teams.js';
import { interviewers, interviews, teamAssignments, teamMembers, teams, users } from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { REGISTER_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());

type Actor = Awaited<ReturnType<typeof registerUser>>;

async function call(actor: Actor | null, method: string, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: actor ? { cookie: actor.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function siteAdmin(): Promise<Actor> {
  const actor = await registerUser(ctx.app, { name: 'Site Admin' });
  await ctx.database.db
    .update(users)
    .set({ isAdmin: true, role: 'admin' })
    .where(eq(users.id, actor.user.id));
  return actor;
}

/** Joins a team the way people do: a manager invites the email, the person accepts. */
async function join(teamId: number, manager: Actor, person: Actor, role: 'admin' | 'member' = 'member') {
  const invited = await call(manager, 'POST', `/api/teams/${teamId}/members`, { email: person.email, role });
  expect(invited.statusCode, invited.body).toBe(202);
  const accepted = await call(person, 'POST', `/api/team-invitations/${invited.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/** A team with an owner, an admin and a member, plus an outsider and a site admin. */
async function teamWithRoles() {
  const owner = await registerUser(ctx.app, { name: 'Olivia Owner' });
  const admin = await registerUser(ctx.app, { name: 'Adam Admin' });
  const member = await registerUser(ctx.app, { name: 'Mia Member' });
  const outsider = await registerUser(ctx.app, { name: 'Otto Outsider' });
  const created = await call(owner, 'POST', '/api/teams', { name: 'Sales Team', description: 'Q3 reps' });
  expect(created.statusCode).toBe(201);
  const teamId = created.json().id as number;
  await join(teamId, owner, admin, 'admin');
  await join(teamId, owner, member);
  const site = await siteAdmin();
  return { teamId, owner, admin, member, outsider, site };
}

async function addScenario(name = 'Pitch Practice') {
  const [row] = await ctx.database.db
    .insert(interviewers)
    .values({
      name,
      rubricCriteria: [
        { name: 'Clarity', description: 'Clear' },
        { name: 'Discovery', description: 'Asks' },
      ],
    })
    .returning();
  return row.id;
}

describe('teams: limits', () => {
  beforeEach(() => ctx.reset());

  it('refuses a team past the 50 one person owns, and an assignment past the 200 a team holds', async () => {
    const owner = await registerUser(ctx.app);
    // 49 teams owned already (made here, not one by one over the API)
    const made = await ctx.database.db
      .insert(teams)
      .values(Array.from({ length: MAX_OWNED_TEAMS - 1 }, (_, i) => ({ name: `Team ${i}` })))
      .returning({ id: teams.id });
    await ctx.database.db
      .insert(teamMembers)
      .values(made.map((t) => ({ teamId: t.id, userId: owner.user.id, role: 'owner' as const })));
    const last = await call(owner, 'POST', '/api/teams', { name: 'The fiftieth' });
    expect(last.statusCode, last.body).toBe(201);
    const refused = await call(owner, 'POST', '/api/teams', { name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(teamMessages.tooManyTeams);

    const teamId = last.json().id as number;
    const scenario = await addScenario();
    await ctx.database.db.insert(teamAssignments).values(
      Array.from({ length: MAX_TEAM_ASSIGNMENTS - 1 }, () => ({
        teamId,
        interviewerId: scenario,
        createdBy: owner.user.id,
      })),
    );
    const assign = () => call(owner, 'POST', `/api/teams/${teamId}/assignments`, { interviewerId: scenario });
    expect((await assign()).statusCode).toBe(201);
    const tooMany = await assign();
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(teamMessages.tooManyAssignments);
    // the full list is still read (each member's page lists them all)
    const list = await call(owner, 'GET', `/api/teams/${teamId}/assignments`);
    expect(list.json()).toHaveLength(MAX_TEAM_ASSIGNMENTS);
  });
});

describe('teams: basic flows', () => {
  beforeEach(() => ctx.reset());
  it('creates a team with the creator as owner and lists it with the role', async () => {
    const owner = await registerUser(ctx.app);
    const res = await call(owner, 'POST', '/api/teams', { name: 'Team A', userId: owner.user.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Team A', role: 'owner', memberCount: 1 });
    const list = await call(owner, 'GET', `/api/teams/user/${owner.user.id}`);
    expect(list.json()).toEqual([expect.objectContaining({ name: 'Team A', role: 'owner' })]);
  });

  it('rejects a blank name, a foreign userId and listing another user’s teams', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const blank = await call(a, 'POST', '/api/teams', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Team name is required');
    expect((await call(a, 'POST', '/api/teams', { name: 'X', userId: b.user.id })).statusCode).toBe(403);
    expect((await call(a, 'GET', `/api/teams/user/${b.user.id}`)).statusCode).toBe(403);
  });

  it('adding an email invites it, with or without an account; a duplicate member is a conflict', async () => {
    const { teamId, owner, member } = await teamWithRoles();
    const unknown = await call(owner, 'POST', `/api/teams/${teamId}/members`, {
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toMatchObject({ email: 'nobody@example.com', status: 'pending' });
    const again = await call(owner, 'POST', `/api/teams/${teamId}/members`, {
      email: member.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps exactly one owner: no demotion, no removal, no second owner, owner cannot leave', async () => {
    const { teamId, owner, admin } = await teamWithRoles();
    const base = `/api/teams/${teamId}/members`;
    expect((await call(admin, 'PATCH', `${base}/${owner.user.id}`, { role: 'member' })).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', `${base}/${owner.user.id}`)).statusCode).toBe(400);
    expect((await call(owner, 'PATCH', `${base}/${admin.user.id}`, { role: 'owner' })).statusCode).toBe(400);
    expect((await call(owner, 'POST', `/api/teams/${teamId}/leave`)).statusCode).toBe(400);
    const members = (await call(owner, 'GET', base)).json() as { role: string }[];
    expect(members.filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it('transfers ownership: the new owner gains the powers, the old owner becomes admin', async () => {
    const { teamId, owner, member } = await teamWithRoles();
    expect(
      (await call(member, 'POST', `/api/teams/${teamId}/transfer-ownership`, { userId: member.user.id }))
        .statusCode,
    ).toBe(403);
    const res = await call(owner, 'POST', `/api/teams/${teamId}/transfer-ownership`, {
      userId: member.user.id,
    });
    expect(res.statusCode).toBe(200);
    const roles = Object.fromEntries(
      (res.json() as { userId: number; role: string }[]).map((m) => [m.userId, m.role]),
    );
    expect(roles[member.user.id]).toBe('owner');
    expect(roles[owner.user.id]).toBe('admin');
    expect((await call(owner, 'POST', `/api/teams/${teamId}/leave`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/teams/${teamId}`)).statusCode).toBe(404);
  });

  it('transfers asked at the same moment run one after the other: never a 5xx, always one owner', async () => {
    const { teamId, owner, admin, member } = await teamWithRoles();
    const to = [admin, member, admin, member, admin, member];
    const answers = await Promise.all(
      to.map((m) => call(owner, 'POST', `/api/teams/${teamId}/transfer-ownership`, { userId: m.user.id })),
    );
    // the first hands the team on; the owner who asked the others no longer is one
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403, 403, 403]);
    const members = (await call(admin, 'GET', `/api/teams/${teamId}/members`)).json() as { role: string }[];
    expect(members.filter((m) => m.role === 'owner')).toHaveLength(1);
  });

  it('a member can leave and then reads nothing of the team', async () => {
    const { teamId, member } = await teamWithRoles();
    expect((await call(member, 'POST', `/api/teams/${teamId}/leave`)).statusCode).toBe(200);
    expect((await call(member, 'GET', `/api/teams/${teamId}/members`)).statusCode).toBe(404);
  });
});

describe('teams: authorization matrix', () => {
  type Who = 'visitor' | 'outsider' | 'member' | 'admin' | 'owner' | 'site';
  // Expected status per endpoint and actor. Writes that change a member target the plain member
  // (recreated when an earlier row removed them) so each row tests the power, not the state.
  const matrix: {
    name: string;
    method: string;
    path: string;
    body?: unknown;
    expect: Record<Who, number>;
  }[] = [
    {
      name: 'read team',
      method: 'GET',
      path: '',
      expect: { visitor: 401, outsider: 404, member: 200, admin: 200, owner: 200, site: 200 },
    },
    {
      name: 'list members',
      method: 'GET',
      path: '/members',
      expect: { visitor: 401, outsider: 404, member: 200, admin: 200, owner: 200, site: 200 },
    },
    {
      name: 'edit team',
      method: 'PATCH',
      path: '',
      body: { name: 'Renamed' },
      expect: { visitor: 401, outsider: 404, member: 403, admin: 200, owner: 200, site: 200 },
    },
    {
      name: 'add member (invite)',
      method: 'POST',
      path: '/members',
      body: 'newcomer',
      expect: { visitor: 401, outsider: 404, member: 403, admin: 202, owner: 202, site: 202 },
    },
    {
      name: 'change role',
      method: 'PATCH',
      path: '/members/:member',
      body: { role: 'admin' },
      expect: { visitor: 401, outsider: 404, member: 403, admin: 200, owner: 200, site: 200 },
    },
    {
      name: 'remove member',
      method: 'DELETE',
      path: '/members/:member',
      expect: { visitor: 401, outsider: 404, member: 200, admin: 200, owner: 200, site: 200 },
    },
    {
      name: 'list assignments',
      method: 'GET',
      path: '/assignments',
      expect: { visitor: 401, outsider: 404, member: 200, admin: 200, owner: 200, site: 200 },
    },
    {
      name: 'assign',
      method: 'POST',
      path: '/assignments',
      body: 'scenario',
      expect: { visitor: 401, outsider: 404, member: 403, admin: 201, owner: 201, site: 201 },
    },
    {
      name: 'progress view',
      method: 'GET',
      path: '/progress',
      expect: { visitor: 401, outsider: 404, member: 403, admin: 200, owner: 200, site: 200 },
    },
    {
      name: 'transfer ownership',
      method: 'POST',
      path: '/transfer-ownership',
      body: 'self',
      expect: { visitor: 401, outsider: 404, member: 403, admin: 403, owner: 200, site: 200 },
    },
  ];
  const actors: Who[] = ['visitor', 'outsider', 'member', 'admin', 'owner', 'site'];

  // One team for the whole matrix; before each row its membership is restored, so every row
  // tests a power rather than the state an earlier row left behind.
  let team: Awaited<ReturnType<typeof teamWithRoles>>;
  let scenarioId: number;
  let newcomer: Actor;
  beforeAll(async () => {
    await ctx.reset();
    team = await teamWithRoles();
    scenarioId = await addScenario();
    newcomer = await registerUser(ctx.app, { name: 'Nina Newcomer' });
  });
  beforeEach(async () => {
    await ctx.database.db.delete(teamMembers).where(eq(teamMembers.teamId, team.teamId));
    await ctx.database.db.insert(teamMembers).values([
      { teamId: team.teamId, userId: team.owner.user.id, role: 'owner' },
      { teamId: team.teamId, userId: team.admin.user.id, role: 'admin' },
      { teamId: team.teamId, userId: team.member.user.id, role: 'member' },
    ]);
  });

  for (const row of matrix) {
    for (const who of actors) {
      it(`${row.name} as ${who} → ${row.expect[who]}`, async () => {
        const actor = who === 'visitor' ? null : who === 'site' ? team.site : team[who];
        // "remove member" as the member is leaving, which members may do; others remove the member.
        const path = `/api/teams/${team.teamId}${row.path.replace(':member', String(team.member.user.id))}`;
        const body =
          row.body === 'newcomer'
            ? { email: newcomer.email }
            : row.body === 'scenario'
              ? { interviewerId: scenarioId, targetScore: 7 }
              : row.body === 'self'
                ? { userId: team.admin.user.id }
                : row.body;
        const res = await call(actor, row.method, path, body);
        expect(res.statusCode, res.body).toBe(row.expect[who]);
      });
    }
  }
});

describe('teams: assignments', () => {
  beforeEach(() => ctx.reset());
  async function evaluatedCall(userId: number, interviewerId: number, scores: number[], at = new Date()) {
    await ctx.database.db.insert(interviews).values({
      userId,
      interviewerId,
      startTime: at,
      endTime: new Date(at.getTime() + 600_000),
      status: 'completed',
      transcript: 'Interviewer: Hi\nYou: Hello',
      evaluation: { criteria: scores.map((score, i) => ({ name: `C${i}`, score, feedback: 'ok' })) },
    });
  }

  it('only owner or admin assign; a member sees only their own; passed needs an evaluated call at or above target', async () => {
    const { teamId, owner, admin, member } = await teamWithRoles();
    const scenarioId = await addScenario();
    const forMember = await call(admin, 'POST', `/api/teams/${teamId}/assignments`, {
      interviewerId: scenarioId,
      assigneeId: member.user.id,
      targetScore: 7,
      dueDate: '2030-01-01T00:00:00.000Z',
    });
    expect(forMember.statusCode).toBe(201);
    const forOwner = await call(owner, 'POST', `/api/teams/${teamId}/assignments`, {
      interviewerId: scenarioId,
      assigneeId: owner.user.id,
    });
    expect(forOwner.statusCode).toBe(201);
    expect(
      (await call(member, 'POST', `/api/teams/${teamId}/assignments`, { interviewerId: scenarioId }))
        .statusCode,
    ).toBe(403);

    const mine = async () =>
      (await call(member, 'GET', '/api/assignments/mine')).json() as { id: number; status: string }[];
    expect(await mine()).toEqual([
      expect.objectContaining({ id: forMember.json().id, status: 'not_started' }),
    ]);
    const visible = (await call(member, 'GET', `/api/teams/${teamId}/assignments`)).json() as {
      id: number;
    }[];
    expect(visible.map((a) => a.id)).toEqual([forMember.json().id]);

    // A failed call (no evaluation) and a low score: in progress, not passed.
    await ctx.database.db.insert(interviews).values({
      userId: member.user.id,
      interviewerId: scenarioId,
      startTime: new Date(),
      endTime: new Date(),
      status: 'failed',
    });
    await evaluatedCall(member.user.id, scenarioId, [6, 7]);
    expect((await mine())[0]).toMatchObject({ status: 'in_progress', bestScore: 6.5 });
    await evaluatedCall(member.user.id, scenarioId, [7, 8]);
    expect((await mine())[0]).toMatchObject({ status: 'passed', bestScore: 7.5 });

    const progress = (await call(owner, 'GET', `/api/teams/${teamId}/assignments`)).json() as {
      id: number;
      progress: { userId: number; status: string }[];
    }[];
    const assigned = progress.find((a) => a.id === forMember.json().id)!;
    expect(assigned.progress).toEqual([
      expect.objectContaining({ userId: member.user.id, status: 'passed' }),
    ]);
  });

  it('rejects an assignment with both or neither target, or for a non-member', async () => {
    const { teamId, owner, outsider } = await teamWithRoles();
    const scenarioId = await addScenario();
    expect((await call(owner, 'POST', `/api/teams/${teamId}/assignments`, {})).statusCode).toBe(400);
    expect(
      (
        await call(owner, 'POST', `/api/teams/${teamId}/assignments`, {
          interviewerId: scenarioId,
          trackId: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(owner, 'POST', `/api/teams/${teamId}/assignments`, {
          interviewerId: scenarioId,
          assigneeId: outsider.user.id,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('the progress view shows figures per member without transcripts', async () => {
    const { teamId, owner, member } = await teamWithRoles();
    const scenarioId = await addScenario();
    await evaluatedCall(member.user.id, scenarioId, [8, 8]);
    await evaluatedCall(member.user.id, scenarioId, [6, 6], new Date(Date.now() - 40 * 86_400_000));
    const res = await call(owner, 'GET', `/api/teams/${teamId}/progress`);
    expect(res.statusCode).toBe(200);
    const row = (res.json() as { userId: number }[]).find((r) => r.userId === member.user.id);
    expect(row).toMatchObject({ callsLast30Days: 1, averageScoreLast30Days: 8, scoreTrend: 2 });
    expect(res.body).not.toMatch(/Interviewer: Hi/);
  });
});

describe('teams: bad input', () => {
  beforeEach(() => ctx.reset());
  it('answers 400, never 5xx, for malformed ids and bodies', async () => {
    const owner = await registerUser(ctx.app);
    for (const [method, url, payload] of [
      ['GET', '/api/teams/abc', undefined],
      ['GET', '/api/teams/-1', undefined],
      ['PATCH', '/api/teams/1', { name: 123 }],
      ['POST', '/api/teams', { name: 'x'.repeat(1_000_000) }],
      ['POST', '/api/teams/1/members', { email: 'not-an-email' }],
      ['PATCH', '/api/teams/1/members/2', { role: 'king' }],
      ['POST', '/api/teams/1/assignments', { interviewerId: 1, targetScore: 11 }],
    ] as const) {
      const res = await call(owner, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
