import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { newId } from '../db/ids';
import { users } from '../db/schema';

/**
 * Admins come only from server configuration (ADMIN_EMAILS) or the admin command, never from the API.
 * Creates the user record when missing; an existing buyer or seller becomes admin.
 */
export async function grantAdmin(db: Database, email: string, name?: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await db
    .insert(users)
    .values({ id: newId(), email: normalized, name: name ?? normalized.split('@')[0] ?? normalized, role: 'admin' })
    .onConflictDoUpdate({ target: users.email, set: { role: sql`'admin'` } });
}
