import { and, desc, eq } from 'drizzle-orm';
import {
  CATEGORY_CHOICES,
  advertiseProductBodySchema,
  bookListQuerySchema,
  categoryNameOf,
  categoryParamsSchema,
  createProductBodySchema,
  idParamsSchema,
  sellerProductsQuerySchema,
  type BookListResponse,
  type DeleteResult,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { refuseOverListingQuota } from '../catalog/listing-quota';
import { newId } from '../db/ids';
import { products } from '../db/schema';
import { imageUrlForStorage, productToWire } from '../db/wire';
import { conflict, forbidden, notFound } from '../http/http-error';
import { defineRoute } from '../http/route';
import {
  advertisedProducts,
  bookListJson,
  bookListPage,
  categoryProducts,
  visibleListing,
} from '../catalog/public-lists';

const newestFirst = [desc(products.listedAt), desc(products.id)];

export const productRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/category/list',
    access: 'public',
    rule: 'a search (non-empty ?search=) counts against the client’s search limit',
    rateLimit: 'search',
    query: bookListQuerySchema,
    async handler({ query, reply }, { db, wire }): Promise<string> {
      const answer: BookListResponse = await bookListPage(db, wire, query);
      reply.type('application/json; charset=utf-8');
      return bookListJson(answer);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/category/list/:id',
    access: 'public',
    params: categoryParamsSchema,
    async handler({ params }, { db, wire }) {
      if (!CATEGORY_CHOICES.some((c) => c.category_id === params.id)) throw notFound('No category with this id');
      return categoryProducts(db, wire, params.id);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/product/list/:id',
    access: 'public',
    params: idParamsSchema,
    async handler({ params }, { db, wire }) {
      const row = await visibleListing(db, params.id);
      if (!row) throw notFound('No product with this id');
      return productToWire(row, wire);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/product/Ads/list',
    access: 'public',
    async handler(_input, { db, wire }) {
      return advertisedProducts(db, wire);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/product/list',
    access: 'seller',
    rule: '?email= must be the seller’s own',
    query: sellerProductsQuerySchema,
    async handler({ query, caller }, { db, wire }) {
      if (query.email !== caller.user.email) throw forbidden('You can only list your own products');
      const rows = await db
        .select()
        .from(products)
        .where(eq(products.sellerId, caller.user.id))
        .orderBy(...newestFirst);
      return rows.map((row) => productToWire(row, wire));
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/product/create',
    access: 'seller',
    rule: 'seller name, email and verify come from the seller’s record',
    rateLimit: 'write',
    body: createProductBodySchema,
    async handler({ body, caller, reply }, { db, wire, config }): Promise<InsertResult> {
      const seller = caller.user;
      const [row] = await db.transaction(async (tx) => {
        await refuseOverListingQuota(tx, seller.id, config.listingsPerDay);
        return tx
          .insert(products)
          .values({
            id: newId(),
            sellerId: seller.id,
            sellerName: seller.name,
            sellerEmail: seller.email,
            sellerVerified: seller.verified,
            title: body.book_name,
            author: body.author_name,
            categoryId: body.category_id,
            categoryName: categoryNameOf(body.category_id) ?? '',
            description: body.description,
            originalPrice: body.original_price,
            resalePrice: body.resale_price,
            yearsOfUse: body.Year_of_use,
            condition: body.book_condition,
            imageUrl: imageUrlForStorage(body.img, wire),
            phone: body.phone,
            pickupLocation: body.location,
          })
          .returning({ id: products.id });
      });
      reply.status(201);
      return { acknowledged: true, insertedId: row!.id };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/product/update/:id',
    access: 'seller',
    rule: 'own product, while not sold and not reported',
    rateLimit: 'write',
    params: idParamsSchema,
    body: advertiseProductBodySchema,
    async handler({ params, caller }, { db }): Promise<UpdateResult> {
      const [product] = await db.select().from(products).where(eq(products.id, params.id)).limit(1);
      if (!product || product.hidden) throw notFound('No product with this id');
      if (product.sellerId !== caller.user.id) throw forbidden('You can only advertise your own products');
      if (product.sold) throw conflict('A sold product cannot be advertised');
      if (product.reported) throw conflict('A reported product cannot be advertised');
      const changed = await db
        .update(products)
        .set({ advertised: true })
        .where(
          and(
            eq(products.id, product.id),
            eq(products.advertised, false),
            eq(products.sold, false),
            eq(products.reported, false),
          ),
        )
        .returning({ id: products.id });
      return { acknowledged: true, modifiedCount: changed.length };
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/product/delete/:id',
    access: 'user',
    rule: 'the seller of the product, or admin',
    rateLimit: 'write',
    params: idParamsSchema,
    async handler({ params, caller }, { db }): Promise<DeleteResult> {
      const role = caller.user.role;
      if (role === 'buyer') throw forbidden('Only sellers may do this');
      const [product] = await db.select().from(products).where(eq(products.id, params.id)).limit(1);
      if (!product) throw notFound('No product with this id');
      if (role !== 'admin' && product.sellerId !== caller.user.id)
        throw forbidden('You can only delete your own products');
      // Its reports go with it (ON DELETE CASCADE); bookings keep their copied name, image and price.
      const deleted = await db.delete(products).where(eq(products.id, product.id)).returning({ id: products.id });
      return { acknowledged: true, deletedCount: deleted.length };
    },
  }),
];
