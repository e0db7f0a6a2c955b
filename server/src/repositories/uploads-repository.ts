import { and, count, eq, gt, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Queryable, Transaction } from '../db/database';
import { bookings, products, uploads } from '../db/schema';

/** The uploads table: images uploaded through the API, for the per-day quota and the sweeper of unused ones. */

export interface Upload {
  name: string;
  ownerId: string;
  bytes: number;
}

/** Files and bytes a seller uploaded after `since`. */
export async function uploadedSince(
  db: Queryable,
  ownerId: string,
  since: Date,
): Promise<{ files: number; bytes: number }> {
  const [used] = await db
    .select({ files: count(), bytes: sum(uploads.bytes) })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, since)));
  return { files: Number(used?.files ?? 0), bytes: Number(used?.bytes ?? 0) };
}

/** Serialises one seller's uploads until the transaction ends. */
export async function lockOwnerUploads(tx: Transaction, ownerId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`upload:${ownerId}`}))`);
}

export async function insertUpload(db: Queryable, upload: Upload): Promise<void> {
  await db.insert(uploads).values(upload);
}

// The stored name at the end of an image URL, whether kept relative (`/images/<name>`) or absolute.
const usedName = (column: typeof products.imageUrl | typeof bookings.imageUrl) =>
  sql`substring(${column} from '/images/([^/?#]+)$')`;

/**
 * Deletes up to `batch` uploads made before `cutoff` that no listing and no booking uses, and answers their names.
 * The row goes first, under the same test, so a listing made meanwhile keeps its image.
 */
export async function deleteUnusedUploads(db: Queryable, cutoff: Date, batch: number): Promise<string[]> {
  const unused = and(
    lt(uploads.createdAt, cutoff),
    sql`NOT EXISTS (SELECT 1 FROM ${products} WHERE ${usedName(products.imageUrl)} = ${uploads.name})`,
    sql`NOT EXISTS (SELECT 1 FROM ${bookings} WHERE ${usedName(bookings.imageUrl)} = ${uploads.name})`,
  );
  const candidates = db.select({ name: uploads.name }).from(uploads).where(unused).limit(batch);
  const removed = await db
    .delete(uploads)
    .where(and(inArray(uploads.name, candidates), unused))
    .returning({ name: uploads.name });
  return removed.map((row) => row.name);
}
