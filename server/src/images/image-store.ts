import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

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

/** Files under a random name in `<DATA_DIR>/images`, served back from `/images/<name>`. */
export class ImageStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'images');
  }

  /** Stores the bytes and returns the public path (`/images/<name>`). */
  async save(bytes: Uint8Array, type: ImageType): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${EXTENSION[type]}`;
    await fs.writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return `/images/${name}`;
  }

  /** Deletes a stored file; a name this store could not have made, or a file already gone, is ignored. */
  async remove(name: string): Promise<void> {
    if (!/^[a-z0-9_-]{1,64}\.(jpg|png|webp|gif)$/.test(name)) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  /** The file and its type for a name this store could have made; null for anything else. */
  async read(name: string): Promise<{ bytes: Buffer; type: ImageType } | null> {
    const match = /^([a-z0-9_-]{1,64})\.(jpg|png|webp|gif)$/.exec(name);
    const type = match ? TYPE_OF_EXTENSION.get(match[2]!) : undefined;
    if (!match || !type) return null;
    try {
      return { bytes: await fs.readFile(path.join(this.dir, name)), type };
    } catch {
      return null;
    }
  }
}
