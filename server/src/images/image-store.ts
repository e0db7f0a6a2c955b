import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import {
  deleteImage,
  imageBytes,
  imageExists,
  insertImage,
  insertImageIfMissing,
} from '../repositories/images-repository';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

const EXTENSION: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const TYPE_OF_EXTENSION = new Map(Object.entries(EXTENSION).map(([type, ext]) => [ext, type as ImageType]));

/** The type read from the file's first bytes; the client's name and content type are never trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 6 && (starts(0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || starts(0x47, 0x49, 0x46, 0x38, 0x39, 0x61)))
    return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Where uploaded images and the demo covers live; every instance of one deployment must reach the same one. */
export interface ImageStore {
  /** Stores the bytes under a new random name and returns the public path (`/images/<name>`). */
  save(bytes: Uint8Array, type: ImageType, ownerId?: string): Promise<string>;
  /** Stores the bytes under this name unless something is already there (the demo covers). */
  keep(name: string, bytes: Uint8Array, type: ImageType): Promise<void>;
  /** Deletes a stored image; a name this store could not have made, or an image already gone, is ignored. */
  remove(name: string): Promise<void>;
  /** The image and its type for a name this store could have made; null for anything else. */
  read(name: string): Promise<{ bytes: Buffer; type: ImageType } | null>;
  /** Whether an image is stored under this name, without reading its bytes (a listing's cover). */
  has(name: string): Promise<boolean>;
}

const NAME = /^([a-z0-9_-]{1,64})\.(jpg|png|webp|gif)$/;

/** The type a stored name stands for, or null for a name no store here could have made. */
function typeOfName(name: string): ImageType | null {
  const match = NAME.exec(name);
  return (match && TYPE_OF_EXTENSION.get(match[2]!)) ?? null;
}

const newName = (type: ImageType) => `${randomBytes(16).toString('hex')}.${EXTENSION[type]}`;

/** Files under a random name in `<DATA_DIR>/images`, served back from `/images/<name>` (PGlite, one process). */
export class DiskImageStore implements ImageStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'images');
  }

  async save(bytes: Uint8Array, type: ImageType): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = newName(type);
    await fs.writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return `/images/${name}`;
  }

  async keep(name: string, bytes: Uint8Array): Promise<void> {
    if (!typeOfName(name)) throw new Error(`not an image name: ${name}`);
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, name);
    await fs.access(file).catch(() => fs.writeFile(file, bytes));
  }

  async remove(name: string): Promise<void> {
    if (!typeOfName(name)) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  async read(name: string): Promise<{ bytes: Buffer; type: ImageType } | null> {
    const type = typeOfName(name);
    if (!type) return null;
    try {
      return { bytes: await fs.readFile(path.join(this.dir, name)), type };
    } catch {
      return null;
    }
  }

  async has(name: string): Promise<boolean> {
    if (!typeOfName(name)) return false;
    return fs.access(path.join(this.dir, name)).then(
      () => true,
      () => false,
    );
  }
}

/**
 * Rows of the `images` table (migration 0005) when DATABASE_URL is set, so that an image uploaded through one
 * instance is served by every other. The type is stored beside the bytes, as sniffed at upload.
 */
export class DatabaseImageStore implements ImageStore {
  constructor(private readonly db: Database) {}

  async save(bytes: Uint8Array, type: ImageType, ownerId?: string): Promise<string> {
    const name = newName(type);
    await insertImage(this.db, { name, type, ownerId, bytes });
    return `/images/${name}`;
  }

  async keep(name: string, bytes: Uint8Array, type: ImageType): Promise<void> {
    if (typeOfName(name) !== type) throw new Error(`not a ${type} name: ${name}`);
    await insertImageIfMissing(this.db, name, type, bytes);
  }

  async remove(name: string): Promise<void> {
    if (!typeOfName(name)) return;
    await deleteImage(this.db, name);
  }

  async read(name: string): Promise<{ bytes: Buffer; type: ImageType } | null> {
    const type = typeOfName(name);
    if (!type) return null;
    const bytes = await imageBytes(this.db, name, type);
    return bytes ? { bytes, type } : null;
  }

  async has(name: string): Promise<boolean> {
    const type = typeOfName(name);
    return type !== null && imageExists(this.db, name, type);
  }
}

/** In PostgreSQL when DATABASE_URL is set (shared by every instance), else on disk under DATA_DIR. */
export function imageStoreFor(config: { dataDir: string; databaseUrl?: string }, db: Database): ImageStore {
  return config.databaseUrl ? new DatabaseImageStore(db) : new DiskImageStore(config.dataDir);
}
