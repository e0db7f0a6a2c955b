import { rollBack, ReleaseRefusal } from '@bookswap/shared/releases';
import type { RemoteReleaseOverview, TelemetryRemote } from '@bookswap/shared/schemas';
import { releaseSettingsOf, type ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { conflict } from '../../errors/http-error';
import { readRegistryFile, updateRegistryFile } from './registry-file';
import { releaseOverviews, remoteOverview } from './release-overview';

type ReleaseDeps = { db: Database; config: Pick<ServerConfig, 'releases' | 'dataDir'> };

/** `GET /api/releases`: what the admin Releases screen shows, read from the registry the release commands write. */
export async function listReleases({ db, config }: ReleaseDeps): Promise<RemoteReleaseOverview[]> {
  return releaseOverviews(db, await readRegistryFile(releaseSettingsOf(config).registryFile));
}

/**
 * `POST /api/releases/:remote/rollback`: `pnpm release rollback <remote>` from the admin screen (a running canary
 * ends first, else the previous live release returns), recorded with the admin's email. 409 when there is nothing
 * to roll back.
 */
export async function rollBackFromAdminScreen(
  { db, config }: ReleaseDeps,
  remote: TelemetryRemote,
  adminEmail: string,
): Promise<RemoteReleaseOverview> {
  const now = new Date();
  let registry;
  try {
    registry = await updateRegistryFile(releaseSettingsOf(config).registryFile, (current) =>
      rollBack(current, remote, { command: 'admin screen', by: adminEmail, now }),
    );
  } catch (error) {
    if (error instanceof ReleaseRefusal) throw conflict(error.message);
    throw error;
  }
  return remoteOverview(db, remote, registry.remotes[remote]!, now);
}
