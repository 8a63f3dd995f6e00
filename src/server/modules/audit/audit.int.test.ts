// The audit log names what it lists (issue 23 §12): who made each change, and what it was made to
// (a user, a scenario, a track) by name, not "user #3".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tracks } from '../../db/schema.js';
import {
  createTestContext,
  registerUser,
  sessionCookie,
  type TestContext,
} from '../../test-support/test-app.js';
import { ensureAdmin } from '../auth/service.js';
import { insertInterviewer } from '../calls/call-fixtures.js';
import { recordAudit } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('GET /api/audit-log', () => {
  it('names the actor and the target user, scenario and track, as they are now', async () => {
    const adminId = (await ensureAdmin(ctx.database.db, 'root@example.com', 'root-password'))!;
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'root@example.com', password: 'root-password' },
    });
    const cookie = sessionCookie(login);
    const { user } = await registerUser(ctx.app, { name: 'Nora Newhire' });
    const scenario = await insertInterviewer(ctx.database.db, { name: 'Sarah Chen' });
    const [track] = await ctx.database.db.insert(tracks).values({ name: 'PM Loop' }).returning();
    const { db } = ctx.database;
    await recordAudit(db, { actorId: adminId, action: 'user.update', targetType: 'user', targetId: user.id });
    await recordAudit(db, {
      actorId: adminId,
      action: 'interviewer.update',
      targetType: 'interviewer',
      targetId: scenario.id,
    });
    await recordAudit(db, {
      actorId: adminId,
      action: 'track.update',
      targetType: 'track',
      targetId: track.id,
    });
    await recordAudit(db, {
      actorId: adminId,
      action: 'settings.models.update',
      targetType: 'settings',
      targetId: 'models',
    });
    await recordAudit(db, { actorId: adminId, action: 'user.update', targetType: 'user', targetId: 999_999 });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/audit-log', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const byAction = res
      .json()
      .items.map((e: Record<string, unknown>) => [e.action, e.actorName, e.targetType, e.targetName]);
    expect(byAction).toEqual([
      ['user.update', 'Administrator', 'user', null],
      ['settings.models.update', 'Administrator', 'settings', null],
      ['track.update', 'Administrator', 'track', 'PM Loop'],
      ['interviewer.update', 'Administrator', 'interviewer', 'Sarah Chen'],
      ['user.update', 'Administrator', 'user', 'Nora Newhire'],
    ]);
  });
});
