import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { readMigrations } from '../db/migrate';

/** One migrated PGlite template per set of migrations, copied by every test file (creating one costs seconds). */
export function templatePath(): string {
  const hash = createHash('sha256').update(JSON.stringify(readMigrations())).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `bookswap-pglite-template-${hash}.tar`);
}
