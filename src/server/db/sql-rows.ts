// Rows that hand-written SQL returns (`returning *` of a data-modifying CTE, which drizzle's
// builder cannot express), mapped the way drizzle maps its own selects: each column's SQL name to
// its key in the schema, each value through the column's own driver mapping (timestamps arrive
// as text: drizzle's pg and PGlite sessions turn the drivers' date parsing off).
import { getTableColumns, type Table } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';

// the databases are opened with `casing: 'snake_case'` (db/client.ts)
const casing = new CasingCache('snake_case');

/** Raw rows of `db.execute(sql…)`; node-postgres and PGlite both answer `{ rows }`. */
export const sqlRows = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;

export function tableRowFromSql<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const name = casing.getColumnCasing(column);
    const value = raw[name];
    if (value === undefined) throw new Error(`column ${name} missing from the row`);
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
