// The team progress view for owners and admins: per member, figures only — calls and average
// score over the last 30 days and its trend against the 30 days before, tracks joined and
// completed. Transcripts and recordings stay private to each member.
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { MemberProgressResponse } from '../../../shared/contracts/teams.js';
import { roundScore } from '../../../shared/domain/evaluation-display.js';
import { overallAverageScore } from '../../../shared/domain/score-averages.js';
import type { Db } from '../../db/client.js';
import { interviews, teamMembers, users, userTracks } from '../../db/schema.js';
import type { SessionUser } from '../auth/session-auth.js';
import { requireManager } from './team-access.js';
import { listMembers } from './team-service.js';

const DAY_MS = 86_400_000;

export async function teamProgress(
  db: Db,
  actor: SessionUser,
  teamId: number,
  now: Date,
): Promise<MemberProgressResponse[]> {
  await requireManager(db, actor, teamId);
  const members = await listMembers(db, actor, teamId);
  const from = new Date(now.getTime() - 60 * DAY_MS);
  const split = new Date(now.getTime() - 30 * DAY_MS);
  const memberIds = sql`(select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`;
  const calls = await db
    .select({ userId: interviews.userId, startTime: interviews.startTime, evaluation: interviews.evaluation })
    .from(interviews)
    .where(
      and(
        sql`${interviews.userId} in ${memberIds}`,
        gte(interviews.startTime, from),
        isNotNull(interviews.endTime),
        isNotNull(interviews.evaluation),
      ),
    );
  const trackRows = await db
    .select({
      userId: userTracks.userId,
      joined: sql<number>`count(*)::int`,
      completed: sql<number>`count(${userTracks.completedAt})::int`,
    })
    .from(userTracks)
    .innerJoin(users, eq(users.id, userTracks.userId))
    .where(sql`${userTracks.userId} in ${memberIds}`)
    .groupBy(userTracks.userId);
  return members.map((m) => {
    const mine = calls.filter((c) => c.userId === m.userId);
    const recent = mine.filter((c) => c.startTime >= split).map((c) => c.evaluation);
    const before = mine.filter((c) => c.startTime < split).map((c) => c.evaluation);
    const recentAvg = recent.length ? overallAverageScore(recent) : null;
    const beforeAvg = before.length ? overallAverageScore(before) : null;
    const tracks = trackRows.find((t) => t.userId === m.userId);
    const round = roundScore;
    return {
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      callsLast30Days: recent.length,
      averageScoreLast30Days: recentAvg === null ? null : round(recentAvg),
      scoreTrend: recentAvg === null || beforeAvg === null ? null : round(recentAvg - beforeAvg),
      tracksJoined: tracks?.joined ?? 0,
      tracksCompleted: tracks?.completed ?? 0,
    };
  });
}
