import type { User } from '../../../shared/contracts/auth.js';
import type { users } from '../../db/schema.js';

/** The public view of a user row: never the password hash. */
export function toUserResponse(u: typeof users.$inferSelect): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    credits: u.credits,
    role: u.isAdmin ? 'admin' : 'user',
    isAdmin: u.isAdmin,
    mustChangePassword: u.mustChangePassword,
    createdAt: u.createdAt.toISOString(),
  };
}
