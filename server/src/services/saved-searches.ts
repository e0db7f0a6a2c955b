import {
  SAVED_SEARCHES_MAX,
  savedSearchLabel,
  savedSearchListQuery,
  priceTextOfCents,
  type DeleteResult,
  type InsertResult,
  type SavedSearch,
  type SavedSearchFilters,
  type UnsubscribeResult,
} from '@bookswap/shared/schemas';
import type { UnsubscribeLinks } from '../auth/unsubscribe-links';
import type { Database } from '../db/database';
import { conflict, forbidden, HttpError, notFound } from '../errors/http-error';
import {
  countSavedSearches,
  deleteSavedSearch as deleteSavedSearchRow,
  insertSavedSearchIfNew,
  lockOwnSavedSearches,
  savedSearchById,
  savedSearchesOf,
  type SavedSearchRow,
} from '../repositories/saved-searches-repository';
import type { SignedInCaller } from './callers';

/** A stored search's filters as the list's query schema gave them (jsonb answers an object; a driver may answer text). */
export function filtersOf(row: Pick<SavedSearchRow, 'query'>): SavedSearchFilters {
  return (typeof row.query === 'string' ? JSON.parse(row.query) : row.query) as SavedSearchFilters;
}

function savedSearchToWire(row: SavedSearchRow): SavedSearch {
  const filters = filtersOf(row);
  return {
    _id: row.id,
    search: filters.search,
    category: filters.category,
    condition: filters.condition,
    minPrice: filters.minPrice === undefined ? null : priceTextOfCents(filters.minPrice),
    maxPrice: filters.maxPrice === undefined ? null : priceTextOfCents(filters.maxPrice),
    verified: filters.verified,
    listQuery: savedSearchListQuery(filters),
    label: savedSearchLabel(filters),
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST /api/saved-search: saves the list's filters, SAVED_SEARCHES_MAX per person, each search once. */
export async function saveSearch(
  db: Database,
  caller: SignedInCaller,
  filters: SavedSearchFilters,
): Promise<InsertResult> {
  return db.transaction(async (tx) => {
    await lockOwnSavedSearches(tx, caller.user.id);
    if ((await countSavedSearches(tx, caller.user.id)) >= SAVED_SEARCHES_MAX) {
      throw new HttpError(
        409,
        `You have ${SAVED_SEARCHES_MAX} saved searches, as many as one person may keep; delete one to save another`,
      );
    }
    const id = await insertSavedSearchIfNew(tx, caller.user.id, filters);
    if (!id) throw conflict('You have already saved this search', 'search');
    return { acknowledged: true, insertedId: id };
  });
}

/** GET /api/saved-search/list: the caller's saved searches, oldest first. */
export async function ownSavedSearches(db: Database, caller: SignedInCaller): Promise<SavedSearch[]> {
  return (await savedSearchesOf(db, caller.user.id)).map(savedSearchToWire);
}

/** DELETE /api/saved-search/:id: the caller's own saved search; no more emails about it. */
export async function deleteSavedSearch(db: Database, caller: SignedInCaller, id: string): Promise<DeleteResult> {
  const search = await savedSearchById(db, id);
  if (!search) throw notFound('No saved search with this id');
  if (search.userId !== caller.user.id) throw forbidden('You can only delete your own saved searches');
  return { acknowledged: true, deletedCount: (await deleteSavedSearchRow(db, id)) ? 1 : 0 };
}

/**
 * GET or POST /api/saved-search/unsubscribe: the email's one-click link, without a sign-in; the signature names the
 * search. Opening it twice is fine: the second time says it was already ended.
 */
export async function unsubscribe(
  db: Database,
  links: UnsubscribeLinks,
  ids: { id: string; token: string },
): Promise<UnsubscribeResult> {
  if (!links.holds(ids.id, ids.token))
    throw forbidden('This unsubscribe link is not valid; sign in to manage your saved searches');
  const ended = await deleteSavedSearchRow(db, ids.id);
  return {
    unsubscribed: ended,
    message: ended
      ? 'You will get no more emails about this saved search.'
      : 'This saved search was already deleted: you get no emails about it.',
  };
}
