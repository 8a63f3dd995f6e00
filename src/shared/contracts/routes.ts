// The API's route table as the browser sees it: for each JSON route, its query, body and success
// response schemas, keyed by `METHOD /path` exactly as the server registers it (path parameters
// as `:name`). The web's typed client (src/web/lib/api-client.ts) takes its request and response
// types from here, and a server test (src/server/http/route-contracts.int.test.ts) checks every
// entry against the route the server actually registered, so the two cannot drift.
// Routes that answer something other than JSON (recordings, voice previews, webhooks) are not here.
import { z } from 'zod';
import {
  changePasswordRequest,
  loginRequest,
  pageViewRequest,
  registerRequest,
  userResponse,
} from './auth.js';
import {
  createPaymentIntentRequest,
  createPaymentIntentResponse,
  paymentStatusResponse,
  paymentsConfigResponse,
  purchaseListResponse,
  sandboxConfirmRequest,
  sandboxConfirmResponse,
} from './billing.js';
import {
  adminInterviewPageResponse,
  adminInterviewResponse,
  interviewPageResponse,
  openCallsResponse,
  trendsQuery,
  trendsResponse,
  utterancesResponse,
} from './call-review.js';
import {
  createInterviewRequest,
  endInterviewRequest,
  interviewListQuery,
  interviewResponse,
  listedInterviewResponse,
  patchInterviewRequest,
  rateInterviewRequest,
  voiceSessionResponse,
} from './calls.js';
import { pageQuery } from './common.js';
import { customCallGeneration, generateCustomCallRequest } from './custom-calls.js';
import { healthResponse, providerTestResponse, publicHealthResponse } from './health.js';
import { publicConfigResponse } from './public-config.js';
import {
  howItWorksImagesResponse,
  interviewerDeleteResponse,
  interviewerListQuery,
  interviewerListResponse,
  interviewerPage,
  interviewerPatchRequest,
  interviewerResponse,
  interviewerWriteRequest,
  publicInterviewerResponse,
} from './scenarios.js';
import { modelSettingsPatch, modelSettingsResponse } from './settings.js';
import {
  createAssignmentRequest,
  createTeamRequest,
  inviteMemberRequest,
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
} from './teams.js';
import {
  trackDetailQuery,
  trackListQuery,
  trackPage,
  trackPatchRequest,
  trackResponse,
  trackWriteRequest,
} from './tracks.js';
import {
  auditLogQuery,
  auditLogResponse,
  createUserRequest,
  resetPasswordResponse,
  updateUserRequest,
  userListQuery,
  userListResponse,
  userWithTemporaryPassword,
} from './users.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RouteContract = {
  query?: z.ZodType;
  body?: z.ZodType;
  /** the success answer's body */
  response: z.ZodType;
  /** the success status, when not 200 */
  status?: number;
};

/** The answer of a list route that pages with `page` and returns the plain list without it. */
const listOrPage = <L extends z.ZodType, P extends z.ZodType>(list: L, page: P) => z.union([list, page]);

export const messageResponse = z.object({ message: z.string() });

export const apiRoutes = {
  // auth
  'POST /api/register': { body: registerRequest, response: userResponse, status: 201 },
  'POST /api/login': { body: loginRequest, response: userResponse },
  'POST /api/logout': { response: messageResponse },
  'GET /api/user': { response: userResponse },
  'POST /api/user/password': { body: changePasswordRequest, response: userResponse },
  'POST /api/track/page-view': {
    body: pageViewRequest,
    response: z.object({ ok: z.boolean() }),
    status: 201,
  },

  // users (admin)
  'GET /api/users': { query: userListQuery, response: userListResponse },
  'POST /api/users': { body: createUserRequest, response: userWithTemporaryPassword, status: 201 },
  'PATCH /api/users/:id': { body: updateUserRequest, response: userResponse },
  'PATCH /api/users/:id/resetPassword': { response: resetPasswordResponse },
  'GET /api/audit-log': { query: auditLogQuery, response: auditLogResponse },

  // calls
  'POST /api/interviews': { body: createInterviewRequest, response: interviewResponse, status: 201 },
  'GET /api/interviews': {
    query: interviewListQuery,
    response: listOrPage(z.array(listedInterviewResponse), interviewPageResponse),
  },
  'GET /api/interviews/all': {
    query: interviewListQuery,
    response: listOrPage(z.array(adminInterviewResponse), adminInterviewPageResponse),
  },
  'GET /api/interviews/trends': { query: trendsQuery, response: trendsResponse },
  'GET /api/interviews/open': { response: openCallsResponse },
  'GET /api/interviews/:id': { response: interviewResponse },
  'PATCH /api/interviews/:id': { body: patchInterviewRequest, response: interviewResponse },
  'POST /api/interviews/:id/voice-session': { response: voiceSessionResponse },
  'POST /api/interviews/:id/end': { body: endInterviewRequest, response: interviewResponse },
  'POST /api/interviews/:id/rate': { body: rateInterviewRequest, response: interviewResponse },
  'POST /api/interviews/:id/re-evaluate': { response: interviewResponse },
  'GET /api/interviews/:id/utterances': { response: utterancesResponse },

  // scenarios
  'GET /api/interviewers': {
    query: interviewerListQuery,
    response: listOrPage(interviewerListResponse, interviewerPage),
  },
  'GET /api/interviewers-public': { response: z.array(publicInterviewerResponse) },
  'GET /api/interviewers/:id': { response: interviewerResponse },
  'POST /api/interviewers': { body: interviewerWriteRequest, response: interviewerResponse, status: 201 },
  'PATCH /api/interviewers/:id': { body: interviewerPatchRequest, response: interviewerResponse },
  'DELETE /api/interviewers/:id': { response: interviewerDeleteResponse },
  'GET /api/how-it-works-images': { response: howItWorksImagesResponse },

  // custom calls
  'POST /api/custom-calls/generate': { body: generateCustomCallRequest, response: customCallGeneration },

  // billing
  'GET /api/payments/config': { response: paymentsConfigResponse },
  'POST /api/create-payment-intent': {
    body: createPaymentIntentRequest,
    response: createPaymentIntentResponse,
  },
  'GET /api/payment-status/:paymentIntentId': { response: paymentStatusResponse },
  'GET /api/purchases': { query: pageQuery, response: purchaseListResponse },
  'POST /api/payments/sandbox/confirm': { body: sandboxConfirmRequest, response: sandboxConfirmResponse },

  // tracks
  'GET /api/tracks': { query: trackListQuery, response: listOrPage(z.array(trackResponse), trackPage) },
  'GET /api/tracks/:id': { query: trackDetailQuery, response: trackResponse },
  'POST /api/tracks': { body: trackWriteRequest, response: trackResponse, status: 201 },
  'PATCH /api/tracks/:id': { body: trackPatchRequest, response: trackResponse },
  'POST /api/tracks/:id/join': { response: trackResponse },
  'POST /api/tracks/:id/leave': { response: messageResponse },
  'POST /api/tracks/:id/reset': { response: trackResponse },

  // teams
  'GET /api/teams/user/:userId': { response: z.array(teamResponse) },
  'POST /api/teams': { body: createTeamRequest, response: teamResponse, status: 201 },
  'GET /api/teams/:id': { response: teamResponse },
  'PATCH /api/teams/:id': { body: updateTeamRequest, response: teamResponse },
  'GET /api/teams/:id/members': { response: z.array(teamMemberResponse) },
  'POST /api/teams/:id/members': { body: inviteMemberRequest, response: teamInvitationResponse, status: 202 },
  'PATCH /api/teams/:id/members/:userId': { body: updateMemberRequest, response: teamMemberResponse },
  'DELETE /api/teams/:id/members/:userId': { response: messageResponse },
  'GET /api/teams/:id/invitations': { response: z.array(teamInvitationResponse) },
  'DELETE /api/teams/:id/invitations/:invitationId': { response: messageResponse },
  'GET /api/team-invitations': { response: z.array(myInvitationResponse) },
  'POST /api/team-invitations/:id/accept': { response: teamResponse },
  'POST /api/team-invitations/:id/decline': { response: messageResponse },
  'POST /api/teams/:id/transfer-ownership': {
    body: transferOwnershipRequest,
    response: z.array(teamMemberResponse),
  },
  'POST /api/teams/:id/leave': { response: messageResponse },
  'GET /api/teams/:id/assignments': { response: z.array(teamAssignmentResponse) },
  'POST /api/teams/:id/assignments': {
    body: createAssignmentRequest,
    response: teamAssignmentResponse,
    status: 201,
  },
  'DELETE /api/teams/:id/assignments/:assignmentId': { response: messageResponse },
  'GET /api/teams/:id/progress': { response: z.array(memberProgressResponse) },
  'GET /api/assignments/mine': { response: z.array(myAssignmentResponse) },

  // configuration
  'GET /api/public-config': { response: publicConfigResponse },
  'GET /api/settings/models': { response: modelSettingsResponse },
  'PATCH /api/settings/models': { body: modelSettingsPatch, response: modelSettingsResponse },
  'GET /api/health': { response: z.union([healthResponse, publicHealthResponse]) },
  'GET /api/check-elevenlabs-key': { response: z.object({ available: z.boolean() }) },
  'POST /api/admin/providers/:provider/test': { response: providerTestResponse },
} as const satisfies Record<`${HttpMethod} /api/${string}`, RouteContract>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteKey = keyof ApiRoutes;
