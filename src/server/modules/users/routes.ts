import { z } from 'zod';
import { userResponse } from '../../../shared/contracts/auth.js';
import { idParam } from '../../../shared/contracts/common.js';
import {
  auditEntryResponse,
  createUserRequest,
  resetPasswordResponse,
  updateUserRequest,
  userListQuery,
  userWithTemporaryPassword,
} from '../../../shared/contracts/users.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { listAudit } from '../audit/service.js';
import { requireAdmin } from '../auth/session-auth.js';
import * as users from './service.js';
import { toUserResponse } from './user-view.js';

export async function userRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get(
    '/api/users',
    {
      schema: {
        querystring: userListQuery,
        response: {
          200: z.union([
            z.array(userResponse),
            z.object({ items: z.array(userResponse), total: z.number() }),
          ]),
        },
      },
    },
    async (req) => {
      requireAdmin(req);
      const { rows, total } = await users.listUsers(db, req.query);
      const items = rows.map(toUserResponse);
      return total === undefined ? items : { items, total };
    },
  );

  app.post(
    '/api/users',
    { schema: { body: createUserRequest, response: { 201: userWithTemporaryPassword } } },
    async (req, reply) => {
      const admin = requireAdmin(req);
      const { user, temporaryPassword } = await users.createUser(db, admin.id, req.body);
      return reply.code(201).send({ ...toUserResponse(user), temporaryPassword });
    },
  );

  app.patch(
    '/api/users/:id',
    { schema: { params: idParam, body: updateUserRequest, response: { 200: userResponse } } },
    async (req) => {
      const admin = requireAdmin(req);
      return toUserResponse(await users.updateUser(db, admin.id, req.params.id, req.body));
    },
  );

  app.patch(
    '/api/users/:id/resetPassword',
    { schema: { params: idParam, response: { 200: resetPasswordResponse } } },
    async (req) => {
      const admin = requireAdmin(req);
      const temporaryPassword = await users.resetPassword(db, admin.id, req.params.id);
      return { message: 'User password has been reset', temporaryPassword };
    },
  );

  app.get(
    '/api/audit-log',
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: { 200: z.object({ items: z.array(auditEntryResponse), total: z.number() }) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return listAudit(db, req.query.page, req.query.pageSize);
    },
  );
}
