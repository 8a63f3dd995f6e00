// Hot queries (one per request at least: the session lookup, then the dashboard's list, one call,
// a rating) run as named prepared statements. drizzle builds their SQL once per database instead
// of on every request, and PostgreSQL parses each once per connection and may reuse a generic
// plan; under load both were a large share of the server's and the database's time.
// Values go in through `sql.placeholder(name)`; timestamps as ISO strings, since a placeholder
// skips the column's own conversion.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

type Executable<R> = { execute: (placeholders?: Record<string, unknown>) => Promise<R> };
export type Preparable<R> = { prepare: (name: string) => Executable<R> };

/**
 * A query prepared once per database handle. In a transaction it is built on the transaction's
 * own connection each time (a statement prepared on the pool would run outside it).
 */
export function preparedQuery<R>(name: string, build: (db: DbOrTx) => Preparable<R>) {
  const perDatabase = new WeakMap<object, Executable<R>>();
  return (db: DbOrTx, placeholders: Record<string, unknown>): Promise<R> => {
    if (db instanceof PgTransaction) return build(db).prepare(name).execute(placeholders);
    let query = perDatabase.get(db);
    if (!query) {
      query = build(db).prepare(name);
      perDatabase.set(db, query);
    }
    return query.execute(placeholders);
  };
}
