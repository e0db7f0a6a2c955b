import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { bannedEmails } from '../db/schema';

/** Deleting a user is a ban: the email never gets an access token nor a new user record again. */
export async function isBanned(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: bannedEmails.email })
    .from(bannedEmails)
    .where(eq(bannedEmails.email, email.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}

export async function ban(db: Queryable, email: string): Promise<void> {
  await db
    .insert(bannedEmails)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: bannedEmails.email });
}
