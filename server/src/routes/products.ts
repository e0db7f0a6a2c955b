import {
  CATEGORY_CHOICES,
  advertiseProductBodySchema,
  bookListQuerySchema,
  categoryParamsSchema,
  categoryProductsQuerySchema,
  createProductBodySchema,
  idParamsSchema,
  sellerProductsQuerySchema,
  type DeleteResult,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { notFound } from '../errors/http-error';
import { defineRoute } from '../http/route';
import {
  advertisedProducts,
  bookListJson,
  bookListPage,
  categoryProducts,
  productDetails,
} from '../services/catalog/public-lists';
import { advertiseListing, createListing, deleteListing, sellerProducts } from '../services/listings';

export const productRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/category/list',
    access: 'public',
    rule: 'a search (non-empty ?search=) counts against the client’s search limit',
    rateLimit: 'search',
    query: bookListQuerySchema,
    async handler({ query, reply }, { db, wire }): Promise<string> {
      // Sent as the JSON text the list cache keeps, not serialised again.
      reply.type('application/json; charset=utf-8');
      return bookListJson(await bookListPage(db, wire, query));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/category/list/:id',
    access: 'public',
    rule: 'a search (non-empty ?search=) counts against the client’s search limit',
    rateLimit: 'search',
    params: categoryParamsSchema,
    query: categoryProductsQuerySchema,
    async handler({ params, query }, { db, wire }) {
      if (!CATEGORY_CHOICES.some((c) => c.category_id === params.id)) throw notFound('No category with this id');
      return categoryProducts(db, wire, params.id, query);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/product/list/:id',
    access: 'public-or-user',
    rule: 'the seller’s phone and email only to a signed-in caller',
    params: idParamsSchema,
    async handler({ params, caller }, { db, wire }) {
      return productDetails(db, wire, params.id, caller);
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
      return sellerProducts(db, wire, caller, query.email);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/product/create',
    access: 'seller',
    rule: 'seller name, email and verify come from the seller’s record; the cover is an image of our own store',
    rateLimit: 'write',
    body: createProductBodySchema,
    async handler({ body, caller, reply }, { db, wire, images, config }): Promise<InsertResult> {
      const created = await createListing({ db, wire, images, listingsPerDay: config.listingsPerDay }, caller, body);
      reply.status(201);
      return created;
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
      return advertiseListing(db, caller, params.id);
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
      return deleteListing(db, caller, params.id);
    },
  }),
];
