import type { BookListQuery, CreateProductBody } from '../schemas';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';

const enc = encodeURIComponent;

export const getBookList = ({ search, page, size }: BookListQuery) =>
  apiRequest(`/api/category/list${query({ search: search ?? '', page, size })}`, { answer: 'bookList' });

export const getCategoryProducts = (categoryId: string) =>
  apiRequest(`/api/category/list/${enc(categoryId)}`, { answer: 'products' });

export const getProduct = (id: string) => apiRequest(`/api/product/list/${enc(id)}`, { answer: 'product' });

export const getAdvertisedProducts = () => apiRequest('/api/product/Ads/list', { answer: 'products' });

export const getMyProducts = (email: string) =>
  apiRequest(`/api/product/list${query({ email })}`, { auth: true, answer: 'products' });

export const createProduct = (body: CreateProductBody) =>
  apiRequest('/api/product/create', { method: 'POST', auth: true, body, answer: 'inserted' });

/** Marks the product advertised (product.md §7: PUT /api/product/update/{id}). */
export const advertiseProduct = (id: string) =>
  apiRequest(`/api/product/update/${enc(id)}`, {
    method: 'PUT',
    auth: true,
    body: { addADS: true },
    answer: 'updated',
  });

export const deleteProduct = (id: string) =>
  apiRequest(`/api/product/delete/${enc(id)}`, { method: 'DELETE', auth: true, answer: 'deleted' });

/** Uploads a cover to the server's image store (or the configured image host behind it). */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiRequest('/api/image/upload', { method: 'POST', auth: true, body: form, answer: 'imageUpload' });
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
