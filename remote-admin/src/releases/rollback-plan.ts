import { liveLine, type HistoryEntry } from '@bookswap/shared/releases';
import type { ReleaseHistoryItem, RemoteReleaseOverview } from '@bookswap/shared/schemas';

/** What Roll back will do, in the words of its confirmation, or why it cannot. */
export type RollbackPlan = { possible: true; message: string } | { possible: false; hint: string };

/** The answer keeps this many history entries; an earlier live release may be older than the oldest of them. */
const HISTORY_KEPT = 20;

const REGISTRY_ACTIONS: readonly string[] = ['promote', 'canary', 'rollback', 'canary-rollback'];
const isRegistryChange = (item: ReleaseHistoryItem): item is ReleaseHistoryItem & Pick<HistoryEntry, 'action'> =>
  REGISTRY_ACTIONS.includes(item.action);

/**
 * The release the server would make live again: the one before live in the line rollbacks follow (the same
 * `liveLine` the server uses), read from the answer's history, which comes newest first.
 */
function earlierLive(overview: RemoteReleaseOverview): string | null | 'unknown' {
  const line = liveLine(overview.history.filter(isRegistryChange).reverse());
  const known = line.at(-1) === overview.live?.version ? line.at(-2) : undefined;
  if (known) return known;
  return overview.history.length >= HISTORY_KEPT ? 'unknown' : null;
}

/**
 * As `pnpm release rollback <remote>`: a running canary ends first; without one, the previous live release becomes
 * live again. The server decides; this only says beforehand what it will do.
 */
export function rollbackPlan(overview: RemoteReleaseOverview): RollbackPlan {
  const { remote, live, canary } = overview;
  if (canary) {
    const back = live ? live.version : 'the live release';
    return {
      possible: true,
      message: `End the canary of ${remote} ${canary.version}; every browser goes back to ${back} on its next page load`,
    };
  }
  const earlier = live ? earlierLive(overview) : null;
  if (!live || !earlier) {
    return { possible: false, hint: `Nothing to roll back: ${remote} has no canary and no earlier live release.` };
  }
  const target = earlier === 'unknown' ? 'the previous live release' : earlier;
  return { possible: true, message: `Make ${target} live again instead of ${live.version}` };
}
