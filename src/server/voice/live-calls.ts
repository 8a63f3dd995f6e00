// The calls one app instance is serving right now, by interview id. Each app has its own
// registry (two servers, or two apps in one test process, never reach into each other's
// sessions): a call ended anywhere reaches its session through NOTIFY call_end, which every
// app's gateway follows (routes.ts), and the session shows it has stored everything by clearing
// the call's live lease in the database.
import type { CallSession, EndReason } from './call-session.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the calls this app serves (voice/routes.ts); ended first when the app closes (app.ts) */
    liveCalls: LiveCalls;
    /** what the gateway transcribes spoken answers with (voice/routes.ts), for the pre-call check */
    serverSpeech?: 'cloud' | 'builtin' | 'none';
    /**
     * Starts the engines a call on the built-in gateway uses (voice/warm-up.ts), for a call about
     * to begin; never rejects. Absent when warming is off (tests, unless they ask for it).
     */
    warmVoice?: () => Promise<void>;
  }
}

type Entry = { session: CallSession; finished: Promise<void> };

export class LiveCalls {
  private readonly live = new Map<number, Entry>();

  /** `finished` settles once the session has ended, stored everything and let go of its lease. */
  register(interviewId: number, session: CallSession, finished: Promise<void>): void {
    const entry: Entry = { session, finished };
    this.live.set(interviewId, entry);
    void finished.finally(() => {
      if (this.live.get(interviewId) === entry) this.live.delete(interviewId);
    });
  }

  /** Stops the call's session here, if any, once everything it heard and said is stored. */
  async end(interviewId: number, reason: EndReason = 'ended_by_user'): Promise<void> {
    const entry = this.live.get(interviewId);
    if (!entry) return;
    await entry.session.end(reason);
    await entry.finished;
  }

  /** The session here that is ending by itself (its socket closed), to wait for before a reconnect. */
  ending(interviewId: number): Promise<void> | null {
    const entry = this.live.get(interviewId);
    return entry && entry.session.phase === 'ended' ? entry.finished : null;
  }

  async endAll(reason: EndReason): Promise<void> {
    await Promise.allSettled([...this.live.keys()].map((id) => this.end(id, reason)));
  }

  get size(): number {
    return this.live.size;
  }
}
