import {
  NO_RELEASE_FIGURES,
  TELEMETRY_REMOTES,
  vitalP75,
  type ReleaseFigures,
  type ReleaseHistoryItem,
  type ReleaseOverviewVersion,
  type ReleaseRole,
  type RemoteReleaseOverview,
  type TelemetryRemote,
} from '@bookswap/shared/schemas';
import type { HistoryEntry, Registry, RemoteRecord } from '@bookswap/shared/releases';
import type { Database } from '../../db/database';
import { releaseTotalsSince, type ReleaseWindowTotals } from '../../repositories/release-figures-repository';
import { flushReleaseHealth, releaseErrorsOf } from '../release-health';

const HOUR_MS = 60 * 60_000;
const HISTORY_SHOWN = 20;


/** A page load counts once toward the rate however many errors it had: a rate is at most 100 %. */
function figuresOf(totals: ReleaseWindowTotals | undefined): ReleaseFigures {
  if (!totals) return NO_RELEASE_FIGURES;
  const { pageLoads, loadFailures, errorsCaught, serverRenderFailures } = totals;
  return {
    pageLoads,
    loadFailures,
    errorsCaught,
    serverRenderFailures,
    errorRate: pageLoads > 0 ? Math.min(1, releaseErrorsOf(totals) / pageLoads) : null,
    lcpP75: vitalP75('LCP', totals.lcpBuckets),
    inpP75: vitalP75('INP', totals.inpBuckets),
  };
}

/** When `version` last became live (a promote or rollback to it) or canary, from the history. */
export function becameAt(history: readonly HistoryEntry[], version: string, role: 'live' | 'canary'): string | null {
  // A canary rolled back leaves live as it was: live's moment is the promote or rollback that made it live.
  const actions = role === 'live' ? ['promote', 'rollback'] : ['canary'];
  return history.findLast((change) => change.to === version && actions.includes(change.action))?.at ?? null;
}

export interface VersionFigures {
  lastHour: ReleaseFigures;
  sinceLive: ReleaseFigures;
}

/**
 * Each asked version's figures over the last hour and since `since` (when it last became live or canary; none for
 * a version never promoted): the counts this instance holds are written first.
 */
export async function figuresByVersion(
  db: Database,
  remote: string,
  versions: { version: string; since: string | null }[],
  now = new Date(),
): Promise<Map<string, VersionFigures>> {
  await flushReleaseHealth(db);
  const hourAgo = new Date(now.getTime() - HOUR_MS + 60_000).toISOString();
  const [lastHour, sinceLive] = await Promise.all([
    releaseTotalsSince(
      db,
      remote,
      versions.map(({ version }) => ({ version, since: hourAgo })),
    ),
    releaseTotalsSince(
      db,
      remote,
      versions.flatMap(({ version, since }) => (since ? [{ version, since }] : [])),
    ),
  ]);
  const answer = new Map<string, VersionFigures>();
  for (const { version } of versions)
    answer.set(version, {
      lastHour: figuresOf(lastHour.find((row) => row.version === version)),
      sinceLive: figuresOf(sinceLive.find((row) => row.version === version)),
    });
  return answer;
}

function historyItem({ at, action, from, to, percent, command, by, reason, figures }: HistoryEntry): ReleaseHistoryItem {
  return {
    at,
    action,
    from,
    to,
    command,
    ...(percent === undefined ? {} : { percent }),
    ...(by ? { by } : {}),
    ...(reason ? { reason } : {}),
    ...(figures ? { figures } : {}),
  };
}

/** One remote's overview from its registry record. */
export async function remoteOverview(db: Database, remote: TelemetryRemote, record: RemoteRecord, now: Date) {
  const shown: { version: string; role: ReleaseRole; percent: number | null; since: string | null }[] = [];
  if (record.live)
    shown.push({ version: record.live, role: 'live', percent: null, since: becameAt(record.history, record.live, 'live') });
  if (record.canary)
    shown.push({
      version: record.canary.version,
      role: 'canary',
      percent: record.canary.percent,
      since: becameAt(record.history, record.canary.version, 'canary'),
    });
  const figures = await figuresByVersion(db, remote, shown, now);
  const versions = shown.map(
    (item): ReleaseOverviewVersion => ({ ...item, ...(figures.get(item.version) ?? { lastHour: NO_RELEASE_FIGURES, sinceLive: NO_RELEASE_FIGURES }) }),
  );
  const overview: RemoteReleaseOverview = {
    remote,
    live: versions.find((item) => item.role === 'live') ?? null,
    canary: versions.find((item) => item.role === 'canary') ?? null,
    rollout: record.rollout ?? null,
    history: record.history.slice(-HISTORY_SHOWN).reverse().map(historyItem),
  };
  return overview;
}

/** `GET /api/releases`: per remote, live and canary side by side with their figures, the rollout and the history. */
export async function releaseOverviews(db: Database, registry: Registry, now = new Date()): Promise<RemoteReleaseOverview[]> {
  return Promise.all(
    TELEMETRY_REMOTES.map((remote) =>
      remoteOverview(db, remote, registry.remotes[remote] ?? { live: null, canary: null, history: [] }, now),
    ),
  );
}
