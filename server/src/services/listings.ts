import type { z } from 'zod';
import {
  categoryNameOf,
  type createProductBodySchema,
  type DeleteResult,
  type InsertResult,
  type Product,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import { conflict, forbidden, notFound } from '../errors/http-error';
import {
  advertiseListing as advertiseUnsoldListing,
  deleteListing as deleteListingRow,
  insertListing,
  listingById,
  sellerListings,
} from '../repositories/products-repository';
import type { SignedInCaller } from './callers';
import { refuseOverListingQuota } from './listing-quota';
import { listingDeletedNotice } from './notices';
import { notify } from './notify';
import { imageUrlForStorage, productToWire, type WireContext } from './wire';

type CreateProductBody = z.output<typeof createProductBodySchema>;

/** A seller's own listings, newest first (My Product); `?email=` must be the seller's own. */
export async function sellerProducts(
  db: Database,
  wire: WireContext,
  seller: SignedInCaller,
  email: string,
): Promise<Product[]> {
  if (email !== seller.user.email) throw forbidden('You can only list your own products');
  return (await sellerListings(db, seller.user.id)).map((row) => productToWire(row, wire));
}

/** A new listing; seller name, email and tick come from the seller's record, within the daily quota. */
export async function createListing(
  deps: { db: Database; wire: WireContext; listingsPerDay: number },
  seller: SignedInCaller,
  body: CreateProductBody,
): Promise<InsertResult> {
  const { user } = seller;
  const id = await deps.db.transaction(async (tx) => {
    await refuseOverListingQuota(tx, user.id, deps.listingsPerDay);
    return insertListing(tx, {
      sellerId: user.id,
      sellerName: user.name,
      sellerEmail: user.email,
      sellerVerified: user.verified,
      title: body.book_name,
      author: body.author_name,
      categoryId: body.category_id,
      categoryName: categoryNameOf(body.category_id) ?? '',
      description: body.description,
      originalPrice: body.original_price,
      resalePrice: body.resale_price,
      yearsOfUse: body.Year_of_use,
      condition: body.book_condition,
      imageUrl: imageUrlForStorage(body.img, deps.wire),
      phone: body.phone,
      pickupLocation: body.location,
    });
  });
  return { acknowledged: true, insertedId: id };
}

/** Add Ads: the seller's own listing, while not sold and not reported. */
export async function advertiseListing(db: Database, seller: SignedInCaller, id: string): Promise<UpdateResult> {
  const product = await listingById(db, id);
  if (!product || product.hidden) throw notFound('No product with this id');
  if (product.sellerId !== seller.user.id) throw forbidden('You can only advertise your own products');
  if (product.sold) throw conflict('A sold product cannot be advertised');
  if (product.reported) throw conflict('A reported product cannot be advertised');
  return { acknowledged: true, modifiedCount: await advertiseUnsoldListing(db, product.id) };
}

/** The listing's seller, or an admin, deletes it; a buyer never. */
export async function deleteListing(db: Database, caller: SignedInCaller, id: string): Promise<DeleteResult> {
  const role = caller.user.role;
  if (role === 'buyer') throw forbidden('Only sellers may do this');
  const product = await listingById(db, id);
  if (!product) throw notFound('No product with this id');
  if (role !== 'admin' && product.sellerId !== caller.user.id) throw forbidden('You can only delete your own products');
  return db.transaction(async (tx) => {
    // An admin's deletion is told to the seller (issue 21), with the deletion or not at all.
    if (product.sellerId && product.sellerId !== caller.user.id) {
      await notify(tx, [listingDeletedNotice(product, product.sellerId)]);
    }
    return { acknowledged: true, deletedCount: await deleteListingRow(tx, product.id) };
  });
}
