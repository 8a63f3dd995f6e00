// What the app needs from the outside world, passed in explicitly so tests can supply their own.
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { BlobStore } from './providers/storage/index.js';

export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };

export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  /** call recordings */
  blobs: BlobStore;
};
