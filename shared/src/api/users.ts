import type { CreateUserBody } from '../schemas';
import { apiQuery } from './api-query';
import { inFamily } from './cache-keys';
import { apiRequest, query } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { user, users, usersByRole, createUser: create, accessToken: tokenCall, signOut } = API_CALLS;

export const getUserByEmail = (email: string) =>
  apiRequest(apiPath(user, { email }), { auth: true, answer: user.answer });

export const getUsers = () => apiRequest(apiPath(users), { auth: true, answer: users.answer });

export const getUsersByRole = (role: 'seller' | 'buyer') =>
  apiRequest(`${apiPath(usersByRole)}${query({ role })}`, { auth: true, answer: usersByRole.answer });

/** Sent with the identity provider's ID token: the server checks the caller's verified email equals userEmail. */
export const createUser = (body: CreateUserBody, idToken: string) =>
  apiRequest(apiPath(create), { method: create.method, body, bearer: idToken, answer: create.answer });

/** GET /api/jwt/list: trades the identity provider's ID token for the server's own access token. */
export const getAccessToken = (email: string, idToken: string) =>
  apiRequest(`${apiPath(tokenCall)}${query({ email })}`, { bearer: idToken, answer: tokenCall.answer });

/**
 * PUT /api/jwt/logout: ends the session on the server. `all` devices: every earlier sign-in of this person is
 * refused, so their other devices are signed out at their next call; `this`: only the access tokens end, and other
 * devices renew theirs. The access token is given explicitly so that a refused one never starts the refresh that a
 * 401 of `auth` calls does.
 */
export const endServerSession = (accessToken: string, devices: 'all' | 'this' = 'all') =>
  apiRequest(`${apiPath(signOut)}${query({ devices })}`, {
    method: signOut.method,
    bearer: accessToken,
    answer: signOut.answer,
  });

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
