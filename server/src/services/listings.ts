import type { z } from 'zod';
import {
  categoryNameOf,
  type createProductBodySchema,
  type DeleteResult,
  type editProductBodySchema,
  type InsertResult,
  type MyProduct,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import type { ImageStore } from '../images/image-store';
import { conflict, forbidden, notFound, type HttpError } from '../errors/http-error';
import { insertAuditEntry } from '../repositories/audit-repository';
import {
  advertiseListing as advertiseUnsoldListing,
  deleteListing as deleteListingRow,
  editUnsoldListing,
  insertListing,
  listingById,
  listingByIdForUpdate,
  sellerListings,
  type ProductRow,
} from '../repositories/products-repository';
import {
  deleteListingReports,
  markListingReportsHidden,
  reportReasonsOfListings,
} from '../repositories/reports-repository';
import { queueNewListing } from '../repositories/saved-searches-repository';
import type { SignedInCaller } from './callers';
import { refuseOverListingQuota } from './listing-quota';
import { listingDeletedNotice } from './notices';
import { notify } from './notify';
import { storedCoverPath } from './uploads';
import { productWithContactToWire, type WireContext } from './wire';

type CreateProductBody = z.output<typeof createProductBodySchema>;

/**
 * A seller's own listings, newest first (My Product), with their own contact details and, for a listing an admin
 * hid, the reasons it was reported for; `?email=` must be theirs.
 */
export async function sellerProducts(
  db: Database,
  wire: WireContext,
  seller: SignedInCaller,
  email: string,
): Promise<MyProduct[]> {
  if (email !== seller.user.email) throw forbidden('You can only list your own products');
  const rows = await sellerListings(db, seller.user.id);
  const reasons = await reportReasonsOfListings(
    db,
    rows.filter((row) => row.hidden).map((row) => row.id),
  );
  return rows.map((row) => ({
    ...productWithContactToWire(row, wire),
    hidden: row.hidden,
    hiddenReasons: reasons.get(row.id) ?? [],
  }));
}

/**
 * A new listing; seller name, email and tick come from the seller's record, within the daily quota; the cover must
 * be an image of our own store.
 */
export async function createListing(
  deps: { db: Database; wire: WireContext; images: ImageStore; listingsPerDay: number },
  seller: SignedInCaller,
  body: CreateProductBody,
): Promise<InsertResult> {
  const { user } = seller;
  const imageUrl = await storedCoverPath(deps, body.img);
  const id = await deps.db.transaction(async (tx) => {
    await refuseOverListingQuota(tx, user.id, deps.listingsPerDay);
    const listingId = await insertListing(tx, {
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
      imageUrl,
      phone: body.phone,
      pickupLocation: body.location,
    });
    // Saved searches hear of it from the alerts job, which takes it from this queue (decision 035).
    await queueNewListing(tx, listingId);
    return listingId;
  });
  return { acknowledged: true, insertedId: id };
}

type EditProductBody = z.output<typeof editProductBodySchema>;

/** Why a listing cannot be edited, checked in this order on its locked row; the first that holds answers. */
const EDIT_REFUSALS: { holds(listing: ProductRow, seller: SignedInCaller): boolean; refusal: () => HttpError }[] = [
  {
    holds: (listing, seller) => listing.sellerId !== seller.user.id,
    refusal: () => forbidden('You can only edit your own products'),
  },
  { holds: (listing) => listing.sold, refusal: () => conflict('A sold product cannot be edited', 'id') },
  { holds: (listing) => listing.hidden, refusal: () => conflict('A product hidden by admin cannot be edited', 'id') },
];

/**
 * The seller changes their own listing while it is unsold and not hidden, in one transaction on its locked
 * row, audited with it. Bookings keep the name, image and price they copied when made; the public lists follow at
 * once, since every change to a listing moves the catalog version their cache is kept under (decision 008).
 */
export async function editListing(
  deps: { db: Database; wire: WireContext; images: ImageStore },
  seller: SignedInCaller,
  id: string,
  body: EditProductBody,
): Promise<UpdateResult> {
  const imageUrl = await storedCoverPath(deps, body.img);
  return deps.db.transaction(async (tx) => {
    const listing = await listingByIdForUpdate(tx, id);
    if (!listing) throw notFound('No product with this id');
    const refused = EDIT_REFUSALS.find((rule) => rule.holds(listing, seller));
    if (refused) throw refused.refusal();
    const changed = await editUnsoldListing(tx, listing.id, {
      title: body.book_name,
      author: body.author_name,
      condition: body.book_condition,
      originalPrice: body.original_price,
      resalePrice: body.resale_price,
      pickupLocation: body.location,
      phone: body.phone,
      imageUrl,
    });
    await insertAuditEntry(tx, seller.user, 'edit-product', { type: 'product', id: listing.id, name: body.book_name });
    return { acknowledged: true, modifiedCount: changed };
  });
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

/**
 * The listing's seller, or an admin, deletes it; a buyer never. An admin's deletion is moderation: it is
 * audited, and the listing's reports stay as the record of why, reading hidden (it is gone from public view, which
 * is what each of them asked for). A seller's deletion of their own listing is neither, and takes its reports along.
 */
export async function deleteListing(db: Database, caller: SignedInCaller, id: string): Promise<DeleteResult> {
  const role = caller.user.role;
  if (role === 'buyer') throw forbidden('Only sellers may do this');
  return db.transaction(async (tx) => {
    const product = await listingByIdForUpdate(tx, id);
    if (!product) throw notFound('No product with this id');
    const ownListing = product.sellerId === caller.user.id;
    if (!ownListing && role !== 'admin') throw forbidden('You can only delete your own products');
    if (ownListing) {
      await deleteListingReports(tx, product.id);
    } else {
      await markListingReportsHidden(tx, product.id);
      await insertAuditEntry(tx, caller.user, 'delete-product', {
        type: 'product',
        id: product.id,
        name: product.title,
      });
      // The seller is told (decision 024), with the deletion or not at all.
      if (product.sellerId) await notify(tx, [listingDeletedNotice(product, product.sellerId)]);
    }
    return { acknowledged: true, deletedCount: await deleteListingRow(tx, product.id) };
  });
}
