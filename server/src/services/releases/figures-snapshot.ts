import { writeJsonAtomically } from '@bookswap/shared/release-registry-file';
import { releaseFiguresFileOf, type Registry } from '@bookswap/shared/releases';
import type { ReleaseFiguresSnapshot } from '@bookswap/shared/schemas';
import type { Database } from '../../db/database';
import { becameAt, figuresByVersion } from './release-overview';

/** Every version a remote's record names: live, canary and each one its history moved from or to. */
function versionsNamed(record: Registry['remotes'][string]): string[] {
  const names = new Set<string>();
  if (record.live) names.add(record.live);
  if (record.canary) names.add(record.canary.version);
  for (const change of record.history) for (const version of [change.from, change.to]) if (version) names.add(version);
  return [...names];
}

/** The later of when it last became live and when it last became canary. */
function sinceOf(record: Registry['remotes'][string], version: string): string | null {
  const moments = [becameAt(record.history, version, 'live'), becameAt(record.history, version, 'canary')];
  return moments.filter((moment) => moment !== null).sort().at(-1) ?? null;
}

/**
 * Writes the figures of every version the registry names beside it, for `pnpm release list`: a command cannot open
 * the API's embedded database while the API holds it, and has no admin token for GET /api/releases. At most one
 * tick old; the command calls figures older than two minutes unavailable.
 */
export async function writeFiguresSnapshot(db: Database, registry: Registry, registryFile: string, now = new Date()) {
  const snapshot: ReleaseFiguresSnapshot = { writtenAt: now.toISOString(), remotes: {} };
  for (const [remote, record] of Object.entries(registry.remotes)) {
    const versions = versionsNamed(record).map((version) => ({ version, since: sinceOf(record, version) }));
    const figures = await figuresByVersion(db, remote, versions, now);
    snapshot.remotes[remote] = Object.fromEntries(
      versions.map(({ version, since }) => [version, { since, ...figures.get(version)! }]),
    );
  }
  await writeJsonAtomically(snapshot, releaseFiguresFileOf(registryFile));
}
