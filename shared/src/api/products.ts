import { z } from 'zod';
import {
  bookListResponseSchema,
  deleteResultSchema,
  imageUploadResponseSchema,
  insertResultSchema,
  productSchema,
  updateResultSchema,
  type BookListQuery,
  type CreateProductBody,
} from '../schemas';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';

const enc = encodeURIComponent;

export const getBookList = ({ search, page, size }: BookListQuery) =>
  apiRequest(`/api/category/list${query({ search: search ?? '', page, size })}`, { schema: bookListResponseSchema });

export const getCategoryProducts = (categoryId: string) =>
  apiRequest(`/api/category/list/${enc(categoryId)}`, { schema: z.array(productSchema) });

export const getProduct = (id: string) => apiRequest(`/api/product/list/${enc(id)}`, { schema: productSchema });

export const getAdvertisedProducts = () => apiRequest('/api/product/Ads/list', { schema: z.array(productSchema) });

export const getMyProducts = (email: string) =>
  apiRequest(`/api/product/list${query({ email })}`, { auth: true, schema: z.array(productSchema) });

export const createProduct = (body: CreateProductBody) =>
  apiRequest('/api/product/create', { method: 'POST', auth: true, body, schema: insertResultSchema });

/** Marks the product advertised (SPEC 7: PUT /api/product/update/{id}). */
export const advertiseProduct = (id: string) =>
  apiRequest(`/api/product/update/${enc(id)}`, {
    method: 'PUT',
    auth: true,
    body: { addADS: true },
    schema: updateResultSchema,
  });

export const deleteProduct = (id: string) =>
  apiRequest(`/api/product/delete/${enc(id)}`, { method: 'DELETE', auth: true, schema: deleteResultSchema });

/** Uploads a cover to the server's image store (or the configured image host behind it). */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiRequest('/api/image/upload', { method: 'POST', auth: true, body: form, schema: imageUploadResponseSchema });
}

/** Cache keys of the product GETs above; `all` refreshes every list, detail and the ads after a write. */
export const productKeys = {
  all: inFamily('products'),
  bookList: ({ search, page, size }: BookListQuery) => ['products', 'book-list', search ?? '', page, size] as const,
  category: (categoryId: string) => ['products', 'category', categoryId] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  advertised: () => ['products', 'advertised'] as const,
  mine: (email: string) => ['products', 'mine', email] as const,
};
