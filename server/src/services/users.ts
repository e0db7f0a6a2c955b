import type { z } from 'zod';
import type { createUserBodySchema, DeleteResult, InsertResult, UpdateResult, User } from '@bookswap/shared/schemas';
import type { AccessTokens } from '../auth/access-token';
import type { SignInAccounts } from '../auth/sign-in-accounts';
import type { Database } from '../db/database';
import { conflict, forbidden, notFound, unauthorized } from '../errors/http-error';
import { insertAuditEntry } from '../repositories/audit-repository';
import { ban, isBanned } from '../repositories/banned-emails-repository';
import { markSellerListingsVerified } from '../repositories/products-repository';
import {
  bindSignInAccount,
  deleteBuyerOrSeller,
  insertUserIfNew,
  listUsers,
  markSellerVerified,
  moveSessionVersionOn,
  userByEmail,
  userById,
  type Role,
  type UserRow,
} from '../repositories/users-repository';
import type { IdentityCaller, SignedInCaller } from './callers';
import { userToWire } from './wire';

type CreateUserBody = z.output<typeof createUserBodySchema>;

/** What a removed account is told when it tries to come back. */
export const ACCOUNT_REMOVED_MESSAGE = 'This account has been removed by an admin.';

/** What an ID token of a sign-in older than the person's sign-out everywhere is told. */
export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You were signed out on every device; sign in again';

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
    if (await bindSignInAccount(db, user.id, uid, emulator)) return;
    // Another sign-in bound it first: only the same account may go on.
    if ((await userById(db, user.id))?.firebaseUid === uid) return;
  }
  throw forbidden(ALREADY_LINKED_MESSAGE);
}

/**
 * Whether the ID token's sign-in came before the person signed out everywhere. Whole seconds, as `auth_time`
 * is: a sign-in in the very second of the sign-out still counts, so signing in again at once works.
 */
function signedInBeforeCutOff(user: UserRow, caller: IdentityCaller): boolean {
  if (!user.signedOutEverywhereAt) return false;
  return (caller.signedInAt ?? 0) < Math.floor(user.signedOutEverywhereAt.getTime() / 1000);
}

/** GET /api/jwt/list: the server's access token for the identity's own, not banned, user record. */
export async function issueAccessToken(
  deps: { db: Database; accessTokens: AccessTokens; emulator: boolean },
  caller: IdentityCaller,
  email: string,
): Promise<{ accessToken: string }> {
  const { db, accessTokens } = deps;
  if (caller.email !== email) throw forbidden('This sign-in token belongs to another email');
  if (await isBanned(db, email)) throw forbidden(ACCOUNT_REMOVED_MESSAGE);
  const user = await userByEmail(db, email);
  if (!user) throw notFound('No user record for this email yet');
  if (signedInBeforeCutOff(user, caller)) throw unauthorized(SIGNED_OUT_EVERYWHERE_MESSAGE);
  await bindToSignInAccount(db, user, caller.uid, deps.emulator);
  return {
    accessToken: await accessTokens.issue({
      userId: user.id,
      email: user.email,
      uid: caller.uid,
      role: user.role,
      sessionVersion: user.sessionVersion,
    }),
  };
}

/**
 * PUT /api/jwt/logout: every access token of the caller, on every device, is refused from the next call on. With
 * `all` devices, the ID tokens of every earlier sign-in are refused too and the sign-in account's refresh tokens
 * revoked, so other devices cannot renew their session; with `this`, they renew it at their next call.
 */
export async function endSessions(
  deps: { db: Database; signInAccounts: SignInAccounts },
  caller: SignedInCaller,
  devices: 'all' | 'this',
): Promise<UpdateResult> {
  const everywhere = devices === 'all';
  const modifiedCount = await moveSessionVersionOn(deps.db, caller.user.id, everywhere);
  if (everywhere) await deps.signInAccounts.revokeSessions(caller.user.firebaseUid ?? caller.uid);
  return { acknowledged: true, modifiedCount };
}

/** POST /api/user/create: the identity's own record, as a buyer or a seller. */
export async function createUserRecord(
  db: Database,
  caller: IdentityCaller,
  body: CreateUserBody,
): Promise<InsertResult> {
  if (caller.email !== body.userEmail) throw forbidden('You can only create your own user record');
  const id = await db.transaction(async (tx) => {
    const inserted = await insertUserIfNew(tx, {
      email: body.userEmail,
      name: body.userName,
      role: body.role,
      firebaseUid: caller.uid || null,
    });
    // Checked after the insert, which waits for a deletion of the same email in flight: its ban is seen.
    if (await isBanned(tx, body.userEmail)) throw forbidden(ACCOUNT_REMOVED_MESSAGE);
    return inserted;
  });
  if (!id) throw conflict('A user with this email already exists', 'userEmail');
  return { acknowledged: true, insertedId: id };
}

/** GET /api/user/list: an admin gets everyone, anyone else only their own record. */
export async function usersVisibleTo(db: Database, caller: SignedInCaller): Promise<User[]> {
  if (caller.user.role !== 'admin') return [userToWire(caller.user)];
  return (await listUsers(db)).map(userToWire);
}

/** GET /api/user/list/:email: one's own record, or any for an admin. */
export async function userRecord(db: Database, caller: SignedInCaller, email: string): Promise<User> {
  if (caller.user.role !== 'admin' && caller.user.email !== email) {
    throw forbidden('You can only read your own user record');
  }
  const user = await userByEmail(db, email);
  if (!user) throw notFound('No user with this email');
  return userToWire(user);
}

export async function usersWithRole(db: Database, role: Role): Promise<User[]> {
  return (await listUsers(db, role)).map(userToWire);
}

/** An admin verifies a seller: their listings show the tick from then on (product.md §3); audited. */
export async function verifySeller(db: Database, admin: SignedInCaller, sellerId: string): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    const seller = await userById(tx, sellerId);
    if (!seller) throw notFound('No user with this id');
    if (seller.role !== 'seller') throw conflict('Only sellers can be verified');
    const changed = await markSellerVerified(tx, seller.id);
    await markSellerListingsVerified(tx, seller.id);
    if (changed > 0) {
      await insertAuditEntry(tx, admin.user, 'verify', { type: 'user', id: seller.id, name: seller.name });
    }
    return { acknowledged: true, modifiedCount: changed };
  });
}

/**
 * An admin deletes a buyer or a seller, never an admin nor themselves. Deleting is a ban (docs/decisions/007):
 * the email never gets an access token nor a user record again. Audited.
 */
export async function deleteUser(
  db: Database,
  admin: SignedInCaller,
  userId: string,
  deps: { signInAccounts: SignInAccounts },
): Promise<DeleteResult> {
  if (userId === admin.user.id) throw forbidden('You cannot delete your own account');
  const { deletedCount, bannedAccount } = await db.transaction(async (tx) => {
    const target = await userById(tx, userId);
    if (!target) throw notFound('No user with this id');
    if (target.role === 'admin') throw forbidden('Admins are managed by server configuration');
    // The seller's listings lose their seller (ON DELETE SET NULL), which takes them off every public list;
    // bookings keep their copied name, image and price.
    const deleted = await deleteBuyerOrSeller(tx, target.id);
    if (deleted > 0) {
      await ban(tx, target.email);
      await insertAuditEntry(tx, admin.user, 'delete-user', { type: 'user', id: target.id, name: target.name });
    }
    return { deletedCount: deleted, bannedAccount: deleted > 0 ? target.firebaseUid : null };
  });
  // The ban already refuses every token of the email; this ends the provider's refresh tokens too.
  if (bannedAccount) await deps.signInAccounts.revokeSessions(bannedAccount);
  return { acknowledged: true, deletedCount };
}
