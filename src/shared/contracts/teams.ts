// Teams (administration §2 "Teams list", "Team detail", §7 team calls) plus what issue 11 adds:
// ownership transfer, leaving, assignments and the progress view.
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../domain/limits.js';
import { isoDateTime } from './common.js';

export const teamRole = z.enum(['owner', 'admin', 'member']);
export type TeamRole = z.infer<typeof teamRole>;

export const teamMessages = {
  nameRequired: 'Team name is required',
  emailRequired: 'Email is required',
  alreadyMember: 'That person is already a member of this team',
  invitationNotFound: 'Invitation not found',
  tooManyPending: 'This team has too many pending invitations; withdraw some first',
  tooManyInvitations: 'Too many invitations in a short time; try again in a minute',
  notFound: 'Team not found',
  memberNotFound: 'Member not found',
  ownerOnly: 'Only the team owner can do that',
  managersOnly: 'Only the team owner or an admin can do that',
  ownerStays: 'The owner cannot be removed or demoted; transfer ownership first',
  useTransfer: 'Use ownership transfer to make someone the owner',
  ownerCannotLeave: 'The owner cannot leave the team; transfer ownership first',
  assignmentTarget: 'Choose a scenario or a track',
  assignmentNotFound: 'Assignment not found',
  assigneeNotMember: 'The assignee is not a member of this team',
  tooManyAssignments: 'This team has too many assignments; delete some first',
  tooManyTeams: 'You own too many teams; delete one or transfer its ownership first',
} as const;

const teamName = z
  .string({ error: teamMessages.nameRequired })
  .trim()
  .min(1, teamMessages.nameRequired)
  .max(MAX_NAME_LENGTH);
const teamDescription = z.string().max(MAX_TEXT_LENGTH).optional();
const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

export const createTeamRequest = z.object({
  name: teamName,
  description: teamDescription,
  /** The spec's client sends its own id; the creator is always the caller. */
  userId: positiveId.optional(),
});
export type CreateTeamRequest = z.infer<typeof createTeamRequest>;

export const updateTeamRequest = z.object({ name: teamName.optional(), description: teamDescription });
export type UpdateTeamRequest = z.infer<typeof updateTeamRequest>;

export const teamResponse = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the caller's role in the team; null for a site admin who is not a member */
  role: teamRole.nullable(),
  memberCount: z.number(),
});
export type TeamResponse = z.infer<typeof teamResponse>;

export const addMemberRequest = z.object({
  email: z
    .string({ error: teamMessages.emailRequired })
    .trim()
    .min(1, teamMessages.emailRequired)
    .max(MAX_EMAIL_LENGTH)
    .email('Invalid email address'),
  role: z.enum(['admin', 'member']).default('member'),
});
export type AddMemberRequest = z.infer<typeof addMemberRequest>;

// Membership by invitation (issue 19 §4). POST /api/teams/{id}/members invites: it answers 202 with
// the pending invitation, the same way whether or not an account uses the email, so it never tells
// who is registered. The person joins when they accept it, signed in with that email.
/** the most pending invitations a team may hold */
export const MAX_PENDING_INVITATIONS = 100;
/** the most assignments a team may hold (each member's page lists them all) */
export const MAX_TEAM_ASSIGNMENTS = 200;
/** the most teams one person may own */
export const MAX_OWNED_TEAMS = 50;
/** the most invitations one person may make in a minute (across all their teams) */
export const MAX_INVITATIONS_PER_MINUTE = 30;

export const inviteMemberRequest = addMemberRequest;
export type InviteMemberRequest = AddMemberRequest;
/** The invite as a form holds it (the role may be left to its default). */
export type InviteMemberInput = z.input<typeof inviteMemberRequest>;

export const teamInvitationResponse = z.object({
  id: z.number(),
  teamId: z.number(),
  /** lower-cased */
  email: z.string(),
  role: z.enum(['admin', 'member']),
  /** an accepted, declined or withdrawn invitation no longer exists */
  status: z.literal('pending'),
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamInvitationResponse = z.infer<typeof teamInvitationResponse>;

/** An invitation addressed to the signed-in user (matched by their account's email). */
export const myInvitationResponse = teamInvitationResponse.extend({
  teamName: z.string(),
  teamDescription: z.string(),
});
export type MyInvitationResponse = z.infer<typeof myInvitationResponse>;

export const invitationParams = z.object({ id: positiveId, invitationId: positiveId });

export const updateMemberRequest = z.object({ role: teamRole });
export const transferOwnershipRequest = z.object({ userId: positiveId });

export const teamMemberResponse = z.object({
  id: z.number(),
  teamId: z.number(),
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  role: teamRole,
  joinedAt: z.string(),
});
export type TeamMemberResponse = z.infer<typeof teamMemberResponse>;

export const memberParams = z.object({ id: positiveId, userId: positiveId });
export const assignmentParams = z.object({ id: positiveId, assignmentId: positiveId });

export const assignmentStatus = z.enum(['not_started', 'in_progress', 'passed']);
export type AssignmentStatus = z.infer<typeof assignmentStatus>;

export const createAssignmentRequest = z
  .object({
    interviewerId: positiveId.optional(),
    trackId: positiveId.optional(),
    /** one member, or the whole team when absent */
    assigneeId: positiveId.optional(),
    dueDate: isoDateTime().optional(),
    targetScore: z.number().int().min(0).max(10).optional(),
  })
  .refine((a) => (a.interviewerId === undefined) !== (a.trackId === undefined), {
    message: teamMessages.assignmentTarget,
    path: ['interviewerId'],
  });
export type CreateAssignmentRequest = z.infer<typeof createAssignmentRequest>;

export const assignmentResponse = z.object({
  id: z.number(),
  teamId: z.number(),
  teamName: z.string(),
  interviewerId: z.number().nullable(),
  interviewerName: z.string().nullable(),
  trackId: z.number().nullable(),
  trackName: z.string().nullable(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable(),
  targetScore: z.number().nullable(),
  createdAt: z.string(),
});
export type AssignmentResponse = z.infer<typeof assignmentResponse>;

/** One member's progress on an assignment. */
export const assignmentProgress = z.object({
  userId: z.number(),
  name: z.string(),
  status: assignmentStatus,
  bestScore: z.number().nullable(),
});

export const teamAssignmentResponse = assignmentResponse.extend({ progress: z.array(assignmentProgress) });
export type TeamAssignmentResponse = z.infer<typeof teamAssignmentResponse>;

/** The caller's own assignment with its status (dashboard). */
export const myAssignmentResponse = assignmentResponse.extend({
  status: assignmentStatus,
  bestScore: z.number().nullable(),
});
export type MyAssignmentResponse = z.infer<typeof myAssignmentResponse>;

/** The team progress view: figures only, never transcripts or recordings. */
export const memberProgressResponse = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  role: teamRole,
  callsLast30Days: z.number(),
  averageScoreLast30Days: z.number().nullable(),
  /** average of the last 30 days minus that of the 30 days before; null without both */
  scoreTrend: z.number().nullable(),
  tracksJoined: z.number(),
  tracksCompleted: z.number(),
});
export type MemberProgressResponse = z.infer<typeof memberProgressResponse>;
