import { and, desc, eq, sql } from 'drizzle-orm';
import { firstRow } from '../db/first-row';
import type { Database, Queryable, Transaction } from '../db/database';
import { perDatabase } from '../db/per-database';
import { newId } from '../db/ids';
import { products, type ProductRow } from '../db/schema';
import { countSince, lockUntilCommit } from './row-statements';
import { publiclyVisible } from './visibility';

/** The listings table (`products`): every statement about one listing or one seller's listings. */

export type { ProductRow };
export type NewListing = Omit<typeof products.$inferInsert, 'id' | 'searchText'>;

export const newestFirst = [desc(products.listedAt), desc(products.id)];

export function listingById(db: Queryable, id: string): Promise<ProductRow | undefined> {
  return firstRow(db.select().from(products).where(eq(products.id, id)));
}

/** Locks the listing's row until the transaction ends. */
export function listingByIdForUpdate(tx: Transaction, id: string): Promise<ProductRow | undefined> {
  return firstRow(tx.select().from(products).where(eq(products.id, id)).for('update'));
}

/** A publicly visible listing, its row locked until the transaction ends. */
export function visibleListingByIdForUpdate(tx: Transaction, id: string): Promise<ProductRow | undefined> {
  return firstRow(
    tx
      .select()
      .from(products)
      .where(and(publiclyVisible(), eq(products.id, id)))
      .for('update'),
  );
}

/**
 * The details page's and every booking's read of a listing the cache does not hold: built once per database (every
 * column of a listing costs about 0.1 ms to build) and sent as a named prepared statement.
 */
const visibleListingRead = perDatabase((db) =>
  db
    .select()
    .from(products)
    .where(and(publiclyVisible(), eq(products.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('visible_listing_by_id'),
);

export async function visibleListingById(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await visibleListingRead(db).execute({ id });
  return row;
}

export function sellerListings(db: Queryable, sellerId: string): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .orderBy(...newestFirst);
}

export async function insertListing(tx: Queryable, listing: NewListing): Promise<string> {
  const [row] = await tx
    .insert(products)
    .values({ id: newId(), ...listing })
    .returning({ id: products.id });
  return row!.id;
}

/** Serialises one seller's new listings until the transaction ends. */
export function lockSellerListings(tx: Queryable, sellerId: string): Promise<void> {
  return lockUntilCommit(tx, `listing:${sellerId}`);
}

export function countListedSince(tx: Queryable, sellerId: string, since: Date): Promise<number> {
  return countSince(tx, products, { owner: products.sellerId, ownerId: sellerId, at: products.listedAt, since });
}

/** Advertises a listing still unsold and unreported; answers how many rows changed. */
export async function advertiseListing(db: Queryable, id: string): Promise<number> {
  const changed = await db
    .update(products)
    .set({ advertised: true })
    .where(
      and(eq(products.id, id), eq(products.advertised, false), eq(products.sold, false), eq(products.reported, false)),
    )
    .returning({ id: products.id });
  return changed.length;
}

/** What a seller may change of their listing, in the table's words. */
export type ListingEdit = Pick<
  NewListing,
  'title' | 'author' | 'condition' | 'originalPrice' | 'resalePrice' | 'pickupLocation' | 'phone' | 'imageUrl'
>;

/** Changes a listing still unsold; answers how many rows changed. Bookings keep their copied name, image and price. */
export async function editUnsoldListing(tx: Queryable, id: string, edit: ListingEdit): Promise<number> {
  const changed = await tx
    .update(products)
    .set(edit)
    .where(and(eq(products.id, id), eq(products.sold, false)))
    .returning({ id: products.id });
  return changed.length;
}

/** Bookings keep their copied name, image and price; reports stay unless the service removes them. */
export async function deleteListing(db: Queryable, id: string): Promise<number> {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length;
}

/** Whether a publicly visible listing is sold, or undefined when it is not publicly visible. */
export async function visibleListingSold(db: Queryable, id: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ sold: products.sold })
    .from(products)
    .where(and(publiclyVisible(), eq(products.id, id)))
    .limit(1);
  return row?.sold;
}

/**
 * Locks the listing's row until the transaction ends and answers whether it is publicly visible and sold;
 * undefined when it is gone.
 */
export async function lockListingForSale(
  tx: Transaction,
  id: string,
): Promise<{ visible: boolean; sold: boolean } | undefined> {
  const [row] = await tx
    .select({ visible: sql<boolean>`coalesce(${publiclyVisible()}, false)`, sold: products.sold })
    .from(products)
    .where(eq(products.id, id))
    .for('update')
    .limit(1);
  return row && { visible: Boolean(row.visible), sold: row.sold };
}

/** Whether a listing (visible or not) is sold, or undefined when it is gone. */
export async function listingSold(db: Queryable, id: string): Promise<boolean | undefined> {
  const [row] = await db.select({ sold: products.sold }).from(products).where(eq(products.id, id)).limit(1);
  return row?.sold;
}

/** Marks a visible, unsold listing sold (and no longer advertised); false when it was not such a listing. */
export async function markListingSold(tx: Queryable, id: string): Promise<boolean> {
  const sold = await tx
    .update(products)
    .set({ sold: true, advertised: false })
    .where(and(publiclyVisible(), eq(products.id, id), eq(products.sold, false)))
    .returning({ id: products.id });
  return sold.length > 0;
}

/** Marks the listing Reported, which also takes it out of the ads (the seller may advertise it again once cleared). */
export async function markListingReported(tx: Queryable, id: string): Promise<void> {
  await tx.update(products).set({ reported: true, advertised: false }).where(eq(products.id, id));
}

export async function clearListingReported(tx: Queryable, id: string): Promise<void> {
  await tx.update(products).set({ reported: false }).where(eq(products.id, id));
}

export async function hideListing(tx: Queryable, id: string): Promise<void> {
  await tx.update(products).set({ hidden: true, advertised: false, reported: true }).where(eq(products.id, id));
}

/** Listings carry their seller's tick (product.md §3: copied from the seller's record). */
export async function markSellerListingsVerified(tx: Queryable, sellerId: string): Promise<void> {
  await tx.update(products).set({ sellerVerified: true }).where(eq(products.sellerId, sellerId));
}
