import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SavedSearchFilters } from '@bookswap/shared/schemas';
import type { Queryable } from '../db/database';
import { newId } from '../db/ids';
import { newListingAlerts, savedSearches, savedSearchMatches, type SavedSearchRow } from '../db/schema';
import { lockUntilCommit } from './row-statements';

/** Saved searches, the new listings waiting to be matched, and what each search was told (migration 0023). */

export type { SavedSearchRow };

/** One person's filters as one text: the same search, however the list's URL spelled it, has one key. */
export function queryKeyOf(filters: SavedSearchFilters): string {
  return JSON.stringify([
    filters.search.toLowerCase(),
    filters.category,
    filters.condition,
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
    filters.verified,
  ]);
}

/** How many characters of a term matching looks it up by: a listing's text holds every piece this long. */
const KEY_LENGTH = 3;

/**
 * What matching looks a search up by, in the GIN index of migration 0023: the term's first KEY_LENGTH characters
 * (a listing containing the term contains them), else '#' and each category (a listing names its own), else ''
 * (every listing). Lower case and counted in characters, as PostgreSQL's `lower` and `substr` count them.
 */
export function matchKeysOf(filters: SavedSearchFilters): string[] {
  const term = Array.from(filters.search.toLowerCase());
  if (term.length > 0) return [term.slice(0, KEY_LENGTH).join('')];
  if (filters.category.length > 0) return filters.category.map((category) => `#${category}`);
  return [''];
}

/** Serialises one person's saves until the transaction ends, so two at once cannot pass the limit together. */
export const lockOwnSavedSearches = (tx: Queryable, userId: string) => lockUntilCommit(tx, `saved-search:${userId}`);

export async function countSavedSearches(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/** Saves the filters unless this person saved the same search before; answers the new id, or null. */
export async function insertSavedSearchIfNew(
  db: Queryable,
  userId: string,
  filters: SavedSearchFilters,
): Promise<string | null> {
  const [row] = await db
    .insert(savedSearches)
    .values({
      id: newId(),
      userId,
      query: filters,
      queryKey: queryKeyOf(filters),
      searchTerm: filters.search.toLowerCase(),
      matchKeys: matchKeysOf(filters),
      categories: filters.category,
      conditions: filters.condition,
      minPriceCents: filters.minPrice ?? null,
      maxPriceCents: filters.maxPrice ?? null,
      verifiedOnly: filters.verified,
    })
    .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.queryKey] })
    .returning({ id: savedSearches.id });
  return row?.id ?? null;
}

/** A person's saved searches, oldest first. */
export function savedSearchesOf(db: Queryable, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function savedSearchById(db: Queryable, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
  return row;
}

/** Deletes a saved search; answers whether there was one. */
export async function deleteSavedSearch(db: Queryable, id: string): Promise<boolean> {
  const deleted = await db.delete(savedSearches).where(eq(savedSearches.id, id)).returning({ id: savedSearches.id });
  return deleted.length > 0;
}

/** Any constant works: it only keeps two instances from running the same round at once (decision 064). */
const ALERT_ROUND_LOCK = 7_240_035;

/** Whether this transaction runs the alerts' round: false while another instance's round holds it. */
export async function takeAlertRound(tx: Queryable): Promise<boolean> {
  const lock = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${ALERT_ROUND_LOCK}) AS taken`)) as unknown as {
    rows: { taken: boolean }[];
  };
  return lock.rows[0]?.taken === true;
}

/** A new listing, for the alerts job to match: written in the listing's own transaction. */
export async function queueNewListing(db: Queryable, listingId: string): Promise<void> {
  await db.insert(newListingAlerts).values({ listingId }).onConflictDoNothing();
}

/**
 * The saved searches a listing matches, under the book list's own rules: the listing is publicly visible and unsold,
 * and each of the search's filters holds (an empty category or condition list is any; the term is contained in the
 * listing's search text, as the list's LIKE). The seller's own searches are left out. Only the searches whose
 * `matchKeysOf` the listing has are read, through the GIN index: every piece of its text up to KEY_LENGTH characters
 * long, '#' and its category, and '' (decision 035).
 */
export function matchingSearches(listingId: string) {
  return sql`
    WITH listing AS (
      SELECT id, seller_id, category_id, condition, resale_price_cents, seller_verified, search_text
      FROM products
      WHERE id = ${listingId} AND hidden = false AND sold = false AND seller_id IS NOT NULL
    ),
    pieces AS (
      SELECT ARRAY(
        SELECT DISTINCT substr(listing.search_text, start, width)
        FROM listing, generate_series(1, char_length(listing.search_text)) AS start,
          generate_series(1, ${KEY_LENGTH}) AS width
      ) || ARRAY['', '#' || listing.category_id] AS keys
      FROM listing
    )
    SELECT s.id AS saved_search_id, listing.id AS listing_id
    FROM listing, pieces, saved_searches s
    WHERE s.match_keys && pieces.keys
      AND (NOT s.verified_only OR listing.seller_verified)
      AND (cardinality(s.categories) = 0 OR listing.category_id = ANY (s.categories))
      AND (cardinality(s.conditions) = 0 OR listing.condition = ANY (s.conditions))
      AND (s.min_price_cents IS NULL OR listing.resale_price_cents >= s.min_price_cents)
      AND (s.max_price_cents IS NULL OR listing.resale_price_cents <= s.max_price_cents)
      AND (s.search_term = '' OR strpos(listing.search_text, s.search_term) > 0)
      AND s.user_id <> listing.seller_id`;
}

/** The ids of the saved searches a listing matches (the bench measures this statement). */
export async function savedSearchesMatching(db: Queryable, listingId: string): Promise<string[]> {
  const result = (await db.execute(matchingSearches(listingId))) as unknown as { rows: { saved_search_id: string }[] };
  return result.rows.map((row) => row.saved_search_id);
}

/**
 * Takes up to `limit` queued listings (skipping any another transaction holds) and records each (search, listing)
 * pair they match, once: a pair found before is not recorded again. Answers the listings taken.
 */
export async function matchQueuedListings(tx: Queryable, limit: number): Promise<string[]> {
  const queued = await tx
    .select({ listingId: newListingAlerts.listingId })
    .from(newListingAlerts)
    .orderBy(asc(newListingAlerts.queuedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const ids = queued.map((row) => row.listingId);
  for (const id of ids) {
    await tx.execute(
      sql`INSERT INTO saved_search_matches (saved_search_id, listing_id) ${matchingSearches(id)} ON CONFLICT DO NOTHING`,
    );
  }
  if (ids.length > 0) await tx.delete(newListingAlerts).where(inArray(newListingAlerts.listingId, ids));
  return ids;
}

/** A found listing not told of yet, with what its search's digest says of it. */
export interface UnsentMatch {
  savedSearchId: string;
  userId: string;
  email: string;
  query: SavedSearchFilters;
  listingId: string;
  title: string;
  author: string;
  resalePrice: string;
  condition: string;
}

/**
 * The matches not told of yet, of up to `searches` saved searches, each search's newest listings first; a listing
 * hidden, sold or gone since it matched is left out (and marked sent with its search's digest).
 */
export async function unsentMatches(db: Queryable, searches: number): Promise<UnsentMatch[]> {
  const result = (await db.execute(sql`
    WITH due AS (
      SELECT DISTINCT m.saved_search_id
      FROM saved_search_matches m
      JOIN products p ON p.id = m.listing_id AND p.hidden = false AND p.sold = false AND p.seller_id IS NOT NULL
      WHERE m.sent_at IS NULL
      LIMIT ${searches}
    )
    SELECT m.saved_search_id, s.user_id, u.email, s.query, p.id AS listing_id, p.title, p.author, p.resale_price,
      p.condition
    FROM due
    JOIN saved_search_matches m ON m.saved_search_id = due.saved_search_id AND m.sent_at IS NULL
    JOIN saved_searches s ON s.id = m.saved_search_id
    JOIN users u ON u.id = s.user_id
    JOIN products p ON p.id = m.listing_id AND p.hidden = false AND p.sold = false AND p.seller_id IS NOT NULL
    ORDER BY m.saved_search_id, p.listed_at DESC, p.id DESC`)) as unknown as {
    rows: {
      saved_search_id: string;
      user_id: string;
      email: string;
      query: SavedSearchFilters | string;
      listing_id: string;
      title: string;
      author: string;
      resale_price: string;
      condition: string;
    }[];
  };
  return result.rows.map((row) => ({
    savedSearchId: row.saved_search_id,
    userId: row.user_id,
    email: row.email,
    query: typeof row.query === 'string' ? (JSON.parse(row.query) as SavedSearchFilters) : row.query,
    listingId: row.listing_id,
    title: row.title,
    author: row.author,
    resalePrice: row.resale_price,
    condition: row.condition,
  }));
}

/** Every match of these searches not told of yet is told of now (the digest that names them is written with it). */
export async function markMatchesSent(db: Queryable, savedSearchIds: string[]): Promise<void> {
  if (savedSearchIds.length === 0) return;
  await db
    .update(savedSearchMatches)
    .set({ sentAt: sql`now()` })
    .where(and(inArray(savedSearchMatches.savedSearchId, savedSearchIds), isNull(savedSearchMatches.sentAt)));
}
