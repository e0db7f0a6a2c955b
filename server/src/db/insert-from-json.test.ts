import { sql } from 'drizzle-orm';
import { PgDialect, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { insertFromJson } from './insert-from-json';

const shelf = pgTable('shelf', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  copies: integer('copies').notNull(),
  signed: boolean('signed').notNull().default(false),
  soldAt: timestamp('sold_at', { withTimezone: true }),
});

describe('insertFromJson', () => {
  const dialect = new PgDialect();

  it('sends the rows as one JSON parameter, named by their columns in the table and read back in their types', () => {
    const soldAt = new Date('2026-11-28T10:00:00.000Z');
    const query = dialect.sqlToQuery(
      insertFromJson(
        shelf,
        ['id', 'title', 'copies', 'soldAt'],
        [
          { id: 'a', title: 'Dune', copies: 2, soldAt },
          { id: 'b', title: 'Emma', copies: 1, soldAt: null },
        ],
      ),
    );
    expect(query.sql).toBe(
      'INSERT INTO "shelf" ("id", "title", "copies", "sold_at") SELECT "id", "title", "copies", "sold_at" FROM ' +
        'jsonb_to_recordset($1::jsonb) AS row ("id" text, "title" text, "copies" integer, "sold_at" timestamp with time zone, ' +
        'row_order integer, row_owner text) ORDER BY row_order',
    );
    expect(query.params).toHaveLength(1);
    expect(JSON.parse(String(query.params[0]))).toEqual([
      { row_order: 0, row_owner: null, id: 'a', title: 'Dune', copies: 2, sold_at: '2026-11-28T10:00:00.000Z' },
      { row_order: 1, row_owner: null, id: 'b', title: 'Emma', copies: 1, sold_at: null },
    ]);
  });

  it('writes only the rows whose owner the same statement wrote, when asked', () => {
    const query = dialect.sqlToQuery(
      insertFromJson(shelf, ['id', 'title', 'copies'], [{ id: 'a', title: 'Dune', copies: 2 }], {
        owners: ['booking-1'],
        written: sql`SELECT id FROM booked`,
      }),
    );
    expect(query.sql).toContain('row_owner text) WHERE row_owner IN (SELECT id FROM booked) ORDER BY row_order');
    expect(JSON.parse(String(query.params[0]))).toEqual([
      { row_order: 0, row_owner: 'booking-1', id: 'a', title: 'Dune', copies: 2 },
    ]);
  });
});
