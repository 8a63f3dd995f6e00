// In-process caches kept correct by the database (the session cache, the scenario lists): a trigger
// NOTIFYs a channel on every change, by any server or by hand, and each server's cache for that
// database follows the channel. While the listening connection is down the cache must trust nothing
// (`setLive(false)`), and once it listens again nothing it held before (`setLive(true)`).
import type { Database, DbOrTx } from './client.js';

export type NotifiedCache = { setLive(live: boolean): void };

/**
 * One cache per database handle, from `start` until the stop it returns; `onMessage` gets each
 * payload on `channel`. Keyed by the handle so two apps in one process (tests, the scale-out test's
 * two servers) keep their own.
 */
export function notifiedCaches<C extends NotifiedCache>(
  channel: string,
  create: () => C,
  onMessage: (cache: C, payload: string) => void,
) {
  const caches = new WeakMap<object, C>();
  return {
    get: (db: DbOrTx): C | undefined => caches.get(db),
    async start(database: Database): Promise<() => Promise<void>> {
      const cache = create();
      caches.set(database.db, cache);
      const stopListening = await database.listen(channel, {
        message: (payload) => onMessage(cache, payload),
        lost: () => cache.setLive(false),
        live: () => cache.setLive(true),
      });
      return async () => {
        if (caches.get(database.db) === cache) caches.delete(database.db);
        await stopListening();
      };
    },
  };
}
