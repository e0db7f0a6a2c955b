import { z } from 'zod';
import './jitless-zod';
import { idSchema } from './common';
import { categoryNameOf } from './catalog-rules';
import { formatPrice } from './money-format';
import type { SavedSearchFilters } from './product';
import { wireRecordSchema } from './wire-record';

/** How many searches one person may keep (decision 035). */
export const SAVED_SEARCHES_MAX = 20;
/** The most books one digest email names; it counts the rest. */
export const SAVED_SEARCH_DIGEST_MAX = 10;

/** One saved search as its owner reads it: the list's filters, prices as text ("12.50"), null for no bound. */
export const savedSearchSchema = wireRecordSchema.extend({
  search: z.string(),
  category: z.array(z.string()),
  condition: z.array(z.string()),
  minPrice: z.string().nullable(),
  maxPrice: z.string().nullable(),
  verified: z.boolean(),
  /** The book list's URL query showing this search, e.g. `search=dune&category=7`. */
  listQuery: z.string(),
  /** The search in a few words, as its emails name it (`savedSearchLabel`). */
  label: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.array(savedSearchSchema);

/** The one-click unsubscribe link of a digest email: the search and the server's signature of it. */
export const unsubscribeQuerySchema = z.object({
  id: idSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'token must be the one the email gave'),
});

/** What the unsubscribe link answers: whether a search was ended now, and in words. */
export const unsubscribeResultSchema = z.object({ unsubscribed: z.boolean(), message: z.string() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** A price in cents as the list's URL writes it: "12" or "12.50". */
export function priceTextOfCents(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The book list's URL query for a saved search's filters, in the order the list writes them. */
export function savedSearchListQuery(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  for (const category of filters.category) params.append('category', category);
  for (const condition of filters.condition) params.append('condition', condition);
  if (filters.minPrice !== undefined) params.set('minPrice', priceTextOfCents(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', priceTextOfCents(filters.maxPrice));
  if (filters.verified) params.set('verified', '1');
  return params.toString();
}

/**
 * A saved search in a few words, as its email and its list name it: “dune”, Nobel, Good, $5.00 to $20.00, verified
 * sellers.
 */
export function savedSearchLabel(filters: SavedSearchFilters): string {
  const min = filters.minPrice === undefined ? null : formatPrice(priceTextOfCents(filters.minPrice));
  const max = filters.maxPrice === undefined ? null : formatPrice(priceTextOfCents(filters.maxPrice));
  const price = min && max ? `${min} to ${max}` : min ? `from ${min}` : max ? `up to ${max}` : '';
  return [
    filters.search ? `“${filters.search}”` : '',
    filters.category.map((id) => categoryNameOf(id) ?? id).join(' or '),
    filters.condition.join(' or '),
    price,
    filters.verified ? 'verified sellers' : '',
  ]
    .filter((part) => part !== '')
    .join(', ');
}
