import { z } from 'zod';
import { MAX_NAME_LENGTH, NAME_MIN_LENGTH } from '../domain/limits.js';
import { accountEmail, authMessages, userResponse } from './auth.js';

const name = z
  .string({ error: authMessages.nameMin })
  .trim()
  .min(NAME_MIN_LENGTH, authMessages.nameMin)
  .max(MAX_NAME_LENGTH);
const credits = z
  .number({ error: 'Credits must be a whole number from 0 to 1,000,000' })
  .int('Credits must be a whole number from 0 to 1,000,000')
  .min(0, 'Credits must be a whole number from 0 to 1,000,000')
  .max(1_000_000, 'Credits must be a whole number from 0 to 1,000,000');

/** Admin creation: no password field — the server generates a temporary one. */
export const createUserRequest = z.object({
  name,
  email: accountEmail,
  credits: credits.optional(),
  isAdmin: z.boolean().optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const updateUserRequest = z.object({
  name: name.optional(),
  email: accountEmail.optional(),
  credits: credits.optional(),
  isAdmin: z.boolean().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const userListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().trim().max(200).optional(),
  adminsOnly: z.enum(['true', 'false']).optional(),
});

/** GET /api/users: the plain list, or a page when asked with `page`. */
export const userListResponse = z.union([
  z.array(userResponse),
  z.object({ items: z.array(userResponse), total: z.number() }),
]);

/** The temporary password is shown once, in the success toast. */
export const userWithTemporaryPassword = userResponse.extend({ temporaryPassword: z.string() });
export const resetPasswordResponse = z.object({ message: z.string(), temporaryPassword: z.string() });

export const auditEntryResponse = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** the target's name now (a user's, a scenario's, a track's); null for other targets or a deleted row */
  targetName: z.string().nullable(),
  details: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntryResponse>;

export const auditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const auditLogResponse = z.object({ items: z.array(auditEntryResponse), total: z.number() });
