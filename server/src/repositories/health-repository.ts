import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
