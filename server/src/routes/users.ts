import {
  API_CALLS,
  accessTokenQuerySchema,
  createUserBodySchema,
  userEmailParamsSchema,
  userIdParamsSchema,
  usersByRoleQuerySchema,
  type InsertResult,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import { z } from 'zod';
import { served } from '../http/api-call';
import { idAction } from '../http/id-action';
import { created, defineRoute } from '../http/route';
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

/**
 * PUT /api/jwt/logout's `devices`: `all` (the default) also refuses every earlier sign-in's ID token, so other
 * devices are signed out at their next call; `this` ends the access tokens only, and other devices renew theirs.
 */
const signOutQuerySchema = z.object({
  devices: z.enum(['all', 'this'], { message: 'devices must be all or this' }).default('all'),
});

export const userRoutes = [
  defineRoute({
    ...served(API_CALLS.accessToken),
    access: 'identity',
    rule: 'the ID token’s email must equal ?email=',
    rateLimit: 'token',
    query: accessTokenQuerySchema,
    handler: ({ query, caller }, { db, accessTokens, config }) =>
      issueAccessToken({ db, accessTokens, emulator: config.authMode === 'emulator' }, caller, query.email),
  }),

  defineRoute({
    ...served(API_CALLS.signOut),
    access: 'user',
    rule: 'the caller’s own session, on every device',
    query: signOutQuerySchema,
    handler: ({ caller, query }, deps): Promise<UpdateResult> => endSessions(deps, caller, query.devices),
  }),

  defineRoute({
    ...served(API_CALLS.createUser),
    access: 'identity',
    rule: 'the token’s email must equal userEmail; role buyer or seller only',
    rateLimit: 'write',
    acceptsAccessToken: true,
    body: createUserBodySchema,
    handler: ({ body, caller, reply }, { db }): Promise<InsertResult> =>
      created(reply, createUserRecord(db, caller, body)),
  }),

  defineRoute({
    ...served(API_CALLS.users),
    access: 'user',
    rule: 'admin gets everyone; anyone else only their own record',
    handler: ({ caller }, { db }) => usersVisibleTo(db, caller),
  }),

  defineRoute({
    ...served(API_CALLS.user),
    access: 'user',
    rule: 'own record, or admin',
    params: userEmailParamsSchema,
    handler: ({ params, caller }, { db }) => userRecord(db, caller, params.email),
  }),

  defineRoute({
    ...served(API_CALLS.usersByRole),
    access: 'admin',
    query: usersByRoleQuerySchema,
    handler: ({ query }, { db }) => usersWithRole(db, query.role),
  }),

  idAction({
    ...served(API_CALLS.verifySeller),
    access: 'admin',
    rule: 'the user must be a seller; their listings show the tick from then on; audited',
    params: userIdParamsSchema,
    run: verifySeller,
  }),

  idAction({
    ...served(API_CALLS.deleteUser),
    access: 'admin',
    rule: 'buyers and sellers only; never the admin themselves; bans the email; audited',
    params: userIdParamsSchema,
    run: deleteUser,
  }),
];
