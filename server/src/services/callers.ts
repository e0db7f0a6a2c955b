import type { Database } from '../db/database';
import { BatchedFreshLookup } from '../db/fresh-reads';
import { perDatabase } from '../db/per-database';
import { usersByIds, type UserRow } from '../repositories/users-repository';

/** Who calls a use case: a signed-in user (the server's access token) with the sign-in account's uid. */
export interface SignedInCaller {
  user: UserRow;
  uid: string;
}

/** Who calls before the server's access token exists: the identity provider's verified email and uid. */
export interface IdentityCaller {
  email: string;
  uid: string;
  name?: string;
  /** When the ID token's sign-in happened, in seconds; absent when the caller came with an access token. */
  signedInAt?: number;
}

const userLookupOf = perDatabase((db) => new BatchedFreshLookup<string, UserRow>((ids) => usersByIds(db, ids)));

/**
 * The caller's user record as of a read that started after this call (db/fresh-reads.ts): callers arriving
 * together are read in one query, and a changed role or a deleted user still counts at once. Each caller gets
 * its own copy of the row.
 */
export async function currentUser(db: Database, userId: string): Promise<UserRow | undefined> {
  const user = await userLookupOf(db).get(userId);
  return user && { ...user };
}
