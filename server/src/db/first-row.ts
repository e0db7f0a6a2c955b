/** The first row a query finds, or undefined: the query is limited to one row. */
export async function firstRow<T>(query: { limit(count: number): PromiseLike<T[]> }): Promise<T | undefined> {
  const [row] = await query.limit(1);
  return row;
}
