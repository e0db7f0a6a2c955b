import type { CreateUserBody } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';

const enc = encodeURIComponent;

export const getUserByEmail = (email: string) =>
  apiRequest(`/api/user/list/${enc(email)}`, { auth: true, answer: 'user' });

export const getUsers = () => apiRequest('/api/user/list', { auth: true, answer: 'users' });

export const getUsersByRole = (role: 'seller' | 'buyer') =>
  apiRequest(`/api/user/role${query({ role })}`, { auth: true, answer: 'users' });

/** Sent with the identity provider's ID token: the server checks the caller's verified email equals userEmail. */
export const createUser = (body: CreateUserBody, idToken: string) =>
  apiRequest('/api/user/create', { method: 'POST', body, bearer: idToken, answer: 'inserted' });

/** GET /api/jwt/list: trades the identity provider's ID token for the server's own access token. */
export const getAccessToken = (email: string, idToken: string) =>
  apiRequest(`/api/jwt/list${query({ email })}`, { bearer: idToken, answer: 'accessToken' });

/**
 * PUT /api/jwt/logout: ends the session on the server. `all` devices: every earlier sign-in of this person is
 * refused, so their other devices are signed out at their next call; `this`: only the access tokens end, and other
 * devices renew theirs. The access token is given explicitly so that a refused one never starts the refresh that a
 * 401 of `auth` calls does.
 */
export const endServerSession = (accessToken: string, devices: 'all' | 'this' = 'all') =>
  apiRequest(`/api/jwt/logout${query({ devices })}`, { method: 'PUT', bearer: accessToken, answer: 'updated' });

/** Cache keys of the user GETs above; `all` after a verify or a delete. */
export const userKeys = {
  all: inFamily('users'),
  byRole: (role: 'seller' | 'buyer') => ['users', 'role', role] as const,
  list: () => ['users', 'list'] as const,
  record: (email: string) => ['users', 'record', email] as const,
};

/** What screens read of users: each query's key beside its call, for the screen's hook and its route's loader. */
export const userQueries = {
  byRole: (role: 'seller' | 'buyer') => apiQuery(userKeys.byRole(role), () => getUsersByRole(role)),
  record: (email: string) => apiQuery(userKeys.record(email), () => getUserByEmail(email)),
};
