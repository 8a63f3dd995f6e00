// Team membership by invitation (issue 19 §4). Adding an email to a team invites it: the answer
// reveals nothing about registration, and until the person accepts, nothing of theirs is in the
// team (members, progress, assignments) and they cannot read it. Accept makes a member; decline
// and withdraw remove the invitation; nobody else can act on someone's invitation.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_INVITATIONS_PER_MINUTE, MAX_PENDING_INVITATIONS } from '../../../shared/contracts/teams.js';
import { interviewers, interviews, teamInvitations, users } from '../../db/schema.js';
import { createTestContext, registerUser, type TestContext } from '../../test-support/test-app.js';

// The clock can be moved forward to open the next minute of the per-inviter limit.
let offsetMs = 0;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { REGISTER_RATE_LIMIT: '1000' },
    clock: { now: () => new Date(Date.now() + offsetMs) },
  });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  offsetMs = 0;
  await ctx.reset();
});

type Actor = Awaited<ReturnType<typeof registerUser>>;
type Invitation = { id: number; teamId: number; email: string; role: string; status: string };

async function call(actor: Actor | null, method: string, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: actor ? { cookie: actor.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function teamOf(owner: Actor, name = 'Sales Team') {
  const res = await call(owner, 'POST', '/api/teams', { name });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

async function invite(manager: Actor, teamId: number, email: string, role?: 'admin' | 'member') {
  const res = await call(manager, 'POST', `/api/teams/${teamId}/members`, {
    email,
    ...(role ? { role } : {}),
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as Invitation;
}

const myInvitations = async (actor: Actor) =>
  (await call(actor, 'GET', '/api/team-invitations')).json() as (Invitation & { teamName: string })[];
const memberIds = async (actor: Actor, teamId: number) =>
  ((await call(actor, 'GET', `/api/teams/${teamId}/members`)).json() as { userId: number }[]).map(
    (m) => m.userId,
  );
const teamInvitationIds = async (actor: Actor, teamId: number) =>
  ((await call(actor, 'GET', `/api/teams/${teamId}/invitations`)).json() as Invitation[]).map((i) => i.id);

async function siteAdmin(): Promise<Actor> {
  const actor = await registerUser(ctx.app, { name: 'Site Admin' });
  await ctx.database.db
    .update(users)
    .set({ isAdmin: true, role: 'admin' })
    .where(eq(users.id, actor.user.id));
  return actor;
}

async function addScenario() {
  const [row] = await ctx.database.db
    .insert(interviewers)
    .values({ name: 'Pitch Practice', rubricCriteria: [{ name: 'Clarity', description: 'Clear' }] })
    .returning();
  return row.id;
}

async function evaluatedCall(userId: number, interviewerId: number) {
  const at = new Date();
  await ctx.database.db.insert(interviews).values({
    userId,
    interviewerId,
    startTime: at,
    endTime: new Date(at.getTime() + 600_000),
    status: 'completed',
    transcript: 'Interviewer: Hi\nYou: Hello',
    evaluation: { criteria: [{ name: 'Clarity', score: 8, feedback: 'ok' }] },
  });
}

describe('team invitations: inviting reveals nothing and makes no member', () => {
  it('answers the same for a registered and an unregistered email, and adds no member', async () => {
    const owner = await registerUser(ctx.app, { name: 'Olivia Owner' });
    const registered = await registerUser(ctx.app, { name: 'Rita Registered' });
    const teamId = await teamOf(owner);
    const unregisteredEmail = `nobody-${Date.now()}@example.com`;

    const a = await call(owner, 'POST', `/api/teams/${teamId}/members`, { email: registered.email });
    const b = await call(owner, 'POST', `/api/teams/${teamId}/members`, { email: unregisteredEmail });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    // Same shape and values but for the invitation's own id, email and time.
    const mask = (body: Record<string, unknown>) => ({ ...body, id: 0, email: '', createdAt: '' });
    expect(mask(a.json())).toEqual(mask(b.json()));
    expect(Object.keys(a.json()).sort()).toEqual(
      ['createdAt', 'email', 'id', 'invitedByName', 'role', 'status', 'teamId'].sort(),
    );
    expect(a.json()).toMatchObject({ email: registered.email, role: 'member', status: 'pending' });
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    expect(a.body).not.toContain(registered.name);

    // Nobody joined: the team still has its owner alone, and the invitee cannot read it.
    expect(await memberIds(owner, teamId)).toEqual([owner.user.id]);
    expect((await call(owner, 'GET', `/api/teams/${teamId}`)).json().memberCount).toBe(1);
    for (const url of ['', '/members', '/assignments', '/invitations', '/progress'])
      expect((await call(registered, 'GET', `/api/teams/${teamId}${url}`)).statusCode, url).toBe(404);
    expect((await call(registered, 'GET', `/api/teams/user/${registered.user.id}`)).json()).toEqual([]);

    // Both wait in the team's pending list; the invitee sees theirs.
    const pending = (await call(owner, 'GET', `/api/teams/${teamId}/invitations`)).json() as Invitation[];
    expect(pending.map((i) => i.email).sort()).toEqual([registered.email, unregisteredEmail].sort());
    expect(await myInvitations(registered)).toEqual([
      expect.objectContaining({ id: a.json().id, teamId, teamName: 'Sales Team', role: 'member' }),
    ]);
  });

  it('re-inviting a pending email answers as the first time; a member’s email is a conflict', async () => {
    const owner = await registerUser(ctx.app);
    const teamId = await teamOf(owner);
    const email = `again-${Date.now()}@example.com`;
    const first = await invite(owner, teamId, email);
    const second = await invite(owner, teamId, email.toUpperCase());
    expect(second).toEqual(first);
    expect(await teamInvitationIds(owner, teamId)).toEqual([first.id]);
    const self = await call(owner, 'POST', `/api/teams/${teamId}/members`, { email: owner.email });
    expect(self.statusCode).toBe(409);
  });

  it('matches invitations to the account’s email whatever the letter case', async () => {
    const owner = await registerUser(ctx.app);
    const mixed = await registerUser(ctx.app, { email: `Mixed.Case-${Date.now()}@Example.COM` });
    const teamId = await teamOf(owner);
    const made = await invite(owner, teamId, mixed.email.toLowerCase());
    expect(made.email).toBe(mixed.email.toLowerCase());
    expect((await myInvitations(mixed)).map((i) => i.id)).toEqual([made.id]);
  });

  it('an invitation to an address without an account waits for it to register', async () => {
    const owner = await registerUser(ctx.app);
    const teamId = await teamOf(owner);
    const email = `later-${Date.now()}@example.com`;
    const made = await invite(owner, teamId, email);
    const newcomer = await registerUser(ctx.app, { name: 'Lara Later', email: email.toUpperCase() });
    expect((await myInvitations(newcomer)).map((i) => i.id)).toEqual([made.id]);
    expect((await call(newcomer, 'POST', `/api/team-invitations/${made.id}/accept`)).statusCode).toBe(200);
    expect(await memberIds(owner, teamId)).toContain(newcomer.user.id);
  });
});

describe('team invitations: an invited person is not in the team until they accept', () => {
  it('their calls, tracks and assignments stay out of members, progress and assignments', async () => {
    const owner = await registerUser(ctx.app, { name: 'Olivia Owner' });
    const invitee = await registerUser(ctx.app, { name: 'Ivan Invitee' });
    const teamId = await teamOf(owner);
    const scenarioId = await addScenario();
    await evaluatedCall(invitee.user.id, scenarioId);
    const made = await invite(owner, teamId, invitee.email);

    const progress = await call(owner, 'GET', `/api/teams/${teamId}/progress`);
    expect(progress.statusCode).toBe(200);
    expect((progress.json() as { userId: number }[]).map((r) => r.userId)).toEqual([owner.user.id]);
    expect(progress.body).not.toContain(invitee.email);
    expect(await memberIds(owner, teamId)).toEqual([owner.user.id]);
    // Nobody can assign practice to them, and a whole-team assignment shows no progress of theirs.
    const toInvitee = await call(owner, 'POST', `/api/teams/${teamId}/assignments`, {
      interviewerId: scenarioId,
      assigneeId: invitee.user.id,
    });
    expect(toInvitee.statusCode).toBe(400);
    const whole = await call(owner, 'POST', `/api/teams/${teamId}/assignments`, {
      interviewerId: scenarioId,
    });
    expect(whole.statusCode).toBe(201);
    const assignments = (await call(owner, 'GET', `/api/teams/${teamId}/assignments`)).json() as {
      progress: { userId: number }[];
    }[];
    expect(assignments[0].progress.map((p) => p.userId)).toEqual([owner.user.id]);
    expect((await call(invitee, 'GET', '/api/assignments/mine')).json()).toEqual([]);

    // Once they accept, they are in all of it.
    expect((await call(invitee, 'POST', `/api/team-invitations/${made.id}/accept`)).statusCode).toBe(200);
    const after = (await call(owner, 'GET', `/api/teams/${teamId}/progress`)).json() as {
      userId: number;
      callsLast30Days: number;
    }[];
    expect(after.find((r) => r.userId === invitee.user.id)).toMatchObject({ callsLast30Days: 1 });
    const assignedAfter = (await call(owner, 'GET', `/api/teams/${teamId}/assignments`)).json() as {
      progress: { userId: number }[];
    }[];
    expect(assignedAfter[0].progress.map((p) => p.userId)).toContain(invitee.user.id);
    expect((await call(invitee, 'GET', '/api/assignments/mine')).json()).toHaveLength(1);
  });
});

describe('team invitations: accept, decline, withdraw', () => {
  it('accepting makes a member with the invited role and uses up the invitation', async () => {
    const owner = await registerUser(ctx.app);
    const invitee = await registerUser(ctx.app);
    const teamId = await teamOf(owner);
    const made = await invite(owner, teamId, invitee.email, 'admin');
    const accepted = await call(invitee, 'POST', `/api/team-invitations/${made.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: teamId, role: 'admin', memberCount: 2 });
    const members = (await call(owner, 'GET', `/api/teams/${teamId}/members`)).json() as {
      userId: number;
      role: string;
    }[];
    expect(members.find((m) => m.userId === invitee.user.id)?.role).toBe('admin');
    expect(await myInvitations(invitee)).toEqual([]);
    expect(await teamInvitationIds(owner, teamId)).toEqual([]);
    expect((await call(invitee, 'GET', `/api/teams/${teamId}`)).statusCode).toBe(200);
    expect((await call(invitee, 'POST', `/api/team-invitations/${made.id}/accept`)).statusCode).toBe(404);
  });

  it('declining removes the invitation and makes no member', async () => {
    const owner = await registerUser(ctx.app);
    const invitee = await registerUser(ctx.app);
    const teamId = await teamOf(owner);
    const made = await invite(owner, teamId, invitee.email);
    const declined = await call(invitee, 'POST', `/api/team-invitations/${made.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(await myInvitations(invitee)).toEqual([]);
    expect(await teamInvitationIds(owner, teamId)).toEqual([]);
    expect((await call(invitee, 'POST', `/api/team-invitations/${made.id}/accept`)).statusCode).toBe(404);
    expect(await memberIds(owner, teamId)).toEqual([owner.user.id]);
  });

  it('withdrawing removes the invitation, so it can no longer be accepted', async () => {
    const owner = await registerUser(ctx.app);
    const admin = await registerUser(ctx.app);
    const invitee = await registerUser(ctx.app);
    const teamId = await teamOf(owner);
    const adminInvite = await invite(owner, teamId, admin.email, 'admin');
    await call(admin, 'POST', `/api/team-invitations/${adminInvite.id}/accept`);
    const made = await invite(admin, teamId, invitee.email);
    expect(await teamInvitationIds(owner, teamId)).toEqual([made.id]);
    const withdrawn = await call(admin, 'DELETE', `/api/teams/${teamId}/invitations/${made.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(await myInvitations(invitee)).toEqual([]);
    expect((await call(invitee, 'POST', `/api/team-invitations/${made.id}/accept`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/teams/${teamId}/invitations/${made.id}`)).statusCode).toBe(404);
    expect(await memberIds(owner, teamId)).not.toContain(invitee.user.id);
  });
});

describe('team invitations: nobody acts on someone else’s invitation', () => {
  it('an outsider, a member, a site admin or the invitee cannot do what is not theirs', async () => {
    const owner = await registerUser(ctx.app, { name: 'Olivia Owner' });
    const member = await registerUser(ctx.app, { name: 'Mia Member' });
    const invitee = await registerUser(ctx.app, { name: 'Ivan Invitee' });
    const outsider = await registerUser(ctx.app, { name: 'Otto Outsider' });
    const site = await siteAdmin();
    const teamId = await teamOf(owner);
    const memberInvite = await invite(owner, teamId, member.email);
    await call(member, 'POST', `/api/team-invitations/${memberInvite.id}/accept`);
    const made = await invite(owner, teamId, invitee.email);
    const base = `/api/teams/${teamId}/invitations`;

    for (const who of [outsider, member, site, owner]) {
      expect((await call(who, 'POST', `/api/team-invitations/${made.id}/accept`)).statusCode).toBe(404);
      expect((await call(who, 'POST', `/api/team-invitations/${made.id}/decline`)).statusCode).toBe(404);
      expect(await myInvitations(who)).toEqual([]);
    }
    // The team's invitations: managers only; not-yet-members learn nothing.
    expect((await call(outsider, 'GET', base)).statusCode).toBe(404);
    expect((await call(invitee, 'GET', base)).statusCode).toBe(404);
    expect((await call(member, 'GET', base)).statusCode).toBe(403);
    expect((await call(site, 'GET', base)).statusCode).toBe(200);
    expect((await call(null, 'GET', base)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/team-invitations')).statusCode).toBe(401);
    expect((await call(null, 'POST', `/api/team-invitations/${made.id}/accept`)).statusCode).toBe(401);
    for (const who of [outsider, invitee])
      expect((await call(who, 'DELETE', `${base}/${made.id}`)).statusCode).toBe(404);
    expect((await call(member, 'DELETE', `${base}/${made.id}`)).statusCode).toBe(403);
    // Inviting is for managers too.
    expect(
      (await call(outsider, 'POST', `/api/teams/${teamId}/members`, { email: 'x@example.com' })).statusCode,
    ).toBe(404);
    expect(
      (await call(member, 'POST', `/api/teams/${teamId}/members`, { email: 'x@example.com' })).statusCode,
    ).toBe(403);
    // Another team's owner cannot reach this invitation through their own team.
    const otherTeam = await teamOf(outsider, 'Other Team');
    expect(
      (await call(outsider, 'DELETE', `/api/teams/${otherTeam}/invitations/${made.id}`)).statusCode,
    ).toBe(404);

    // All of that left the invitation as it was.
    expect(await teamInvitationIds(owner, teamId)).toEqual([made.id]);
    expect((await myInvitations(invitee)).map((i) => i.id)).toEqual([made.id]);
    expect(await memberIds(owner, teamId)).not.toContain(invitee.user.id);
  });
});

describe('team invitations: limits and input', () => {
  it(`one person makes at most ${MAX_INVITATIONS_PER_MINUTE} invitations a minute`, async () => {
    const owner = await registerUser(ctx.app);
    const teamId = await teamOf(owner);
    const email = (i: number) => `rate-${i}-${Date.now()}@example.com`;
    for (let i = 0; i < MAX_INVITATIONS_PER_MINUTE; i++) await invite(owner, teamId, email(i));
    const over = await call(owner, 'POST', `/api/teams/${teamId}/members`, { email: email(999) });
    expect(over.statusCode).toBe(429);
    offsetMs = 61_000;
    await invite(owner, teamId, email(999));
  });

  it(`a team holds at most ${MAX_PENDING_INVITATIONS} pending invitations`, async () => {
    const owner = await registerUser(ctx.app);
    const teamId = await teamOf(owner);
    await ctx.database.db.insert(teamInvitations).values(
      Array.from({ length: MAX_PENDING_INVITATIONS }, (_, i) => ({
        teamId,
        email: `pending-${i}@example.com`,
      })),
    );
    const over = await call(owner, 'POST', `/api/teams/${teamId}/members`, { email: 'one-more@example.com' });
    expect(over.statusCode).toBe(409);
    // Re-inviting one already pending still answers as before.
    await invite(owner, teamId, 'pending-7@example.com');
  });

  it('rejects a malformed email or role, and the owner role', async () => {
    const owner = await registerUser(ctx.app);
    const teamId = await teamOf(owner);
    for (const body of [
      { email: 'not-an-email' },
      { email: '' },
      { email: `${'x'.repeat(400)}@example.com` },
      { email: 'ok@example.com', role: 'owner' },
      { email: 'ok@example.com', role: 'king' },
    ]) {
      const res = await call(owner, 'POST', `/api/teams/${teamId}/members`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const url of ['/api/team-invitations/abc/accept', '/api/team-invitations/-1/decline'])
      expect((await call(owner, 'POST', url)).statusCode).toBe(400);
  });
});

describe('team invitations: migration', () => {
  it('0009 adds the invitations table and leaves existing memberships alone', () => {
    const sql = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../db/migrations/0009_team_invitations.sql'),
      'utf8',
    );
    const statements = sql.split('--> statement-breakpoint').map((s) => s.trim());
    for (const s of statements)
      expect(s).toMatch(
        /^(CREATE TABLE "team_invitations"|ALTER TABLE "team_invitations" ADD CONSTRAINT|CREATE (UNIQUE )?INDEX "team_invitations_\w+" ON "team_invitations")/,
      );
    expect(sql).not.toMatch(/"team_members"/);
  });
});
