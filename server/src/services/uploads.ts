import type { ImageUploadResponse } from '@bookswap/shared/schemas';
import type { UploadLimits } from '../config';
import type { Database } from '../db/database';
import { badRequest, HttpError } from '../errors/http-error';
import { sniffImageType, type ImageStore } from '../images/image-store';
import {
  deleteUnusedUploads,
  insertUpload,
  lockOwnerUploads,
  uploadedSince,
  type Upload,
} from '../repositories/uploads-repository';
import { ownImagePath, type WireContext } from './wire';

const DAY_MS = 24 * 60 * 60 * 1000;

function overQuota(message: string): HttpError {
  return new HttpError(429, `image: ${message}; try again tomorrow`, 'image');
}

function overQuotaCount(limits: UploadLimits): never {
  throw overQuota(`you have uploaded the ${limits.perDayCount} images a day allows`);
}

const dayBefore = (now: Date) => new Date(now.getTime() - DAY_MS);

/** Before the file is read: a seller at the day's count gets 429 without sending 5 MB first. */
export async function refuseOverDailyCount(db: Database, ownerId: string, limits: UploadLimits): Promise<void> {
  const used = await uploadedSince(db, ownerId, dayBefore(new Date()));
  if (used.files >= limits.perDayCount) overQuotaCount(limits);
}

/**
 * Counts an upload against its seller's last 24 hours (count and bytes), or refuses it with 429. One seller's
 * uploads are counted one at a time, so parallel requests cannot slip past the quota together.
 */
export async function recordUpload(db: Database, upload: Upload, limits: UploadLimits): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnerUploads(tx, upload.ownerId);
    const used = await uploadedSince(tx, upload.ownerId, dayBefore(new Date()));
    if (used.files >= limits.perDayCount) overQuotaCount(limits);
    if (used.bytes + upload.bytes > limits.perDayBytes) {
      throw overQuota(
        `this would pass the ${Math.floor(limits.perDayBytes / (1024 * 1024))} MB of images a day allows`,
      );
    }
    await insertUpload(tx, upload);
  });
}

/**
 * Stores a seller's uploaded picture (JPEG, PNG, WebP or GIF by its bytes) and counts it against the day's quota;
 * a refused upload leaves no file behind.
 */
export async function storeUploadedImage(
  deps: { db: Database; images: ImageStore; wire: WireContext; limits: UploadLimits },
  ownerId: string,
  bytes: Buffer,
): Promise<ImageUploadResponse> {
  const type = sniffImageType(bytes);
  if (!type) throw badRequest('image: must be a JPEG, PNG, WebP or GIF picture', 'image');
  const stored = await deps.images.save(bytes, type, ownerId);
  const name = stored.slice('/images/'.length);
  try {
    await recordUpload(deps.db, { name, ownerId, bytes: bytes.length }, deps.limits);
  } catch (error) {
    await deps.images.remove(name);
    throw error;
  }
  return { success: true, data: { url: `${deps.wire.publicUrl}${stored}` } };
}

/**
 * A listing's cover as stored (`/images/<name>`): only an image this server's own store holds, addressed under its
 * PUBLIC_URL, so a listing never makes a browser load a picture from another host.
 */
export async function storedCoverPath(deps: { images: ImageStore; wire: WireContext }, url: string): Promise<string> {
  const stored = ownImagePath(url, deps.wire);
  if (!stored) throw badRequest('img: must be an image uploaded to Bookswap', 'img');
  if (!(await deps.images.has(stored.slice('/images/'.length)))) {
    throw badRequest('img: this image is not in Bookswap’s image store; upload it again', 'img');
  }
  return stored;
}

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
  const removed = await deleteUnusedUploads(db, new Date(now.getTime() - graceHours * 60 * 60 * 1000), batch);
  for (const name of removed) await images.remove(name);
  return removed;
}
