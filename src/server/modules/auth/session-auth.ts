// Reads the session cookie on every API request and attaches the signed-in user (or null).
// Route guards `requireUser` / `requireAdmin` turn a missing user into 401 and a non-admin into 403.
// Part of the auth module, which owns sessions; buildApp (app.ts) registers the hook.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { users } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, unauthorized } from '../../errors.js';
import {
  findSessionUser,
  forgetAfterWrite,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  startSessionCache,
} from './session-store.js';

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);
/**
 * Writes that can change what a session stands for: signing out, the user's own account (name,
 * password) and anything an admin does. Their author's cached sessions are forgotten before the
 * answer leaves, not a notification later.
 */
const mayChangeSessions = (req: FastifyRequest) => {
  const path = req.url.split('?')[0];
  return req.user?.isAdmin || path === '/api/logout' || path === '/api/user' || path.startsWith('/api/user/');
};
const PASSWORD_CHANGE_ROUTES = new Set(['/api/user', '/api/user/password', '/api/logout']);

/** The user of the request's session cookie, or null (no cookie, unknown or expired session). */
export async function sessionUserOf(req: FastifyRequest, deps: AppDeps): Promise<SessionUser | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const { db } = deps.database;
  const now = deps.clock.now();
  // GET /api/user reads the database: it shows the credits a request has just changed. Other
  // requests may use what the session cache holds (see session-cache.ts), except that an admin's
  // write confirms the admin flag with the database first.
  const user = await findSessionUser(db, token, now, { fresh: req.url.split('?')[0] === '/api/user' });
  if (user?.isAdmin && !READ_METHODS.has(req.method)) {
    return (await findSessionUser(db, token, now, { fresh: true })) ?? null;
  }
  return user ?? null;
}

export async function registerSessionAuth(app: FastifyInstance, deps: AppDeps) {
  const stopSessionCache = await startSessionCache(deps.database);
  app.addHook('onClose', stopSessionCache);
  app.addHook('onSend', async (req) => {
    if (req.user && !READ_METHODS.has(req.method) && mayChangeSessions(req)) {
      forgetAfterWrite(deps.database.db, req.user);
    }
  });
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    req.user = await sessionUserOf(req, deps);
    // An account on a temporary password may only read itself, set a new password or sign out.
    if (req.user?.mustChangePassword && !PASSWORD_CHANGE_ROUTES.has(req.url.split('?')[0])) {
      throw forbidden('You must set a new password before continuing');
    }
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function requireAdmin(req: FastifyRequest): SessionUser {
  const user = requireUser(req);
  if (!user.isAdmin) throw forbidden('This page is only accessible to administrators');
  return user;
}
