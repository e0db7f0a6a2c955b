import { apiRequest } from './api-client';

// The admin's calls that change a user, sent only through `writes` (writes.ts): kept apart from the reads in users.ts
// so that a screen which only reads users does not ship them.

const enc = encodeURIComponent;

export const verifySeller = (id: string) =>
  apiRequest(`/api/user/seller/verify/${enc(id)}`, { method: 'PUT', auth: true, answer: 'updated' });

export const deleteUser = (id: string) =>
  apiRequest(`/api/user/delete/${enc(id)}`, { method: 'DELETE', auth: true, answer: 'deleted' });
