// Drizzle tables for every entity of both spec documents. Column names are snake_case in SQL
// (drizzle `casing: 'snake_case'`) and camelCase in TypeScript, matching the spec's API fields.
// Public API shapes live in src/shared/contracts; these tables are not exported to the browser.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type RubricCriterion = { name: string; description: string };

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    credits: integer().notNull().default(1),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    isAdmin: boolean().notNull().default(false),
    // Set for accounts created or reset by an admin: the temporary password works once.
    mustChangePassword: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Emails are unique whatever their letter case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the opaque cookie value: a leaked table does not yield usable cookies.
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // Set when the session was opened with a temporary password (which that sign-in burnt): until
    // then it is the proof that lets the account choose its own password without the old one.
    temporarySignInUntil: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

// Failed sign-ins, shared by every server process on the database (rate limiting per email).
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    emailKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_failures_email_created_idx').on(t.emailKey, t.createdAt)],
);

export const rubrics = pgTable('rubrics', {
  id: serial().primaryKey(),
  name: text().notNull(),
  criteria: jsonb().$type<RubricCriterion[]>().notNull().default([]),
  isCustom: boolean().notNull().default(false),
  createdAt: createdAt(),
});

export const interviewers = pgTable(
  'interviewers',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    role: text().notNull().default('Product Manager'),
    company: text().notNull().default('Tech Company'),
    avatar: text().notNull().default(''),
    bio: text().notNull().default(''),
    voiceId: text().notNull().default('michael'),
    sampleQuestions: jsonb().$type<string[]>().notNull().default([]),
    callType: text().notNull().default('Product Management Interview'),
    systemPrompt: text().notNull().default(''),
    welcomeMessage: text().notNull().default(''),
    rubricId: integer().references(() => rubrics.id, { onDelete: 'set null' }),
    rubricName: text().notNull().default('Default Rubric'),
    rubricCriteria: jsonb().$type<RubricCriterion[]>().notNull().default([]),
    isCustomScenario: boolean().notNull().default(false),
    addedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    // Owner of a custom scenario; null for presets.
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    isArchived: boolean().notNull().default(false),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('interviewers_visible_idx').on(t.isCustomScenario, t.isArchived),
    index('interviewers_user_id_idx').on(t.userId),
  ],
);

export const tracks = pgTable('tracks', {
  id: serial().primaryKey(),
  name: text().notNull().default('New Track'),
  description: text().notNull().default(''),
  estimatedCompletionTime: text().notNull().default('2-3 hours'),
  isArchived: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const trackScenarios = pgTable(
  'track_scenarios',
  {
    id: serial().primaryKey(),
    trackId: integer()
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    interviewerId: integer()
      .notNull()
      .references(() => interviewers.id, { onDelete: 'cascade' }),
    sequenceOrder: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('track_scenarios_track_order_idx').on(t.trackId, t.sequenceOrder)],
);

/** What a call is scored against, copied from its scenario when it starts (interviews.scored_against). */
export type ScoredAgainst = {
  role: string;
  company: string;
  callType: string;
  bio: string;
  systemPrompt: string;
  sampleQuestions: string[];
  rubricCriteria: RubricCriterion[];
};

export const interviews = pgTable(
  'interviews',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text({ enum: ['single', 'panel'] })
      .notNull()
      .default('single'),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }),
    interviewerId: integer()
      .notNull()
      .references(() => interviewers.id, { onDelete: 'restrict' }),
    trackScenarioId: integer().references(() => trackScenarios.id, { onDelete: 'set null' }),
    transcript: text(),
    evaluation: jsonb(),
    // The scenario as the call was started with it: what the call is scored against at its end and
    // whenever it is evaluated again, whatever the scenario's owner edits later (migration 0020;
    // null for calls started before it, scored against the scenario as it is).
    scoredAgainst: jsonb().$type<ScoredAgainst>(),
    conversationId: text(),
    callRating: smallint(),
    callRatingNote: text(),
    evaluationRating: smallint(),
    evaluationRatingNote: text(),
    notes: text(),
    // in_progress → completed | completed_with_errors | failed
    status: text().notNull().default('in_progress'),
    creditCost: integer().notNull().default(0),
    // The voice session serving the call right now (any server) and until when its lease holds;
    // the serving gateway renews it while the call runs and clears it when the session ends. A
    // second session is refused while the lease holds (voice/live-lease.ts).
    liveSession: text(),
    liveUntil: timestamp({ withTimezone: true }),
    // The call's share of the dashboard's overall average (spec §9: mean of its numeric scores,
    // zero without one), computed by the database (call_average_score is the SQL twin of
    // shared/domain/score-averages, migration 0002) and summed per user in user_call_stats.
    scoreForAverage: doublePrecision().generatedAlwaysAs(
      sql`coalesce(call_average_score(evaluation), 0)::double precision`,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index('interviews_user_start_idx').on(t.userId, t.startTime.desc()),
    // The dashboard lists and counts only completed calls (endTime and evaluation set), newest
    // first; the key matches its ORDER BY so a page is read straight from the index.
    index('interviews_user_completed_idx')
      .on(t.userId, t.startTime.desc(), t.id.desc())
      .where(sql`${t.endTime} is not null and ${t.evaluation} is not null`),
    index('interviews_interviewer_idx').on(t.interviewerId),
    index('interviews_start_idx').on(t.startTime.desc()),
    uniqueIndex('interviews_conversation_id_key').on(t.conversationId),
    check('interviews_call_rating_range', sql`${t.callRating} in (0, 1, 2)`),
    check('interviews_evaluation_rating_range', sql`${t.evaluationRating} in (0, 1, 2)`),
  ],
);

// Calls Completed and Average Score (spec §9) of each user who has completed a call: how many, and
// the sum of their `score_for_average`, so the dashboard reads one row instead of aggregating every
// call. Kept by triggers on `interviews` (migration 0013), whatever writes the calls; a user
// without a row has no completed call.
export const userCallStats = pgTable('user_call_stats', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  completedCount: integer().notNull().default(0),
  // numeric, so that adding a call's score and later taking it away again leaves no rounding behind
  scoreSum: numeric().notNull().default('0'),
});

// Each finished utterance of a live call, stored the moment it ends so a crash loses at most
// the one in flight. Offsets are milliseconds from the start of the call's recording.
export const utterances = pgTable(
  'utterances',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    interviewId: integer()
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    speaker: text({ enum: ['agent', 'user'] }).notNull(),
    text: text().notNull(),
    startMs: integer().notNull(),
    endMs: integer().notNull(),
    // How sure the built-in speech recogniser was of this line (0..1); null for exact text (typed,
    // the browser's or a cloud service's recognition, and the agent's own lines).
    confidence: doublePrecision(),
    createdAt: createdAt(),
  },
  (t) => [index('utterances_interview_idx').on(t.interviewId, t.startMs)],
);

// Single-use voice session tokens (hashed) bound to one call and one user.
export const voiceSessions = pgTable(
  'voice_sessions',
  {
    tokenHash: text().primaryKey(),
    interviewId: integer()
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('voice_sessions_interview_idx').on(t.interviewId)],
);

// A user's enrolment in a track and their completion of it are keyed the same way (one row per
// user and track, gone with either); a function so each table gets its own column builders.
const userTrackKey = () => ({
  id: serial().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  trackId: integer()
    .notNull()
    .references(() => tracks.id, { onDelete: 'cascade' }),
});

export const userTracks = pgTable(
  'user_tracks',
  {
    ...userTrackKey(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    bestScores: jsonb().$type<Record<string, number>>().notNull().default({}),
    averageScores: jsonb().$type<Record<string, number>>().notNull().default({}),
    attempts: jsonb().$type<Record<string, number>>().notNull().default({}),
    progress: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_tracks_user_track_key').on(t.userId, t.trackId)],
);

export const trackAchievements = pgTable(
  'track_achievements',
  {
    ...userTrackKey(),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('track_achievements_user_track_key').on(t.userId, t.trackId)],
);

export const teams = pgTable('teams', {
  id: serial().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  avatar: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['owner', 'admin', 'member'] })
      .notNull()
      .default('member'),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_team_user_key').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId),
    // A team always has exactly one owner.
    uniqueIndex('team_members_one_owner_key').on(t.teamId).where(sql`${t.role} = 'owner'`),
  ],
);

// An invitation to join a team (issue 19 §4): made by the team's owner or an admin for an email,
// it becomes a membership only when the person signed in with that email accepts it. The email is
// stored lower-cased, whether or not an account uses it (an invitation to a new address waits for
// its registration). Accepting, declining and withdrawing delete the row.
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text({ enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_team_email_key').on(t.teamId, t.email),
    index('team_invitations_email_idx').on(t.email),
    index('team_invitations_invited_by_idx').on(t.invitedBy, t.createdAt),
    check('team_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

// A scenario or a track that a team's owner or admin asks members to practise: the whole team
// (assigneeId null) or one member, with an optional due date and target score (0–10).
export const teamAssignments = pgTable(
  'team_assignments',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    interviewerId: integer().references(() => interviewers.id, { onDelete: 'cascade' }),
    trackId: integer().references(() => tracks.id, { onDelete: 'cascade' }),
    assigneeId: integer().references(() => users.id, { onDelete: 'cascade' }),
    dueDate: timestamp({ withTimezone: true }),
    targetScore: integer(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('team_assignments_team_idx').on(t.teamId),
    index('team_assignments_assignee_idx').on(t.assigneeId),
    check('team_assignments_one_target', sql`(${t.interviewerId} is null) <> (${t.trackId} is null)`),
    check(
      'team_assignments_target_score',
      sql`${t.targetScore} is null or ${t.targetScore} between 0 and 10`,
    ),
  ],
);

export const purchases = pgTable(
  'purchases',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    credits: integer().notNull(),
    status: text({ enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    stripePaymentId: text().notNull(),
    provider: text({ enum: ['stripe', 'sandbox'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchases_stripe_payment_id_key').on(t.stripePaymentId),
    index('purchases_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

// Every change of a balance, so each credit can be traced to a purchase, a call or an admin edit.
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    // refund: a call in which the user said nothing gives its credit back
    reason: text({ enum: ['signup', 'purchase', 'call', 'admin', 'refund'] }).notNull(),
    purchaseId: integer().references(() => purchases.id, { onDelete: 'set null' }),
    interviewId: integer().references(() => interviews.id, { onDelete: 'set null' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    pageName: text().notNull(),
    pageUrl: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);

// Admin-editable settings (model names, temperatures, voice settings), applied without restart.
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

// Who changed what, when: every admin write.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    details: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
);
