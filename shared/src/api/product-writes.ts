import type { CreateProductBody, EditProductBody } from '../schemas';
import { apiRequest } from './api-client';

// The calls that change listings, sent only through `writes` (writes.ts): kept apart from the reads in products.ts so
// that a screen which only reads listings (the storefront's first load) does not ship them.

const enc = encodeURIComponent;

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

/** The seller's change to their own unsold listing. */
export const editProduct = ({ id, product }: { id: string; product: EditProductBody }) =>
  apiRequest(`/api/product/edit/${enc(id)}`, { method: 'PUT', auth: true, body: product, answer: 'updated' });

export const deleteProduct = (id: string) =>
  apiRequest(`/api/product/delete/${enc(id)}`, { method: 'DELETE', auth: true, answer: 'deleted' });
