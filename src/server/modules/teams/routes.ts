// Team routes (administration §7 team calls) plus transfer, leave, assignments, progress and
// membership by invitation (issue 19 §4: POST .../members invites; the invited person accepts).
import { z } from 'zod';
import { idParam } from '../../../shared/contracts/common.js';
import {
  assignmentParams,
  createAssignmentRequest,
  createTeamRequest,
  invitationParams,
  inviteMemberRequest,
  memberParams,
  memberProgressResponse,
  myAssignmentResponse,
  myInvitationResponse,
  teamAssignmentResponse,
  teamInvitationResponse,
  teamMemberResponse,
  teamResponse,
  transferOwnershipRequest,
  updateMemberRequest,
  updateTeamRequest,
} from '../../../shared/contracts/teams.js';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/types.js';
import { requireUser } from '../auth/session-auth.js';
import * as assignments from './assignment-service.js';
import * as invitations from './invitation-service.js';
import { teamProgress } from './progress-service.js';
import * as teams from './team-service.js';

const messageResponse = z.object({ message: z.string() });
const userIdParam = z.object({ userId: idParam.shape.id });

export async function teamRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  app.get(
    '/api/teams/user/:userId',
    { schema: { params: userIdParam, response: { 200: z.array(teamResponse) } } },
    async (req) => teams.listTeamsOfUser(db, requireUser(req), req.params.userId),
  );

  app.post(
    '/api/teams',
    { schema: { body: createTeamRequest, response: { 201: teamResponse } } },
    async (req, reply) => reply.code(201).send(await teams.createTeam(db, requireUser(req), req.body)),
  );

  app.get('/api/teams/:id', { schema: { params: idParam, response: { 200: teamResponse } } }, async (req) =>
    teams.getTeam(db, requireUser(req), req.params.id),
  );

  app.patch(
    '/api/teams/:id',
    { schema: { params: idParam, body: updateTeamRequest, response: { 200: teamResponse } } },
    async (req) => teams.updateTeam(db, requireUser(req), req.params.id, req.body),
  );

  app.get(
    '/api/teams/:id/members',
    { schema: { params: idParam, response: { 200: z.array(teamMemberResponse) } } },
    async (req) => teams.listMembers(db, requireUser(req), req.params.id),
  );

  // Adding a member invites them: 202 with the pending invitation, whether or not the email has
  // an account (nothing about registration is revealed); 409 only for an email already a member.
  app.post(
    '/api/teams/:id/members',
    { schema: { params: idParam, body: inviteMemberRequest, response: { 202: teamInvitationResponse } } },
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await invitations.inviteMember(db, requireUser(req), req.params.id, req.body, deps.clock.now()),
        ),
  );

  app.get(
    '/api/teams/:id/invitations',
    { schema: { params: idParam, response: { 200: z.array(teamInvitationResponse) } } },
    async (req) => invitations.listTeamInvitations(db, requireUser(req), req.params.id),
  );

  app.delete(
    '/api/teams/:id/invitations/:invitationId',
    { schema: { params: invitationParams, response: { 200: messageResponse } } },
    async (req) =>
      invitations.withdrawInvitation(db, requireUser(req), req.params.id, req.params.invitationId),
  );

  app.get(
    '/api/team-invitations',
    { schema: { response: { 200: z.array(myInvitationResponse) } } },
    async (req) => invitations.listMyInvitations(db, requireUser(req)),
  );

  app.post(
    '/api/team-invitations/:id/accept',
    { schema: { params: idParam, response: { 200: teamResponse } } },
    async (req) => invitations.acceptInvitation(db, requireUser(req), req.params.id),
  );

  app.post(
    '/api/team-invitations/:id/decline',
    { schema: { params: idParam, response: { 200: messageResponse } } },
    async (req) => invitations.declineInvitation(db, requireUser(req), req.params.id),
  );

  app.patch(
    '/api/teams/:id/members/:userId',
    { schema: { params: memberParams, body: updateMemberRequest, response: { 200: teamMemberResponse } } },
    async (req) =>
      teams.changeMemberRole(db, requireUser(req), req.params.id, req.params.userId, req.body.role),
  );

  app.delete(
    '/api/teams/:id/members/:userId',
    { schema: { params: memberParams, response: { 200: messageResponse } } },
    async (req) => teams.removeMember(db, requireUser(req), req.params.id, req.params.userId),
  );

  app.post(
    '/api/teams/:id/transfer-ownership',
    {
      schema: {
        params: idParam,
        body: transferOwnershipRequest,
        response: { 200: z.array(teamMemberResponse) },
      },
    },
    async (req) => teams.transferOwnership(db, requireUser(req), req.params.id, req.body.userId),
  );

  app.post(
    '/api/teams/:id/leave',
    { schema: { params: idParam, response: { 200: messageResponse } } },
    async (req) => teams.leaveTeam(db, requireUser(req), req.params.id),
  );

  app.get(
    '/api/teams/:id/assignments',
    { schema: { params: idParam, response: { 200: z.array(teamAssignmentResponse) } } },
    async (req) => assignments.listTeamAssignments(db, requireUser(req), req.params.id),
  );

  app.post(
    '/api/teams/:id/assignments',
    { schema: { params: idParam, body: createAssignmentRequest, response: { 201: teamAssignmentResponse } } },
    async (req, reply) =>
      reply.code(201).send(await assignments.createAssignment(db, requireUser(req), req.params.id, req.body)),
  );

  app.delete(
    '/api/teams/:id/assignments/:assignmentId',
    { schema: { params: assignmentParams, response: { 200: messageResponse } } },
    async (req) => assignments.deleteAssignment(db, requireUser(req), req.params.id, req.params.assignmentId),
  );

  app.get(
    '/api/teams/:id/progress',
    { schema: { params: idParam, response: { 200: z.array(memberProgressResponse) } } },
    async (req) => teamProgress(db, requireUser(req), req.params.id, deps.clock.now()),
  );

  app.get(
    '/api/assignments/mine',
    { schema: { response: { 200: z.array(myAssignmentResponse) } } },
    async (req) => assignments.listMyAssignments(db, requireUser(req)),
  );
}
