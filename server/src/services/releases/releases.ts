import { refuseStranded, rollBack, ReleaseRefusal, type RemoteRecord } from '@bookswap/shared/releases';
import type { ReleaseRollbackBody, RemoteReleaseOverview, TelemetryRemote } from '@bookswap/shared/schemas';
import { releaseSettingsOf, type ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { conflict } from '../../errors/http-error';
import { insertAuditEntry } from '../../repositories/audit-repository';
import type { SignedInCaller } from '../callers';
import { readKeptReleases } from './kept-releases';
import { releaseOverviews, remoteOverview } from './release-overview';
import { registryStoreOf } from './registry-store';

type ReleaseDeps = { db: Database; config: Pick<ServerConfig, 'releases' | 'dataDir'> };

/** `GET /api/releases`: what the admin Releases screen shows, read from the registry the release commands write. */
export async function listReleases({ db, config }: ReleaseDeps): Promise<RemoteReleaseOverview[]> {
  return releaseOverviews(db, await registryStoreOf(releaseSettingsOf(config)).read());
}

const shown = (version: string | null) => version ?? 'none';

/** The admin confirmed a rollback of what they saw: anything else live now (a command or the rollout moved on) is refused. */
function refuseChangedSince(record: RemoteRecord, remote: TelemetryRemote, expected: ReleaseRollbackBody['expected']) {
  const canary = record.canary?.version ?? null;
  if (record.live !== expected.live || canary !== expected.canary)
    throw new ReleaseRefusal(
      `${remote} has changed since you confirmed (live ${shown(record.live)}, canary ${shown(canary)}; you saw live ${shown(expected.live)}, canary ${shown(expected.canary)}): look again before rolling back`,
    );
}

/**
 * `POST /api/releases/:remote/rollback`: `pnpm release rollback <remote>` from the admin screen (a running canary
 * ends first, else the previous live release returns), through the same gate as a promote: written only when what
 * the admin confirmed is still what is live and every browser's combination of releases still fits. Recorded in the
 * release history and the audit log with the admin. 409 when there is nothing to roll back or it is refused.
 */
export async function rollBackFromAdminScreen(
  { db, config }: ReleaseDeps,
  remote: TelemetryRemote,
  admin: SignedInCaller,
  expected?: ReleaseRollbackBody['expected'],
): Promise<RemoteReleaseOverview> {
  const now = new Date();
  const settings = releaseSettingsOf(config);
  const kept = await readKeptReleases(settings.releasesDir);
  let registry;
  try {
    registry = await registryStoreOf(settings).update((current) => {
      const record = current.remotes[remote] ?? { live: null, canary: null, history: [] };
      if (expected) refuseChangedSince(record, remote, expected);
      const next = rollBack(current, remote, { command: 'admin screen', by: admin.user.email, now });
      return refuseStranded(current, next, kept, `the rollback of ${remote}`);
    });
  } catch (error) {
    if (error instanceof ReleaseRefusal) throw conflict(error.message);
    throw error;
  }
  const record = registry.remotes[remote]!;
  const change = record.history.at(-1);
  await db.transaction((tx) =>
    insertAuditEntry(tx, admin.user, 'rollback-release', {
      type: 'release',
      id: remote,
      name: `${remote} ${shown(change?.from ?? null)} → ${shown(change?.to ?? null)}`,
    }),
  );
  return remoteOverview(db, remote, record, now);
}
