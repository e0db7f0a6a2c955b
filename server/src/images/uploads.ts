import { and, count, eq, gt, inArray, lt, sql, sum } from 'drizzle-orm';
import type { UploadLimits } from '../config';
import type { Database, Queryable } from '../db/database';
import { bookings, products, uploads } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { ImageStore } from './image-store';

const DAY_MS = 24 * 60 * 60 * 1000;

function overQuota(message: string): HttpError {
  return new HttpError(429, `image: ${message}; try again tomorrow`, 'image');
}

async function usedToday(db: Queryable, ownerId: string, now: Date): Promise<{ files: number; bytes: number }> {
  const [used] = await db
    .select({ files: count(), bytes: sum(uploads.bytes) })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, new Date(now.getTime() - DAY_MS))));
  return { files: Number(used?.files ?? 0), bytes: Number(used?.bytes ?? 0) };
}

/** Before the file is read: a seller at the day's count gets 429 without sending 5 MB first. */
export async function refuseOverDailyCount(db: Database, ownerId: string, limits: UploadLimits): Promise<void> {
  const used = await usedToday(db, ownerId, new Date());
  if (used.files >= limits.perDayCount) overQuotaCount(limits);
}

function overQuotaCount(limits: UploadLimits): never {
  throw overQuota(`you have uploaded the ${limits.perDayCount} images a day allows`);
}

/**
 * Counts an upload against its seller's last 24 hours (count and bytes), or refuses it with 429. One seller's
 * uploads are counted one at a time, so parallel requests cannot slip past the quota together.
 */
export async function recordUpload(
  db: Database,
  upload: { name: string; ownerId: string; bytes: number },
  limits: UploadLimits,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`upload:${upload.ownerId}`}))`);
    const used = await usedToday(tx, upload.ownerId, new Date());
    if (used.files >= limits.perDayCount) overQuotaCount(limits);
    if (used.bytes + upload.bytes > limits.perDayBytes) {
      throw overQuota(
        `this would pass the ${Math.floor(limits.perDayBytes / (1024 * 1024))} MB of images a day allows`,
      );
    }
    await tx.insert(uploads).values(upload);
  });
}

// The stored name at the end of an image URL, whether kept relative (`/images/<name>`) or absolute.
const usedName = (column: typeof products.imageUrl | typeof bookings.imageUrl) =>
  sql`substring(${column} from '/images/([^/?#]+)$')`;

/**
 * Removes uploads older than the grace period that no listing and no booking uses (a form abandoned after the
 * upload, a deleted listing). Only files uploaded through the API are considered: the demo covers stay.
 */
export async function sweepUnusedUploads(options: {
  db: Database;
  images: ImageStore;
  graceHours: number;
  now?: Date;
  batch?: number;
}): Promise<string[]> {
  const { db, images, graceHours, now = new Date(), batch = 500 } = options;
  const cutoff = new Date(now.getTime() - graceHours * 60 * 60 * 1000);
  const unused = and(
    lt(uploads.createdAt, cutoff),
    sql`NOT EXISTS (SELECT 1 FROM ${products} WHERE ${usedName(products.imageUrl)} = ${uploads.name})`,
    sql`NOT EXISTS (SELECT 1 FROM ${bookings} WHERE ${usedName(bookings.imageUrl)} = ${uploads.name})`,
  );
  const candidates = db.select({ name: uploads.name }).from(uploads).where(unused).limit(batch);
  // The row goes first, under the same test, so a listing made meanwhile keeps its image.
  const removed = await db
    .delete(uploads)
    .where(and(inArray(uploads.name, candidates), unused))
    .returning({ name: uploads.name });
  for (const { name } of removed) await images.remove(name);
  return removed.map((row) => row.name);
}
