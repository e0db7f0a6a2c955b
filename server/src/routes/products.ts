import {
  API_CALLS,
  CATEGORY_CHOICES,
  advertiseProductBodySchema,
  bookListQuerySchema,
  categoryParamsSchema,
  categoryProductsQuerySchema,
  createProductBodySchema,
  editProductBodySchema,
  idParamsSchema,
  sellerProductsQuerySchema,
  type CatalogVersion,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { notFound } from '../errors/http-error';
import { served } from '../http/api-call';
import { idAction } from '../http/id-action';
import { created, defineRoute } from '../http/route';
import {
  advertisedProducts,
  bookListJson,
  catalogVersion,
  categoryProducts,
  productDetails,
} from '../services/catalog/public-lists';
import { advertiseListing, createListing, deleteListing, editListing, sellerProducts } from '../services/listings';

export const productRoutes = [
  defineRoute({
    ...served(API_CALLS.catalogVersion),
    access: 'public',
    rule: 'moves with every change to the listings; the shell’s server keeps page heads per version',
    handler: ({ reply }, { db }): Promise<CatalogVersion> => {
      // Asked so as to know whether something made from the lists is current: never from an HTTP cache.
      reply.header('cache-control', 'no-store');
      return catalogVersion(db);
    },
  }),

  defineRoute({
    // No response schema: the answer is the JSON text the list cache keeps (bookListResponseSchema describes it).
    method: API_CALLS.bookList.method,
    url: API_CALLS.bookList.path,
    access: 'public',
    rule: 'a search (non-empty ?search=) or a filter or order counts against the client’s search limit',
    rateLimit: 'search',
    query: bookListQuerySchema,
    async handler({ query, reply }, { db, wire }): Promise<string> {
      // Sent as the JSON text the list cache keeps, not serialised again.
      reply.type('application/json; charset=utf-8');
      return bookListJson(db, wire, query);
    },
  }),

  defineRoute({
    ...served(API_CALLS.categoryProducts),
    access: 'public',
    rule: 'a search (non-empty ?search=) or a filter or order counts against the client’s search limit',
    rateLimit: 'search',
    params: categoryParamsSchema,
    query: categoryProductsQuerySchema,
    async handler({ params, query }, { db, wire }) {
      if (!CATEGORY_CHOICES.some((c) => c.category_id === params.id)) throw notFound('No category with this id');
      return categoryProducts(db, wire, params.id, query);
    },
  }),

  defineRoute({
    ...served(API_CALLS.productDetails),
    access: 'public-or-user',
    rule: 'the seller’s phone and email only to a signed-in caller',
    params: idParamsSchema,
    handler: ({ params, caller }, { db, wire }) => productDetails(db, wire, params.id, caller),
  }),

  defineRoute({
    ...served(API_CALLS.advertisedProducts),
    access: 'public',
    handler: (_input, { db, wire }) => advertisedProducts(db, wire),
  }),

  defineRoute({
    ...served(API_CALLS.myProducts),
    access: 'seller',
    rule: '?email= must be the seller’s own',
    query: sellerProductsQuerySchema,
    handler: ({ query, caller }, { db, wire }) => sellerProducts(db, wire, caller, query.email),
  }),

  defineRoute({
    ...served(API_CALLS.createProduct),
    access: 'seller',
    rule: 'seller name, email and verify come from the seller’s record; the cover is an image of our own store',
    rateLimit: 'write',
    body: createProductBodySchema,
    handler: ({ body, caller, reply }, { db, wire, images, config }): Promise<InsertResult> =>
      created(reply, createListing({ db, wire, images, listingsPerDay: config.listingsPerDay }, caller, body)),
  }),

  idAction({
    ...served(API_CALLS.advertiseProduct),
    access: 'seller',
    rule: 'own product, while not sold and not reported',
    body: advertiseProductBodySchema,
    run: advertiseListing,
  }),

  defineRoute({
    ...served(API_CALLS.editProduct),
    access: 'seller',
    rule: 'own product, while not sold and not hidden by admin; audited',
    rateLimit: 'write',
    params: idParamsSchema,
    body: editProductBodySchema,
    handler: ({ params, body, caller }, { db, wire, images }): Promise<UpdateResult> =>
      editListing({ db, wire, images }, caller, params.id, body),
  }),

  idAction({
    ...served(API_CALLS.deleteProduct),
    access: 'user',
    rule: 'the seller of the product, or admin',
    run: deleteListing,
  }),
];
