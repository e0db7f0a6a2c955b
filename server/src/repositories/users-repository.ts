import { and, asc, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { firstRow } from '../db/first-row';
import type { Queryable } from '../db/database';
import { newId } from '../db/ids';
import { users, type UserRow } from '../db/schema';

/** The users table: accounts, roles, the seller's tick, the sign-in account a record is bound to. */

export type { UserRow };
export type Role = UserRow['role'];

export function userById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.id, id)));
}

export function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.email, email)));
}

/** Users by id, in one query (the callers of concurrent requests). */
export async function usersByIds(db: Queryable, ids: string[]): Promise<Map<string, UserRow>> {
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Oldest first; every role, or one. */
export function listUsers(db: Queryable, role?: Role): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(role ? eq(users.role, role) : undefined)
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function countUsers(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** A new buyer or seller; undefined when the email already has a record. */
export async function insertUserIfNew(
  db: Queryable,
  user: { email: string; name: string; role: 'buyer' | 'seller'; firebaseUid: string | null },
): Promise<string | undefined> {
  const [row] = await db
    .insert(users)
    .values({ id: newId(), ...user })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id;
}

/**
 * Binds the record to a sign-in account: only while unbound unless `rebind` (emulator mode). Answers whether
 * this call bound it.
 */
export async function bindSignInAccount(db: Queryable, userId: string, uid: string, rebind: boolean): Promise<boolean> {
  const bound = await db
    .update(users)
    .set({ firebaseUid: uid })
    .where(and(eq(users.id, userId), rebind ? undefined : isNull(users.firebaseUid)))
    .returning({ id: users.id });
  return bound.length > 0;
}

/**
 * Every access token issued before this is refused from the next call on (migration 0006); `everywhere` also
 * records the cut-off that refuses the ID tokens of earlier sign-ins (migration 0016).
 */
export async function moveSessionVersionOn(db: Queryable, userId: string, everywhere = false): Promise<number> {
  const changed = await db
    .update(users)
    .set({
      sessionVersion: sql`${users.sessionVersion} + 1`,
      ...(everywhere ? { signedOutEverywhereAt: sql`now()` } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return changed.length;
}

/** Answers how many rows changed (0 when already verified). */
export async function markSellerVerified(db: Queryable, sellerId: string): Promise<number> {
  const changed = await db
    .update(users)
    .set({ verified: true })
    .where(and(eq(users.id, sellerId), eq(users.verified, false)))
    .returning({ id: users.id });
  return changed.length;
}

/** Deletes a buyer or a seller, never an admin; answers how many rows went. */
export async function deleteBuyerOrSeller(db: Queryable, userId: string): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.id, userId), inArray(users.role, ['buyer', 'seller'])))
    .returning({ id: users.id });
  return deleted.length;
}

/**
 * Makes the address an admin, creating the record when missing. A grant remembers its source: a command grant
 * is never undone by a change of ADMIN_EMAILS.
 */
export async function upsertAdmin(
  db: Queryable,
  email: string,
  name: string,
  source: 'config' | 'command',
): Promise<void> {
  const keepsCommandGrant = sql`CASE WHEN ${users.role} = 'admin' AND ${users.adminSource} = 'command' THEN 'command' ELSE ${source} END`;
  await db
    .insert(users)
    .values({ id: newId(), email, name, role: 'admin', adminSource: source })
    .onConflictDoUpdate({
      target: users.email,
      set: { role: sql`'admin'`, adminSource: source === 'command' ? sql`'command'` : keepsCommandGrant },
    });
}

/** Admins granted by configuration whose address is not in `kept` become buyers again; answers their emails. */
export async function demoteConfiguredAdminsExcept(db: Queryable, kept: string[]): Promise<string[]> {
  const demoted = await db
    .update(users)
    .set({ role: 'buyer', adminSource: null })
    .where(
      and(
        eq(users.role, 'admin'),
        inArray(users.adminSource, ['config']),
        kept.length > 0 ? notInArray(users.email, kept) : undefined,
      ),
    )
    .returning({ email: users.email });
  return demoted.map((row) => row.email);
}
