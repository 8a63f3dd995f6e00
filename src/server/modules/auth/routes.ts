import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  changePasswordRequest,
  loginRequest,
  registerRequest,
  userResponse,
} from '../../../shared/contracts/auth.js';
import { errorResponse } from '../../../shared/contracts/common.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { toUserResponse } from '../users/user-view.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_TTL_MS } from './known-devices.js';
import * as auth from './service.js';
import { clearSessionCookie, requireUser, setSessionCookie } from './session-auth.js';
import { deleteSession, SESSION_COOKIE } from './session-store.js';

export async function authRoutes(app: App, deps: AppDeps) {
  const secure = deps.config.secureCookies;
  // sent back to the sign-in route only; it survives signing out (known-devices.ts)
  const setDeviceCookie = (reply: FastifyReply, device: string) =>
    reply.setCookie(DEVICE_COOKIE, device, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: Math.floor(DEVICE_TTL_MS / 1000),
    });

  app.post(
    '/api/register',
    {
      schema: {
        description: `Creates an account and signs it in. At most REGISTER_RATE_LIMIT (${deps.config.REGISTER_RATE_LIMIT}) a minute per client address (429); the client address is the socket's unless TRUST_PROXY names the proxies whose X-Forwarded-For counts.`,
        body: registerRequest,
        response: { 201: userResponse, 409: errorResponse, 429: errorResponse },
      },
      config: { rateLimit: { max: deps.config.REGISTER_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const { user, token, device } = await auth.register(deps, req.body);
      setSessionCookie(reply, token, secure);
      setDeviceCookie(reply, device);
      return reply.code(201).send(toUserResponse(user));
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        description:
          `Signs in. Throttled (docs/security.md): a client that has failed LOGIN_FAILURE_LIMIT (${deps.config.LOGIN_FAILURE_LIMIT}) times a minute on this account, ` +
          `or LOGIN_IP_FAILURE_LIMIT (${deps.config.LOGIN_IP_FAILURE_LIMIT}) times on any accounts, gets 429; while the server sees more than ` +
          `LOGIN_GLOBAL_FAILURE_LIMIT (${deps.config.LOGIN_GLOBAL_FAILURE_LIMIT}) failures a minute, so does any client with a failure of its own. ` +
          'A client that has not been failing is never refused; a browser that has signed in to the account before (its known_device cookie) ' +
          'answers only for its own failures on it, and is hashed first. A refusal is answered after 1 s. Unknown email and wrong password answer alike (401).',
        body: loginRequest,
        response: { 200: userResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (req, reply) => {
      const { user, token, device } = await auth.login(deps, req.body, req.ip, req.cookies[DEVICE_COOKIE]);
      setSessionCookie(reply, token, secure);
      setDeviceCookie(reply, device);
      return toUserResponse(user);
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await deleteSession(deps.database.db, token);
      clearSessionCookie(reply, secure);
      return { message: 'Logged out successfully' };
    },
  );

  app.get('/api/user', { schema: { response: { 200: userResponse } } }, async (req) =>
    toUserResponse(requireUser(req)),
  );

  app.post(
    '/api/user/password',
    {
      schema: {
        description:
          'Sets a new password and ends every other session. An account on a temporary password needs no currentPassword: ' +
          'its proof is this session, opened with that password (which the sign-in burnt) at most 30 minutes ago; after that, 403. ' +
          'Any other account gives its currentPassword (400 when wrong). A wrong currentPassword counts as a failed sign-in ' +
          'on the account from this client, throttled as sign-in is (429).',
        body: changePasswordRequest,
        response: { 200: userResponse, 400: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      const { user, token } = await auth.changePassword(
        deps,
        me.id,
        req.cookies[SESSION_COOKIE] ?? '',
        req.body,
        req.ip,
      );
      setSessionCookie(reply, token, secure);
      return toUserResponse(user);
    },
  );
}
