import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The columns of `T` a caller names, each with a value (null where the column allows it): no default is implied. */
export type RowOf<T extends PgTable, K extends keyof T['$inferInsert']> = Required<Pick<T['$inferInsert'], K>>;

/**
 * Rows that belong to others written by the same statement (a booking's notice, a claimed place's booking): each
 * row's owner, and the owners the statement wrote (a subquery such as `SELECT id FROM booked`). Only those rows are
 * written.
 */
export interface RowsOwnedBy {
  owners: readonly string[];
  written: SQL;
}

/**
 * `INSERT INTO <table> (<columns>) SELECT <columns> FROM jsonb_to_recordset($1)`, rows in the order given: any number
 * of rows in one JSON parameter, read back by PostgreSQL in the columns' own types. The columns are named once, by
 * their keys in the table's Drizzle definition; the others take their defaults. Drizzle's `values` sends a parameter
 * per column per row (and `default` for every other column), and building those cost the server more than anything
 * else on a group of bookings under load (docs/benchmarks-history.md, "Why the buyer journey is slower than on 2026-11-26").
 */
export function insertFromJson<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  table: T,
  keys: readonly K[],
  rows: readonly RowOf<T, K>[],
  ownedBy?: RowsOwnedBy,
): SQL {
  const byKey = getTableColumns(table);
  const columns = keys.map((key) => {
    const column = byKey[key];
    if (!column) throw new Error(`insertFromJson: ${key} is not a column`);
    return column;
  });
  const json = JSON.stringify(
    rows.map((row, order) => {
      const record: Record<string, unknown> = { row_order: order, row_owner: ownedBy?.owners[order] ?? null };
      columns.forEach((column, i) => {
        const value = row[keys[i]!];
        record[column.name] = value === null ? null : column.mapToDriverValue(value);
      });
      return record;
    }),
  );
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const owned = ownedBy ? sql` WHERE row_owner IN (${ownedBy.written})` : sql``;
  return sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset(${json}::jsonb) AS row (${types}, row_order integer, row_owner text)${owned} ORDER BY row_order`;
}
