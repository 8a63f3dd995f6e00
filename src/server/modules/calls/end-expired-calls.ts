// The server's call timer. A call still in progress past its deadline (CALL_LIMIT_MS after
// creation) is ended and evaluated by the server: by a sweep every minute while the app runs
// (started in routes.ts, stopped when the app closes), and on access (GET /api/interviews/:id).
import { and, asc, eq, lt } from 'drizzle-orm';
import { interviews } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { CALL_LIMIT_MS } from './call-limits.js';
import { endInterviewAsSystem } from './end-call.js';

export const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 20;

export type SweepLog = (msg: string, err?: unknown) => void;

/** Ends up to one batch of overdue calls; answers how many it ended. */
export async function endExpiredCalls(deps: AppDeps, log?: SweepLog): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - CALL_LIMIT_MS);
  const overdue = await deps.database.db
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(eq(interviews.status, 'in_progress'), lt(interviews.createdAt, cutoff)))
    .orderBy(asc(interviews.createdAt))
    .limit(SWEEP_BATCH);
  let ended = 0;
  for (const { id } of overdue) {
    try {
      await endInterviewAsSystem(deps, id, { reason: 'timeout', log });
      ended += 1;
    } catch (err) {
      log?.(`could not end overdue call ${id}`, err);
    }
  }
  return ended;
}

export function startCallSweeper(deps: AppDeps, log?: SweepLog): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    endExpiredCalls(deps, log)
      .catch((err) => log?.('call sweep failed', err))
      .finally(() => {
        running = false;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
