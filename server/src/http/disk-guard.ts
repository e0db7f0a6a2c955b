import fs from 'node:fs/promises';
import path from 'node:path';

/** Free bytes on the disk that holds `dir`. */
export type FreeSpaceProbe = (dir: string) => Promise<number>;

/** Free bytes for an unprivileged writer, on `dir`'s disk (its nearest existing parent before it exists). */
export const statfsProbe: FreeSpaceProbe = async (dir) => {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    try {
      const stats = await fs.statfs(current);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT' || path.dirname(current) === current) throw error;
    }
  }
};

export interface DiskGuard {
  /** True when writes of this kind must be refused: the data disk has less free space than the threshold. */
  refuses(kind: 'upload' | 'write'): Promise<boolean>;
}

export const DISK_FULL_MESSAGE =
  'The server is nearly out of disk space, so it is not taking changes; try again later.';

/**
 * Refuses writes before the disk is full, so neither an upload nor PGlite's own files ever meet a full
 * disk. Uploads always land on DATA_DIR; other writes only count there when the database is PGlite (under
 * DATA_DIR too). One probe every `cacheMs` at most; a probe that fails lets writes through (this is a
 * safety net, not a permission).
 */
export function diskGuard(options: {
  dir: string;
  minFreeBytes: number;
  databaseOnDisk: boolean;
  probe?: FreeSpaceProbe;
  cacheMs?: number;
}): DiskGuard {
  const { dir, minFreeBytes, databaseOnDisk, probe = statfsProbe, cacheMs = 2000 } = options;
  let checkedAt = -Infinity;
  let low: Promise<boolean> = Promise.resolve(false);
  return {
    async refuses(kind) {
      if (kind === 'write' && !databaseOnDisk) return false;
      const now = Date.now();
      if (now - checkedAt >= cacheMs) {
        checkedAt = now;
        low = probe(dir).then(
          (free) => free < minFreeBytes,
          () => false,
        );
      }
      return low;
    },
  };
}
