// Authorization matrix (issue 12 §2): every route the app registers is called as a visitor, as
// user A (the owner of the resource), as user B (another user, against A's resource) and as a site
// admin, and must answer the status in the table below. The route list comes from the server's own
// route table, so a route added without an entry here fails the first test.
// Each (route, role) call gets freshly made resources, so a call that changes state (a delete, a
// transfer) cannot change what the next role sees. Bodies are valid, so the answer is about who
// asks, not about validation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { interviewers, interviews, teamInvitations, teamMembers, teams, users } from '../db/schema.js';
import { storeRecording, storeUtterances } from '../modules/calls/call-fixtures.js';
import { createStripeProvider } from '../providers/payments/stripe.js';
import { collectRoutes, type RegisteredRoute, routeKey } from '../test-support/route-table.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
  testConfig,
} from '../test-support/test-app.js';
import type { App } from './types.js';

type Role = 'visitor' | 'a' | 'b' | 'admin';
const ROLES: Role[] = ['visitor', 'b', 'a', 'admin'];
type Actor = Awaited<ReturnType<typeof registerUser>>;
type Req = {
  url: string;
  payload?: unknown;
  /** a session to use instead of the role's usual one (routes that end or rotate the session) */
  cookie?: string;
  headers?: Record<string, string>;
};
type Expected = { visitor: number; a: number; b: number; admin: number };
type Entry = { expect: Expected; prepare?: (role: Role) => Promise<Req> | Req };

const LIMITS = {
  REGISTER_RATE_LIMIT: '1000',
  EVALUATE_RATE_LIMIT: '1000',
  GENERATE_RATE_LIMIT: '1000',
  VOICE_SESSION_RATE_LIMIT: '1000',
};
const STRIPE = {
  secretKey: 'sk_test_matrix',
  publishableKey: 'pk_test_matrix',
  webhookSecret: 'whsec_matrix',
  apiBase: 'http://127.0.0.1:9',
};

let ctx: TestContext;
let stripeApp: App;
let routes: RegisteredRoute[] = [];
let stripeOnlyRoutes: RegisteredRoute[] = [];
let a: Actor;
let b: Actor;
let admin: Actor;
let preset: number;

beforeAll(async () => {
  const main = await collectRoutes(() => createTestContext({ env: { ...LIMITS, E2E_SEED: '1' } }));
  ctx = main.built;
  routes = main.routes;
  // The Stripe webhook exists only when Stripe is configured: a second app on the same database
  // holds it (its API is never reached: the webhook only checks signatures).
  const withStripe = await collectRoutes(() =>
    buildApp(
      { ...ctx.deps, config: testConfig(LIMITS), payments: createStripeProvider(STRIPE) },
      { logger: false },
    ),
  );
  stripeApp = withStripe.built;
  await stripeApp.ready();
  const mainKeys = new Set(routes.map(routeKey));
  stripeOnlyRoutes = withStripe.routes.filter((r) => !mainKeys.has(routeKey(r)));

  a = await registerUser(ctx.app, { name: 'Alice Owner' });
  b = await registerUser(ctx.app, { name: 'Bob Other' });
  admin = await registerUser(ctx.app, { name: 'Ada Admin' });
  await ctx.database.db
    .update(users)
    .set({ isAdmin: true, role: 'admin' })
    .where(eq(users.id, admin.user.id));
  await ctx.database.db.update(users).set({ credits: 1_000_000 }).where(eq(users.id, a.user.id));
  preset = (await scenario({ name: 'Preset Pat' })).id;
});
afterAll(async () => {
  await stripeApp?.close();
  await ctx?.close();
});

// ---- fixtures: fresh resources owned by A -------------------------------------------------------

const db = () => ctx.database.db;
let seq = 0;

async function inject(actor: string | null, method: string, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: actor ? { cookie: actor } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok(actor: Actor, method: string, url: string, payload?: unknown) {
  const res = await inject(actor.cookie, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json();
}

async function scenario(values: Partial<typeof interviewers.$inferInsert> = {}) {
  const [row] = await db()
    .insert(interviewers)
    .values({
      name: 'Scenario',
      rubricCriteria: [{ name: 'Clarity', description: 'Clear answers' }],
      systemPrompt: 'You are a buyer.',
      welcomeMessage: 'Hello.',
      ...values,
    })
    .returning();
  return row;
}

const customOfA = () => scenario({ name: 'A custom', isCustomScenario: true, userId: a.user.id });

async function callOfA(status = 'completed') {
  seq += 1;
  const conversationId = `conv_matrix_${seq}`;
  const [row] = await db()
    .insert(interviews)
    .values({
      userId: a.user.id,
      interviewerId: preset,
      startTime: new Date(),
      endTime: status === 'in_progress' ? null : new Date(),
      status,
      transcript: 'Interviewer: Hello.\nCandidate: I led the launch and measured a 20% lift.',
      evaluation: status === 'in_progress' ? null : { error: 'Evaluation failed', message: 'down' },
    })
    .returning();
  if (status !== 'in_progress') {
    await storeUtterances(db(), row.id, [
      ['agent', 'Hello.'],
      ['user', 'I led the launch.'],
    ]);
    await storeRecording(db(), ctx.deps.blobs, row.id, conversationId, Buffer.from('ID3 fake audio'));
  }
  return { id: row.id, conversationId };
}

/** A user who exists but never signs in (no real password). */
async function bystander() {
  seq += 1;
  const [row] = await db()
    .insert(users)
    .values({
      name: `Bystander ${seq}`,
      email: `bystander${seq}-${Date.now()}@example.com`,
      passwordHash: 'x',
    })
    .returning();
  return row;
}

/**
 * A's team with one more member (M, who joined by an accepted invitation), stored directly: the
 * matrix makes one per check, more than the teams one person may create (MAX_OWNED_TEAMS).
 */
async function teamOfA() {
  const [team] = await db().insert(teams).values({ name: 'A team', description: 'Owned by A' }).returning();
  const m = await bystander();
  await db()
    .insert(teamMembers)
    .values([
      { teamId: team.id, userId: a.user.id, role: 'owner' },
      { teamId: team.id, userId: m.id, role: 'member' },
    ]);
  return { id: team.id, memberId: m.id };
}

/** A pending invitation of A's team, to a bystander's email. */
async function invitationOfA() {
  const team = await teamOfA();
  const [row] = await db()
    .insert(teamInvitations)
    .values({ teamId: team.id, email: (await bystander()).email.toLowerCase(), invitedBy: a.user.id })
    .returning();
  return { teamId: team.id, id: row.id };
}

/** An invitation addressed to A (A's own), to a team A is not in. */
async function invitationForA() {
  const [team] = await db().insert(teams).values({ name: 'Inviting team' }).returning();
  const [row] = await db()
    .insert(teamInvitations)
    .values({ teamId: team.id, email: a.email.toLowerCase() })
    .returning();
  return row.id;
}

async function trackWithA() {
  const track = await ok(admin, 'POST', '/api/tracks', {
    name: 'Track',
    scenarios: [{ interviewerId: preset, sequenceOrder: 0 }],
  });
  await ok(a, 'POST', `/api/tracks/${track.id}/join`);
  return track.id as number;
}

async function purchaseOfA() {
  const res = await ok(a, 'POST', '/api/create-payment-intent', { credits: 1, amount: 499 });
  return res.paymentIntentId as string;
}

/** A second session of the same account, for routes that end or rotate the session. */
async function secondSession(actor: Actor) {
  const res = await inject(null, 'POST', '/api/login', { email: actor.email, password: actor.password });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}`);
  return sessionCookie(res);
}
async function throwaway(isAdmin: boolean) {
  const actor = await registerUser(ctx.app, { name: 'Throwaway' });
  if (isAdmin)
    await db().update(users).set({ isAdmin: true, role: 'admin' }).where(eq(users.id, actor.user.id));
  return actor;
}
const sessionOf = async (role: Role) =>
  role === 'visitor' ? undefined : secondSession({ a, b, admin }[role]);

// ---- the matrix ---------------------------------------------------------------------------------

const PUBLIC = { visitor: 200, a: 200, b: 200, admin: 200 };
const SIGNED_IN = { visitor: 401, a: 200, b: 200, admin: 200 };
const ADMIN_ONLY = { visitor: 401, a: 403, b: 403, admin: 200 };
const at = (url: string) => () => ({ url });

const TABLE: Record<string, Entry> = {
  // Platform
  'GET /api/noop': { expect: PUBLIC },
  'GET /api/health': { expect: PUBLIC },
  'GET /api/check-elevenlabs-key': { expect: PUBLIC },
  'GET /api/public-config': { expect: PUBLIC },
  'GET /api/payments/config': { expect: PUBLIC },
  'GET /api/how-it-works-images': { expect: PUBLIC },
  'GET /api/interviewers-public': { expect: PUBLIC },
  // API documentation (Swagger UI): public, it describes routes, never data
  'GET /api/docs': { expect: PUBLIC },
  'HEAD /api/docs/': { expect: PUBLIC },
  'GET /api/docs/json': { expect: PUBLIC },
  'GET /api/docs/yaml': { expect: PUBLIC },
  'GET /api/docs/static/index.html': { expect: { visitor: 302, a: 302, b: 302, admin: 302 } },
  'GET /api/docs/static/swagger-initializer.js': { expect: PUBLIC },
  'GET /api/docs/static/*': { expect: PUBLIC, prepare: at('/api/docs/static/swagger-ui.css') },

  // Accounts
  'POST /api/register': {
    expect: { visitor: 201, a: 201, b: 201, admin: 201 },
    prepare: () => {
      seq += 1;
      const email = `matrix${seq}-${Date.now()}@example.com`;
      return {
        url: '/api/register',
        payload: { name: 'New Person', email, password: 'long enough pw', passwordConfirm: 'long enough pw' },
      };
    },
  },
  'POST /api/login': {
    expect: PUBLIC,
    prepare: () => ({ url: '/api/login', payload: { email: a.email, password: a.password } }),
  },
  'POST /api/logout': {
    expect: PUBLIC,
    prepare: async (role) => ({ url: '/api/logout', cookie: await sessionOf(role) }),
  },
  'GET /api/user': { expect: SIGNED_IN },
  'POST /api/user/password': {
    // Changing a password signs the account's other sessions out, so each role does it on a
    // throwaway account of the same kind (a user, an admin) rather than on A, B or the admin.
    expect: SIGNED_IN,
    prepare: async (role) => ({
      url: '/api/user/password',
      cookie: role === 'visitor' ? undefined : (await throwaway(role === 'admin')).cookie,
      payload: {
        currentPassword: 'correct horse battery',
        newPassword: 'another horse battery',
        confirmPassword: 'another horse battery',
      },
    }),
  },
  'POST /api/track/page-view': {
    expect: { visitor: 201, a: 201, b: 201, admin: 201 },
    prepare: () => ({ url: '/api/track/page-view', payload: { pageName: 'home', pageUrl: '/' } }),
  },

  // Scenarios (A's custom scenario is private to A; admins manage every scenario)
  'GET /api/interviewers': { expect: SIGNED_IN },
  'GET /api/interviewers/:id': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/interviewers/${(await customOfA()).id}` }),
  },
  'POST /api/interviewers': {
    expect: { visitor: 401, a: 201, b: 201, admin: 201 },
    prepare: () => ({
      url: '/api/interviewers',
      payload: { name: 'My scenario', systemPrompt: 'Be a buyer.' },
    }),
  },
  'PATCH /api/interviewers/:id': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({
      url: `/api/interviewers/${(await customOfA()).id}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/interviewers/:id': {
    // the owner deletes their custom scenario; another user does not see it; admins manage all
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/interviewers/${(await customOfA()).id}` }),
  },

  // Calls (A's call)
  'POST /api/interviews': {
    // Starting a call is for yourself only (the body names A).
    expect: { visitor: 401, a: 201, b: 403, admin: 403 },
    prepare: () => ({
      url: '/api/interviews',
      payload: {
        type: 'single',
        startTime: new Date().toISOString(),
        interviewerId: preset,
        userId: a.user.id,
      },
    }),
  },
  'GET /api/interviews': { expect: SIGNED_IN },
  'GET /api/interviews/all': { expect: ADMIN_ONLY },
  'GET /api/interviews/trends': { expect: SIGNED_IN },
  'GET /api/interviews/open': { expect: SIGNED_IN },
  'GET /api/interviews/:id': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/interviews/${(await callOfA()).id}` }),
  },
  'GET /api/interviews/:id/utterances': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/interviews/${(await callOfA()).id}/utterances` }),
  },
  'POST /api/interviews/:id/rate': {
    // Ratings are the caller's own opinion of their call: nobody else rates it, not even an admin;
    // to anyone else the call answers as one that does not exist.
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({
      url: `/api/interviews/${(await callOfA()).id}/rate`,
      payload: { callRating: 2, evaluationRating: 1 },
    }),
  },
  'POST /api/interviews/:id/voice-session': {
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({ url: `/api/interviews/${(await callOfA('in_progress')).id}/voice-session` }),
  },
  'POST /api/interviews/:id/end': {
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({ url: `/api/interviews/${(await callOfA('in_progress')).id}/end`, payload: {} }),
  },
  'PATCH /api/interviews/:id': {
    // Owner or admin (update-interview.ts).
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/interviews/${(await callOfA()).id}`, payload: { notes: 'My notes' } }),
  },
  'POST /api/interviews/:id/re-evaluate': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({
      url: `/api/interviews/${(await callOfA('completed_with_errors')).id}/re-evaluate`,
    }),
  },
  'GET /api/interviews/audio/:conversationId': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/interviews/audio/${(await callOfA()).conversationId}` }),
  },
  'POST /api/test-support/seed-calls': {
    expect: { visitor: 401, a: 403, b: 403, admin: 201 },
    prepare: () => ({ url: '/api/test-support/seed-calls', payload: { userId: a.user.id, completed: 1 } }),
  },
  'GET /api/voice/:token': {
    // A plain GET (no WebSocket upgrade) to the voice gateway is refused for everyone.
    expect: { visitor: 404, a: 404, b: 404, admin: 404 },
    prepare: () => ({ url: '/api/voice/not-a-real-token' }),
  },

  // Evaluation and custom-call generation: any signed-in user, on their own input
  'POST /api/interviews/evaluate': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({
      url: '/api/interviews/evaluate',
      payload: { transcript: 'Candidate: I shipped it.', rubricId: (await customOfA()).id },
    }),
  },
  'POST /api/evaluate': {
    expect: SIGNED_IN,
    prepare: () => ({
      url: '/api/evaluate',
      payload: {
        transcript: 'Candidate: I shipped it on time.',
        rubricCriteria: [{ name: 'Clarity', description: 'Clear' }],
      },
    }),
  },
  'GET /api/custom-calls/voice-preview/:voiceId': {
    expect: SIGNED_IN,
    prepare: () => ({ url: '/api/custom-calls/voice-preview/sarah' }),
  },
  'POST /api/custom-calls/generate': {
    expect: SIGNED_IN,
    prepare: () => ({
      url: '/api/custom-calls/generate',
      payload: {
        userContext: 'I sell software to hospitals.',
        personaDetails: 'Dana, a procurement lead.',
        scenarioDetails: 'A renewal negotiation.',
      },
    }),
  },

  // Site administration
  'GET /api/users': { expect: ADMIN_ONLY },
  'POST /api/users': {
    expect: { visitor: 401, a: 403, b: 403, admin: 201 },
    prepare: () => {
      seq += 1;
      return {
        url: '/api/users',
        payload: { name: 'Made By Admin', email: `made${seq}-${Date.now()}@example.com` },
      };
    },
  },
  'PATCH /api/users/:id': {
    expect: ADMIN_ONLY,
    prepare: async () => ({ url: `/api/users/${(await bystander()).id}`, payload: { credits: 7 } }),
  },
  'PATCH /api/users/:id/resetPassword': {
    expect: ADMIN_ONLY,
    prepare: async () => ({ url: `/api/users/${(await bystander()).id}/resetPassword` }),
  },
  'GET /api/audit-log': { expect: ADMIN_ONLY },
  'GET /api/settings/models': { expect: ADMIN_ONLY },
  'PATCH /api/settings/models': {
    expect: ADMIN_ONLY,
    prepare: () => ({ url: '/api/settings/models', payload: { evaluation: { temperature: 0.2 } } }),
  },
  // the payment sandbox: a real test that needs no outside service
  'POST /api/admin/providers/:provider/test': {
    expect: ADMIN_ONLY,
    prepare: at('/api/admin/providers/payments/test'),
  },

  // Teams (A owns the team; B is not in it; a site admin may manage any team)
  'GET /api/teams/user/:userId': {
    expect: { visitor: 401, a: 200, b: 403, admin: 200 },
    prepare: () => ({ url: `/api/teams/user/${a.user.id}` }),
  },
  'POST /api/teams': {
    expect: { visitor: 401, a: 201, b: 201, admin: 201 },
    prepare: () => ({ url: '/api/teams', payload: { name: 'New team' } }),
  },
  'GET /api/teams/:id': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/teams/${(await teamOfA()).id}` }),
  },
  'PATCH /api/teams/:id': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/teams/${(await teamOfA()).id}`, payload: { name: 'Renamed team' } }),
  },
  'GET /api/teams/:id/members': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/teams/${(await teamOfA()).id}/members` }),
  },
  'POST /api/teams/:id/members': {
    // Adding a member invites them (issue 19 §4): 202 with the pending invitation.
    expect: { visitor: 401, a: 202, b: 404, admin: 202 },
    prepare: async () => ({
      url: `/api/teams/${(await teamOfA()).id}/members`,
      payload: { email: (await bystander()).email },
    }),
  },
  'PATCH /api/teams/:id/members/:userId': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => {
      const team = await teamOfA();
      return { url: `/api/teams/${team.id}/members/${team.memberId}`, payload: { role: 'admin' } };
    },
  },
  'DELETE /api/teams/:id/members/:userId': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => {
      const team = await teamOfA();
      return { url: `/api/teams/${team.id}/members/${team.memberId}` };
    },
  },
  'POST /api/teams/:id/transfer-ownership': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => {
      const team = await teamOfA();
      return { url: `/api/teams/${team.id}/transfer-ownership`, payload: { userId: team.memberId } };
    },
  },
  'POST /api/teams/:id/leave': {
    // The owner cannot leave before handing the team over; others are not in it.
    expect: { visitor: 401, a: 400, b: 404, admin: 404 },
    prepare: async () => ({ url: `/api/teams/${(await teamOfA()).id}/leave` }),
  },
  'GET /api/teams/:id/assignments': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/teams/${(await teamOfA()).id}/assignments` }),
  },
  'POST /api/teams/:id/assignments': {
    expect: { visitor: 401, a: 201, b: 404, admin: 201 },
    prepare: async () => ({
      url: `/api/teams/${(await teamOfA()).id}/assignments`,
      payload: { interviewerId: preset },
    }),
  },
  'DELETE /api/teams/:id/assignments/:assignmentId': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => {
      const team = await teamOfA();
      const made = await ok(a, 'POST', `/api/teams/${team.id}/assignments`, { interviewerId: preset });
      return { url: `/api/teams/${team.id}/assignments/${made.id}` };
    },
  },
  'GET /api/teams/:id/progress': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/teams/${(await teamOfA()).id}/progress` }),
  },
  'GET /api/assignments/mine': { expect: SIGNED_IN },
  // Team invitations: the team's list and withdrawing are for its managers; an invitation is
  // accepted or declined only by the person it is addressed to (A), never by B or a site admin.
  'GET /api/teams/:id/invitations': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => ({ url: `/api/teams/${(await invitationOfA()).teamId}/invitations` }),
  },
  'DELETE /api/teams/:id/invitations/:invitationId': {
    expect: { visitor: 401, a: 200, b: 404, admin: 200 },
    prepare: async () => {
      const invitation = await invitationOfA();
      return { url: `/api/teams/${invitation.teamId}/invitations/${invitation.id}` };
    },
  },
  'GET /api/team-invitations': { expect: SIGNED_IN },
  'POST /api/team-invitations/:id/accept': {
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({ url: `/api/team-invitations/${await invitationForA()}/accept` }),
  },
  'POST /api/team-invitations/:id/decline': {
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({ url: `/api/team-invitations/${await invitationForA()}/decline` }),
  },

  // Tracks (authored by admins, joined by anyone signed in; progress is per user)
  'GET /api/tracks': { expect: SIGNED_IN },
  'GET /api/tracks/:id': {
    expect: SIGNED_IN,
    prepare: async () => ({ url: `/api/tracks/${await trackWithA()}` }),
  },
  'POST /api/tracks': {
    expect: { visitor: 401, a: 403, b: 403, admin: 201 },
    prepare: () => ({ url: '/api/tracks', payload: { name: 'Another track' } }),
  },
  'PATCH /api/tracks/:id': {
    expect: ADMIN_ONLY,
    prepare: async () => ({ url: `/api/tracks/${await trackWithA()}`, payload: { name: 'Renamed track' } }),
  },
  'POST /api/tracks/:id/join': {
    expect: SIGNED_IN,
    prepare: async () => ({ url: `/api/tracks/${await trackWithA()}/join` }),
  },
  'POST /api/tracks/:id/leave': {
    // Only A joined: leaving or resetting a track you are not on is a 404 for anyone else.
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({ url: `/api/tracks/${await trackWithA()}/leave` }),
  },
  'POST /api/tracks/:id/reset': {
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({ url: `/api/tracks/${await trackWithA()}/reset` }),
  },

  // Payments (A's purchase)
  'POST /api/create-payment-intent': {
    expect: SIGNED_IN,
    prepare: () => ({ url: '/api/create-payment-intent', payload: { credits: 5, amount: 1999 } }),
  },
  'GET /api/payment-status/:paymentIntentId': {
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({ url: `/api/payment-status/${await purchaseOfA()}` }),
  },
  'GET /api/purchases': { expect: SIGNED_IN },
  'POST /api/payments/sandbox/confirm': {
    expect: { visitor: 401, a: 200, b: 404, admin: 404 },
    prepare: async () => ({
      url: '/api/payments/sandbox/confirm',
      payload: { paymentIntentId: await purchaseOfA() },
    }),
  },
  // Stripe's webhook carries no session: an unsigned body is refused whoever sends it.
  'POST /api/webhooks/stripe': {
    expect: { visitor: 400, a: 400, b: 400, admin: 400 },
    prepare: () => ({ url: '/api/webhooks/stripe', payload: { type: 'payment_intent.succeeded' } }),
  },
};

const cookieOf = (role: Role) => (role === 'visitor' ? undefined : { a, b, admin }[role].cookie);

async function statusFor(app: App, route: RegisteredRoute, role: Role) {
  const entry = TABLE[routeKey(route)];
  const req: Req = entry.prepare ? await entry.prepare(role) : { url: route.url };
  const cookie = req.cookie ?? cookieOf(role);
  const res = await app.inject({
    method: route.method as 'GET',
    url: req.url,
    headers: { ...(cookie ? { cookie } : {}), ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload as object }),
  });
  return res.statusCode;
}

describe('authorization matrix', () => {
  it('has an entry for every route the server registers (a new route needs one)', () => {
    const all = [...routes, ...stripeOnlyRoutes].map(routeKey);
    expect(all.length).toBeGreaterThan(60);
    const missing = all.filter((k) => !(k in TABLE));
    expect(missing, 'new route without an authorization entry').toEqual([]);
  });

  it('answers each route with the expected status for visitor, A, B (on A’s resources) and admin', async () => {
    const mismatches: string[] = [];
    const check = async (app: App, list: RegisteredRoute[]) => {
      for (const route of list) {
        if (!(routeKey(route) in TABLE)) continue;
        const expected = TABLE[routeKey(route)].expect;
        for (const role of ROLES) {
          const got = await statusFor(app, route, role);
          if (got !== expected[role])
            mismatches.push(`${routeKey(route)} as ${role}: ${got}, expected ${expected[role]}`);
        }
      }
    };
    await check(ctx.app, routes);
    expect(stripeOnlyRoutes.map(routeKey)).toEqual(['POST /api/webhooks/stripe']);
    await check(stripeApp, stripeOnlyRoutes);
    expect(mismatches).toEqual([]);
  }, 180_000);
});
