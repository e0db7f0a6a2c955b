import type { ReleaseManifest } from '@bookswap/shared/releases';
import type { RemoteRecord } from './release-store.mts';

/** docs/decisions/020: hosted platforms keep 30 days at most; a tab may stay open that long. */
export const KEEP_DAYS_AFTER_LIVE = 30;
/** Always kept, whatever their age: room for `rollback --to` well past one step back. */
export const KEEP_LAST = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The kept releases of one remote that may be deleted now: none that is live, canary or among the last
 * KEEP_LAST built, and none that was live or canary (or, never promoted, was built) less than 30 days ago.
 */
export function releasesToDelete(
  releases: readonly ReleaseManifest[],
  record: RemoteRecord,
  now: Date,
): ReleaseManifest[] {
  const newestFirst = [...releases].sort((a, b) => b.builtAt.localeCompare(a.builtAt));
  const lastSeen = new Map<string, string>();
  for (const change of record.history) {
    for (const version of [change.from, change.to]) {
      const seen = version ? lastSeen.get(version) : undefined;
      if (version && (!seen || seen < change.at)) lastSeen.set(version, change.at);
    }
  }
  return newestFirst.filter((release, index) => {
    if (index < KEEP_LAST) return false;
    if (release.version === record.live || release.version === record.canary?.version) return false;
    const since = lastSeen.get(release.version) ?? release.builtAt;
    return now.getTime() - Date.parse(since) >= KEEP_DAYS_AFTER_LIVE * DAY_MS;
  });
}
