import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import { products } from '../db/schema';

/**
 * What a public list or detail may show: not hidden by an admin, and the seller's account still exists
 * (a deleted seller's listings keep their row for old bookings but leave every public list).
 * The catalog triggers (db/definitions/catalog-triggers.sql) count the visible listings with the same condition;
 * services/catalog/visible-count.test.ts fails when the two disagree after any kind of change.
 */
export function publiclyVisible(): SQL {
  return and(eq(products.hidden, false), isNotNull(products.sellerId)) as SQL;
}

/** LIKE pattern for a search term, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
