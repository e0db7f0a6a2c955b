import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { readDefinitions, readMigrations } from '../db/migrate';

/** One migrated PGlite template per set of migrations, copied by every test file (creating one costs seconds). */
export function templatePath(): string {
  // A new PGlite may not read an old data directory: its version is part of the key.
  const pglitePackage = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string };
  const hash = createHash('sha256')
    .update(JSON.stringify({ version, migrations: readMigrations(), definitions: readDefinitions() }))
    .digest('hex')
    .slice(0, 16);
  return path.join(os.tmpdir(), `bookswap-pglite-template-${hash}.tar`);
}

/** A fresh PGlite database copied from the template: about a second, where an empty one's initdb takes three. */
export function openTemplateCopy(): Promise<DatabaseHandle> {
  return openDatabase({ pgliteDump: new Blob([fs.readFileSync(templatePath())]) });
}
