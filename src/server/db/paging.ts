// Paged lists, written once: a page of the rows (`page` counts from 1) and how many there are in
// all, read in parallel.

/** a select that has not run yet (drizzle's query builders) */
type Pageable<T> = { limit(limit: number): { offset(offset: number): PromiseLike<T[]> } };

export async function readPage<T>(
  rows: Pageable<T>,
  total: PromiseLike<{ total: number }[]>,
  page: number,
  pageSize: number,
): Promise<{ rows: T[]; total: number }> {
  const [pageRows, [counted]] = await Promise.all([
    rows.limit(pageSize).offset((page - 1) * pageSize),
    total,
  ]);
  return { rows: pageRows, total: counted.total };
}
