import type { CreateProductBody, EditProductBody } from '../schemas';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

// The calls that change listings, sent only through `writes` (writes.ts): kept apart from the reads in products.ts so
// that a screen which only reads listings (the storefront's first load) does not ship them.

const { createProduct: create, advertiseProduct: advertise, editProduct: edit, deleteProduct: remove } = API_CALLS;

export const createProduct = (body: CreateProductBody) =>
  apiRequest(apiPath(create), { method: create.method, auth: true, body, answer: create.answer });

/** Marks the product advertised (product.md §7: PUT /api/product/update/{id}). */
export const advertiseProduct = (id: string) =>
  apiRequest(apiPath(advertise, { id }), {
    method: advertise.method,
    auth: true,
    body: { addADS: true },
    answer: advertise.answer,
  });

/** The seller's change to their own unsold listing. */
export const editProduct = ({ id, product }: { id: string; product: EditProductBody }) =>
  apiRequest(apiPath(edit, { id }), { method: edit.method, auth: true, body: product, answer: edit.answer });

export const deleteProduct = (id: string) =>
  apiRequest(apiPath(remove, { id }), { method: remove.method, auth: true, answer: remove.answer });
