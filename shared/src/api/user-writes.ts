import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

// The admin's calls that change a user, sent only through `writes` (writes.ts): kept apart from the reads in users.ts
// so that a screen which only reads users does not ship them.

const { verifySeller: verify, deleteUser: remove } = API_CALLS;

export const verifySeller = (id: string) =>
  apiRequest(apiPath(verify, { id }), { method: verify.method, auth: true, answer: verify.answer });

export const deleteUser = (id: string) =>
  apiRequest(apiPath(remove, { id }), { method: remove.method, auth: true, answer: remove.answer });
