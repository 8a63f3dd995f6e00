// Interviewers (scenarios): presets managed by admins, custom scenarios owned by one user.
// Visibility rule used everywhere: a user sees presets and their own custom scenarios, never
// archived ones; admins may additionally see everything.
import { and, asc, count, eq, inArray, notExists, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type Interviewer,
  type InterviewerDeleteResponse,
  type InterviewerListQuery,
  type InterviewerPatchRequest,
  type InterviewerWriteRequest,
  interviewerListResponse,
  type PublicInterviewer,
} from '../../../shared/contracts/scenarios.js';
import { ADMIN_PAGE_SIZE } from '../../../shared/domain/limits.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { anyContains } from '../../db/like.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  auditLog,
  interviewers,
  interviews,
  type RubricCriterion,
  rubrics,
  teamAssignments,
  trackScenarios,
  users,
} from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import { forgetInterviewerLists, interviewerListCache } from './list-cache.js';
import { livePreset, usableBy } from './visibility.js';

export type InterviewerRow = typeof interviewers.$inferSelect;
/** The caller as this module needs it; any session user fits. */
export type Caller = { id: number; isAdmin: boolean };

/** Editor defaults for a new preset (spec: core-experience §3, administration §3). */
export const PRESET_DEFAULTS = {
  role: 'Product Manager',
  company: 'Tech Company',
  callType: 'Product Management Interview',
} as const;

/** Defaults for a user's custom scenario (spec: core-experience §3). */
export const CUSTOM_DEFAULTS = {
  role: 'Custom Interviewer',
  company: 'User Created',
  callType: 'Custom Scenario',
  sampleQuestions: [
    'Can you walk me through the situation from your side?',
    'What outcome are you hoping to reach in this conversation?',
    'How would you respond if I pushed back on that?',
  ],
} as const;

export const DEFAULT_RUBRIC_NAME = 'Default Rubric';
export const DEFAULT_RUBRIC_CRITERIA: RubricCriterion[] = [
  { name: 'Communication', description: 'Speaks clearly and concisely, with well-structured answers.' },
  {
    name: 'Problem Solving',
    description: 'Breaks the problem down and reasons towards a sound, practical answer.',
  },
];

export const messages = {
  notFound: 'Interviewer not found',
  forbiddenPreset: 'Only administrators can edit preset scenarios',
  forbiddenOwner: 'You can only create scenarios for yourself',
  ownerUnchangeable: 'The owner of a scenario cannot be changed',
  unknownUser: 'User not found',
  deletePreset: 'Preset scenarios cannot be deleted. Archive them instead.',
} as const;

export function toInterviewerResponse(row: InterviewerRow): Interviewer {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    company: row.company,
    avatar: row.avatar,
    bio: row.bio,
    voiceId: row.voiceId,
    sampleQuestions: row.sampleQuestions,
    callType: row.callType,
    systemPrompt: row.systemPrompt,
    welcomeMessage: row.welcomeMessage,
    rubricId: row.rubricId,
    rubricName: row.rubricName,
    rubricCriteria: row.rubricCriteria,
    isCustomScenario: row.isCustomScenario,
    addedBy: row.addedBy,
    userId: row.userId,
    isArchived: row.isArchived,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPublicInterviewerResponse(row: InterviewerRow): PublicInterviewer {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    company: row.company,
    avatar: row.avatar,
    bio: row.bio,
    voiceId: row.voiceId,
    sampleQuestions: row.sampleQuestions,
    callType: row.callType,
    rubricName: row.rubricName,
    rubricCriteria: row.rubricCriteria,
  };
}

const visibleTo = (caller: Caller | { id: Placeholder }) => usableBy(caller.id);

/** The scenario picker's list (no filters, no paging): asked for on every visit, so prepared. */
const visibleList = preparedQuery('interviewers_visible', (db) =>
  db
    .select()
    .from(interviewers)
    .where(visibleTo({ id: sql.placeholder('userId') }))
    .orderBy(asc(interviewers.id)),
);

/** The picker's request: no filters, no paging (only an admin's includeArchived widens the list). */
export function isPlainList(caller: Caller, query: InterviewerListQuery): boolean {
  const widened = caller.isAdmin && query.includeArchived === 'true';
  const callTypes = [query.callType ?? []].flat().filter((c) => c.trim() !== '');
  return !widened && !query.search && callTypes.length === 0 && query.page === undefined;
}

/** The plain list as the route's JSON, from this server's cache when it holds it (list-cache.ts). */
export async function visibleListJson(db: Db, caller: Caller, now: number): Promise<string> {
  const cache = interviewerListCache(db);
  const cached = cache?.get(caller.id, now);
  if (cached !== undefined) return cached;
  const epoch = cache?.epoch ?? 0;
  const rows = await visibleList(db, { userId: caller.id });
  // encoded by the route's own response schema, as fastify's serializer would
  const json = JSON.stringify(z.encode(interviewerListResponse, rows.map(toInterviewerResponse)));
  cache?.set(caller.id, json, now, epoch);
  return json;
}

export async function listInterviewers(
  db: Db,
  caller: Caller,
  query: InterviewerListQuery,
): Promise<InterviewerRow[] | { items: InterviewerRow[]; total: number }> {
  if (isPlainList(caller, query)) return visibleList(db, { userId: caller.id });
  const widened = caller.isAdmin && query.includeArchived === 'true';
  const callTypes = [query.callType ?? []].flat().filter((c) => c.trim() !== '');
  const conditions: (SQL | undefined)[] = [];
  if (!widened) conditions.push(visibleTo(caller));
  if (query.search) {
    const searched = [interviewers.name, interviewers.role, interviewers.company, interviewers.callType];
    conditions.push(anyContains(query.search, searched));
  }
  if (callTypes.length > 0) conditions.push(inArray(interviewers.callType, callTypes));
  const where = and(...conditions);

  if (query.page === undefined) {
    return db.select().from(interviewers).where(where).orderBy(asc(interviewers.id));
  }
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const [items, [{ total }]] = await Promise.all([
    db
      .select()
      .from(interviewers)
      .where(where)
      .orderBy(asc(interviewers.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(interviewers).where(where),
  ]);
  return { items, total };
}

export async function listPublicInterviewers(db: Db): Promise<InterviewerRow[]> {
  return db.select().from(interviewers).where(livePreset).orderBy(asc(interviewers.id));
}

async function findInterviewer(db: DbOrTx, id: number): Promise<InterviewerRow | undefined> {
  const [row] = await db.select().from(interviewers).where(eq(interviewers.id, id));
  return row;
}

/**
 * The interviewer if `caller` may start a call with it: not archived, and a preset or the
 * caller's own custom scenario. Null otherwise (the caller answers 404 either way).
 */
export async function getInterviewerForUser(
  db: DbOrTx,
  id: number,
  caller: Caller,
): Promise<InterviewerRow | null> {
  const [row] = await db
    .select()
    .from(interviewers)
    .where(and(eq(interviewers.id, id), visibleTo(caller)));
  return row ?? null;
}

/** GET /api/interviewers/:id: the list's visibility; admins see any. */
export async function getVisibleInterviewer(db: Db, id: number, caller: Caller): Promise<InterviewerRow> {
  const row = caller.isAdmin ? await findInterviewer(db, id) : await getInterviewerForUser(db, id, caller);
  if (!row) throw notFound(messages.notFound);
  return row;
}

const orDefault = (value: string | undefined, fallback: string) => (value ? value : fallback);
const cleanQuestions = (qs: string[]) => qs.map((q) => q.trim()).filter((q) => q !== '');

/** Fills blank fields with the defaults of the scenario's kind. */
function normalise(input: InterviewerPatchRequest, isCustom: boolean) {
  const kind = isCustom ? CUSTOM_DEFAULTS : PRESET_DEFAULTS;
  const out: Partial<typeof interviewers.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.role !== undefined) out.role = orDefault(input.role, kind.role);
  if (input.company !== undefined) out.company = orDefault(input.company, kind.company);
  if (input.callType !== undefined) out.callType = orDefault(input.callType, kind.callType);
  if (input.bio !== undefined) out.bio = input.bio;
  if (input.avatar !== undefined) out.avatar = input.avatar;
  if (input.voiceId !== undefined) out.voiceId = input.voiceId;
  if (input.systemPrompt !== undefined) out.systemPrompt = input.systemPrompt;
  if (input.welcomeMessage !== undefined) out.welcomeMessage = input.welcomeMessage;
  if (input.sampleQuestions !== undefined) {
    const qs = cleanQuestions(input.sampleQuestions);
    out.sampleQuestions = qs.length === 0 && isCustom ? [...CUSTOM_DEFAULTS.sampleQuestions] : qs;
  }
  if (input.rubricName !== undefined) out.rubricName = orDefault(input.rubricName, DEFAULT_RUBRIC_NAME);
  if (input.rubricCriteria !== undefined) {
    out.rubricCriteria = input.rubricCriteria.length > 0 ? input.rubricCriteria : DEFAULT_RUBRIC_CRITERIA;
  }
  return out;
}

async function audit(db: DbOrTx, caller: Caller, action: string, id: number, details: unknown) {
  if (!caller.isAdmin) return;
  await db
    .insert(auditLog)
    .values({ actorId: caller.id, action, targetType: 'interviewer', targetId: String(id), details });
}

/**
 * POST /api/interviewers. Without `userId` an admin creates a preset and anyone else a custom
 * scenario of their own; with `userId` it is a custom scenario of that user, which only an
 * admin may choose for somebody else.
 */
export async function createInterviewer(deps: AppDeps, caller: Caller, input: InterviewerWriteRequest) {
  const { db } = deps.database;
  const ownerId = input.userId ?? (caller.isAdmin ? null : caller.id);
  if (ownerId !== null && ownerId !== caller.id) {
    if (!caller.isAdmin) throw forbidden(messages.forbiddenOwner);
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId));
    if (!owner) throw invalid(messages.unknownUser, { userId: messages.unknownUser });
  }
  const isCustom = ownerId !== null;
  const kind = isCustom ? CUSTOM_DEFAULTS : PRESET_DEFAULTS;
  const fields = normalise(
    {
      ...input,
      role: input.role ?? kind.role,
      company: input.company ?? kind.company,
      callType: input.callType ?? kind.callType,
      sampleQuestions: input.sampleQuestions ?? [],
      rubricName: input.rubricName ?? DEFAULT_RUBRIC_NAME,
      rubricCriteria: input.rubricCriteria ?? [],
    },
    isCustom,
  );
  const now = deps.clock.now();
  const created = await db.transaction(async (tx) => {
    const [rubric] = await tx
      .insert(rubrics)
      .values({ name: fields.rubricName as string, criteria: fields.rubricCriteria, isCustom })
      .returning({ id: rubrics.id });
    const [row] = await tx
      .insert(interviewers)
      .values({
        ...fields,
        name: input.name,
        rubricId: rubric.id,
        isCustomScenario: isCustom,
        userId: ownerId,
        addedBy: caller.id,
        isArchived: input.isArchived ?? false,
        archivedAt: input.isArchived ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, caller, 'interviewer.create', row.id, { name: row.name, isCustomScenario: isCustom });
    return row;
  });
  // committed: this server's next list shows it (the notification comes back a moment later)
  forgetInterviewerLists(db);
  return created;
}

/**
 * The scenario `caller` may change: admins any; a user their own custom scenario. Another user's
 * custom scenario is not found (as when reading it); a preset is forbidden to non-admins.
 */
async function findChangeable(db: DbOrTx, caller: Caller, id: number): Promise<InterviewerRow> {
  const row = await findInterviewer(db, id);
  const owns = row?.isCustomScenario === true && row.userId === caller.id;
  if (!row || (!caller.isAdmin && !owns && row.isCustomScenario)) throw notFound(messages.notFound);
  if (!caller.isAdmin && !owns) throw forbidden(messages.forbiddenPreset);
  return row;
}

/** PATCH /api/interviewers/:id: admins edit any; an owner edits (and archives) their own custom scenario. */
export async function updateInterviewer(
  deps: AppDeps,
  caller: Caller,
  id: number,
  input: InterviewerPatchRequest,
) {
  const { db } = deps.database;
  const row = await findChangeable(db, caller, id);
  if (input.userId !== undefined && input.userId !== row.userId) {
    throw caller.isAdmin
      ? invalid(messages.ownerUnchangeable, { userId: messages.ownerUnchangeable })
      : forbidden(messages.forbiddenOwner);
  }
  const fields = normalise(input, row.isCustomScenario);
  const now = deps.clock.now();
  if (input.isArchived !== undefined && input.isArchived !== row.isArchived) {
    fields.isArchived = input.isArchived;
    fields.archivedAt = input.isArchived ? now : null;
  }
  const result = await db.transaction(async (tx) => {
    const rubricChanged = fields.rubricName !== undefined || fields.rubricCriteria !== undefined;
    if (rubricChanged) {
      const rubric = {
        name: fields.rubricName ?? row.rubricName,
        criteria: fields.rubricCriteria ?? row.rubricCriteria,
      };
      if (row.rubricId !== null) {
        await tx.update(rubrics).set(rubric).where(eq(rubrics.id, row.rubricId));
      } else {
        const [created] = await tx
          .insert(rubrics)
          .values({ ...rubric, isCustom: row.isCustomScenario })
          .returning({ id: rubrics.id });
        fields.rubricId = created.id;
      }
    }
    const [updated] = await tx
      .update(interviewers)
      .set({ ...fields, updatedAt: now })
      .where(eq(interviewers.id, id))
      .returning();
    const action = fields.isArchived === undefined ? 'update' : fields.isArchived ? 'archive' : 'unarchive';
    await audit(tx, caller, `interviewer.${action}`, id, { fields: Object.keys(input) });
    return updated;
  });
  forgetInterviewerLists(db);
  return result;
}

/**
 * DELETE /api/interviewers/:id: the owner (or an admin) deletes a custom scenario. One that calls,
 * a track or a team assignment refer to is archived instead, so no call loses its scenario, its
 * transcript or its evaluation (interviews.interviewerId restricts deletion); it leaves every list
 * and cannot be started again. Otherwise the row goes, with its own rubric. Presets are archived,
 * never deleted.
 */
export async function deleteInterviewer(
  deps: AppDeps,
  caller: Caller,
  id: number,
): Promise<InterviewerDeleteResponse> {
  const { db } = deps.database;
  const row = await findChangeable(db, caller, id);
  if (!row.isCustomScenario) throw forbidden(messages.deletePreset);
  const now = deps.clock.now();
  const outcome = await db.transaction(async (tx) => {
    // held until commit: a call cannot start with it between the check and the delete
    await tx.select({ id: interviewers.id }).from(interviewers).where(eq(interviewers.id, id)).for('update');
    const [used] = await tx.select({ n: count() }).from(
      sql`(select 1 from ${interviews} where ${interviews.interviewerId} = ${id}
          union all select 1 from ${trackScenarios} where ${trackScenarios.interviewerId} = ${id}
          union all select 1 from ${teamAssignments} where ${teamAssignments.interviewerId} = ${id}
          limit 1) as used`,
    );
    if (used.n > 0) {
      await tx
        .update(interviewers)
        .set({ isArchived: true, archivedAt: row.archivedAt ?? now, updatedAt: now })
        .where(eq(interviewers.id, id));
      await audit(tx, caller, 'interviewer.archive', id, { reason: 'delete requested; in use' });
      return 'archived' as const;
    }
    await tx.delete(interviewers).where(eq(interviewers.id, id));
    if (row.rubricId !== null) {
      const rubricId = row.rubricId;
      await tx
        .delete(rubrics)
        .where(
          and(
            eq(rubrics.id, rubricId),
            eq(rubrics.isCustom, true),
            notExists(
              tx
                .select({ id: interviewers.id })
                .from(interviewers)
                .where(eq(interviewers.rubricId, rubricId)),
            ),
          ),
        );
    }
    await audit(tx, caller, 'interviewer.delete', id, { name: row.name });
    return 'deleted' as const;
  });
  forgetInterviewerLists(db);
  return { id, outcome };
}
