import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
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
import { recordAdminAction } from '../audit/audit-log';
import { newId } from '../db/ids';
import type { Database } from '../db/database';
import { products, users, type UserRow } from '../db/schema';
import { userToWire } from '../db/wire';
import { conflict, forbidden, notFound } from '../http/http-error';
import { defineRoute } from '../http/route';
import { ACCOUNT_REMOVED_MESSAGE, ban, isBanned } from '../users/bans';

export const ALREADY_LINKED_MESSAGE =
  'This email is already linked to another sign-in account. Sign in with that account, or ask an admin for help.';

/**
 * A user record belongs to the first sign-in account (Firebase uid) that reaches it, and to no other
 * afterwards: a second account with the same email is refused, never rebound. In emulator mode the emulator's
 * accounts come and go (the browser tests wipe them) and its unsigned tokens can claim any uid anyway, so there
 * the record follows the current account.
 */
async function bindToSignInAccount(db: Database, user: UserRow, uid: string, emulator: boolean): Promise<void> {
  if (!uid || user.firebaseUid === uid) return;
  if (user.firebaseUid === null || emulator) {
    const bound = await db
      .update(users)
      .set({ firebaseUid: uid })
      .where(and(eq(users.id, user.id), emulator ? undefined : isNull(users.firebaseUid)))
      .returning({ firebaseUid: users.firebaseUid });
    if (bound.length > 0) return;
    // Another sign-in bound it first: only the same account may go on.
    const [now] = await db.select({ firebaseUid: users.firebaseUid }).from(users).where(eq(users.id, user.id));
    if (now?.firebaseUid === uid) return;
  }
  throw forbidden(ALREADY_LINKED_MESSAGE);
}

export const userRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/jwt/list',
    access: 'identity',
    rule: 'the ID token’s email must equal ?email=',
    rateLimit: 'token',
    query: accessTokenQuerySchema,
    async handler({ query, caller }, { db, accessTokens, config }) {
      if (caller.email !== query.email) throw forbidden('This sign-in token belongs to another email');
      if (await isBanned(db, query.email)) throw forbidden(ACCOUNT_REMOVED_MESSAGE);
      const [user] = await db.select().from(users).where(eq(users.email, query.email)).limit(1);
      if (!user) throw notFound('No user record for this email yet');
      await bindToSignInAccount(db, user, caller.uid, config.authMode === 'emulator');
      return {
        accessToken: await accessTokens.issue({
          userId: user.id,
          email: user.email,
          uid: caller.uid,
          role: user.role,
          sessionVersion: user.sessionVersion,
        }),
      };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/api/jwt/logout',
    access: 'user',
    rule: 'the caller’s own session, on every device',
    async handler({ caller }, { db }): Promise<UpdateResult> {
      // Every access token issued before now is refused from the next call on (migration 0006).
      const changed = await db
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, caller.user.id))
        .returning({ id: users.id });
      return { acknowledged: true, modifiedCount: changed.length };
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
      if (caller.email !== body.userEmail) throw forbidden('You can only create your own user record');
      const row = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          .values({
            id: newId(),
            email: body.userEmail,
            name: body.userName,
            role: body.role,
            firebaseUid: caller.uid || null,
          })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        // Checked after the insert, which waits for a deletion of the same email in flight: its ban is seen.
        if (await isBanned(tx, body.userEmail)) throw forbidden(ACCOUNT_REMOVED_MESSAGE);
        return inserted[0];
      });
      if (!row) throw conflict('A user with this email already exists', 'userEmail');
      reply.status(201);
      return { acknowledged: true, insertedId: row.id };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/user/list',
    access: 'user',
    rule: 'admin gets everyone; anyone else only their own record',
    async handler({ caller }, { db }) {
      if (caller.user.role === 'admin') {
        const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
        return rows.map(userToWire);
      }
      return [userToWire(caller.user)];
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/user/list/:email',
    access: 'user',
    rule: 'own record, or admin',
    params: userEmailParamsSchema,
    async handler({ params, caller }, { db }) {
      if (caller.user.role !== 'admin' && caller.user.email !== params.email) {
        throw forbidden('You can only read your own user record');
      }
      const [user] = await db.select().from(users).where(eq(users.email, params.email)).limit(1);
      if (!user) throw notFound('No user with this email');
      return userToWire(user);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/user/role',
    access: 'admin',
    query: usersByRoleQuerySchema,
    async handler({ query }, { db }) {
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.role, query.role))
        .orderBy(asc(users.createdAt), asc(users.id));
      return rows.map(userToWire);
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
      return db.transaction(async (tx) => {
        const [seller] = await tx.select().from(users).where(eq(users.id, params.id)).limit(1);
        if (!seller) throw notFound('No user with this id');
        if (seller.role !== 'seller') throw conflict('Only sellers can be verified');
        const changed = await tx
          .update(users)
          .set({ verified: true })
          .where(and(eq(users.id, seller.id), eq(users.verified, false)))
          .returning({ id: users.id });
        // Listings carry the seller's tick (product.md §3: copied from the seller's record).
        await tx.update(products).set({ sellerVerified: true }).where(eq(products.sellerId, seller.id));
        if (changed.length > 0) {
          await recordAdminAction(tx, caller.user, 'verify', { type: 'user', id: seller.id, name: seller.name });
        }
        return { acknowledged: true, modifiedCount: changed.length };
      });
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
      if (params.id === caller.user.id) throw forbidden('You cannot delete your own account');
      return db.transaction(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.id, params.id)).limit(1);
        if (!target) throw notFound('No user with this id');
        if (target.role === 'admin') throw forbidden('Admins are managed by server configuration');
        // The seller's listings lose their seller (ON DELETE SET NULL), which takes them off every public list;
        // bookings keep their copied name, image and price.
        const deleted = await tx
          .delete(users)
          .where(and(eq(users.id, target.id), inArray(users.role, ['buyer', 'seller'])))
          .returning({ id: users.id });
        if (deleted.length > 0) {
          await ban(tx, target.email);
          await recordAdminAction(tx, caller.user, 'delete-user', { type: 'user', id: target.id, name: target.name });
        }
        return { acknowledged: true, deletedCount: deleted.length };
      });
    },
  }),
];
