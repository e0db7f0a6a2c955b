import { SAVED_SEARCH_DIGEST_MAX, savedSearchLabel, savedSearchListQuery } from '@bookswap/shared/schemas';
import type { UnsubscribeLinks } from '../auth/unsubscribe-links';
import type { Database } from '../db/database';
import {
  markMatchesSent,
  matchQueuedListings,
  takeAlertRound,
  unsentMatches,
  type UnsentMatch,
} from '../repositories/saved-searches-repository';
import { savedSearchDigestNotice, type Notice } from './notices';
import { notify } from './notify';
import { runPeriodically } from './periodic-job';

/** A round's bounds, so its transaction stays short; what is left waits for the next round. */
const LISTINGS_PER_ROUND = 500;
const SEARCHES_PER_ROUND = 1000;

export interface AlertRound {
  /** Whether this call ran the round: false when another instance's round held it. */
  taken: boolean;
  /** New listings matched in this round. */
  listings: number;
  /** Digests written (one notification and one email each). */
  digests: number;
}

function digestsOf(matches: UnsentMatch[], links: UnsubscribeLinks): Notice[] {
  const bySearch = new Map<string, UnsentMatch[]>();
  for (const match of matches) bySearch.set(match.savedSearchId, [...(bySearch.get(match.savedSearchId) ?? []), match]);
  return [...bySearch.values()].map((found) => {
    const first = found[0]!;
    return savedSearchDigestNotice(
      {
        userId: first.userId,
        email: first.email,
        label: savedSearchLabel(first.query),
        listQuery: savedSearchListQuery(first.query),
      },
      found.slice(0, SAVED_SEARCH_DIGEST_MAX),
      found.length,
      links.urlFor(first.savedSearchId),
    );
  });
}

/**
 * One round of saved-search alerts (decision 035): the queued new listings are matched against every saved search,
 * and each search with new matches gets one digest, all in one transaction. One instance a round does it
 * (`pg_try_advisory_xact_lock`); a (search, listing) pair is recorded once and marked sent with its digest, so a
 * listing reaches a search once however many instances run.
 */
export async function sendSavedSearchAlerts(db: Database, links: UnsubscribeLinks): Promise<AlertRound> {
  return db.transaction(async (tx) => {
    if (!(await takeAlertRound(tx))) return { taken: false, listings: 0, digests: 0 };
    const listings = await matchQueuedListings(tx, LISTINGS_PER_ROUND);
    const matches = await unsentMatches(tx, SEARCHES_PER_ROUND);
    const digests = digestsOf(matches, links);
    await notify(tx, digests);
    await markMatchesSent(tx, [...new Set(matches.map((match) => match.savedSearchId))]);
    return { taken: true, listings: listings.length, digests: digests.length };
  });
}

/** Runs a round every `pollMs` on this instance (every instance runs it; one a round does the work). */
export function startSavedSearchAlerts(options: {
  db: Database;
  links: UnsubscribeLinks;
  pollMs: number;
  onError(error: unknown): void;
}): { stop(): Promise<void> } {
  return runPeriodically(options.pollMs, () => sendSavedSearchAlerts(options.db, options.links), options.onError);
}
