import type { BookListQuery } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';
import { bookListParams, bookListPath } from './book-list-path';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { categoryProducts, productDetails, advertisedProducts, myProducts, uploadImage: upload } = API_CALLS;

export const getBookList = (list: BookListQuery) => apiRequest(bookListPath(list), { answer: 'bookList' });

export const getCategoryProducts = (categoryId: string) =>
  apiRequest(apiPath(categoryProducts, { id: categoryId }), { answer: categoryProducts.answer });

/** Sent with the access token when there is one: the seller's contact details come only to a signed-in caller. */
export const getProduct = (id: string) =>
  apiRequest(apiPath(productDetails, { id }), { auth: true, answer: productDetails.answer });

export const getAdvertisedProducts = () =>
  apiRequest(apiPath(advertisedProducts), { answer: advertisedProducts.answer });

export const getMyProducts = (email: string) =>
  apiRequest(`${apiPath(myProducts)}${query({ email })}`, { auth: true, answer: myProducts.answer });

/** Uploads a cover to the server's image store (or the configured image host behind it). */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiRequest(apiPath(upload), { method: upload.method, auth: true, body: form, answer: upload.answer });
}

/** Cache keys of the product GETs above; `all` refreshes every list, detail and the ads after a write. */
export const productKeys = {
  all: inFamily('products'),
  bookList: (list: BookListQuery) => ['products', 'book-list', bookListParams(list)] as const,
  category: (categoryId: string) => ['products', 'category', categoryId] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  advertised: () => ['products', 'advertised'] as const,
  mine: (email: string) => ['products', 'mine', email] as const,
};

/** What screens read of products: each query's key beside its call, for the screen's hook and its route's loader. */
export const productQueries = {
  bookList: (list: BookListQuery) => apiQuery(productKeys.bookList(list), () => getBookList(list)),
  detail: (id: string) => apiQuery(productKeys.detail(id), () => getProduct(id)),
  /** product.md §7: the Ads list, kept to the products that really are advertised. */
  advertised: () =>
    apiQuery(productKeys.advertised(), async () => (await getAdvertisedProducts()).filter((product) => product.addADS)),
  mine: (email: string) => apiQuery(productKeys.mine(email), () => getMyProducts(email)),
};
