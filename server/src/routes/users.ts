import {
  accessTokenQuerySchema,
  createUserBodySchema,
  userEmailParamsSchema,
  userIdParamsSchema,
  usersByRoleQuerySchema,
  type DeleteResult,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { defineRoute } from '../http/route';
import {
  createUserRecord,
  deleteUser,
  endSessions,
  issueAccessToken,
  userRecord,
  usersVisibleTo,
  usersWithRole,
  verifySeller,
} from '../services/users';

export const userRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/jwt/list',
    access: 'identity',
    rule: 'the ID token’s email must equal ?email=',
    rateLimit: 'token',
    query: accessTokenQuerySchema,
    async handler({ query, caller }, { db, accessTokens, config }) {
      return issueAccessToken({ db, accessTokens, emulator: config.authMode === 'emulator' }, caller, query.email);
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/jwt/logout',
    access: 'user',
    rule: 'the caller’s own session, on every device',
    async handler({ caller }, { db }): Promise<UpdateResult> {
      return endSessions(db, caller);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/user/create',
    access: 'identity',
    rule: 'the token’s email must equal userEmail; role buyer or seller only',
    rateLimit: 'write',
    acceptsAccessToken: true,
    body: createUserBodySchema,
    async handler({ body, caller, reply }, { db }): Promise<InsertResult> {
      const created = await createUserRecord(db, caller, body);
      reply.status(201);
      return created;
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/user/list',
    access: 'user',
    rule: 'admin gets everyone; anyone else only their own record',
    async handler({ caller }, { db }) {
      return usersVisibleTo(db, caller);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/user/list/:email',
    access: 'user',
    rule: 'own record, or admin',
    params: userEmailParamsSchema,
    async handler({ params, caller }, { db }) {
      return userRecord(db, caller, params.email);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/user/role',
    access: 'admin',
    query: usersByRoleQuerySchema,
    async handler({ query }, { db }) {
      return usersWithRole(db, query.role);
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/user/seller/verify/:id',
    access: 'admin',
    rule: 'the user must be a seller; their listings show the tick from then on; audited',
    rateLimit: 'write',
    params: userIdParamsSchema,
    async handler({ params, caller }, { db }): Promise<UpdateResult> {
      return verifySeller(db, caller, params.id);
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/user/delete/:id',
    access: 'admin',
    rule: 'buyers and sellers only; never the admin themselves; bans the email; audited',
    rateLimit: 'write',
    params: userIdParamsSchema,
    async handler({ params, caller }, { db }): Promise<DeleteResult> {
      return deleteUser(db, caller, params.id);
    },
  }),
];
