import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { newId } from '../db/ids';
import { users } from '../db/schema';

/**
 * Admins come only from server configuration (ADMIN_EMAILS) or the admin command, never from the API.
 * Creates the user record when missing; an existing buyer or seller becomes admin. The grant remembers its
 * source: a command grant is never undone by a change of ADMIN_EMAILS.
 */
export async function grantAdmin(
  db: Database,
  email: string,
  name?: string,
  source: 'config' | 'command' = 'command',
): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const keepsCommandGrant = sql`CASE WHEN ${users.role} = 'admin' AND ${users.adminSource} = 'command' THEN 'command' ELSE ${source} END`;
  await db
    .insert(users)
    .values({
      id: newId(),
      email: normalized,
      name: name ?? normalized.split('@')[0] ?? normalized,
      role: 'admin',
      adminSource: source,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: { role: sql`'admin'`, adminSource: source === 'command' ? sql`'command'` : keepsCommandGrant },
    });
}

/**
 * At start: every address of ADMIN_EMAILS is an admin, and an admin made by ADMIN_EMAILS whose address has
 * left it becomes a buyer again (their earlier role is not kept). Returns the demoted emails.
 */
export async function applyConfiguredAdmins(db: Database, adminEmails: string[]): Promise<string[]> {
  for (const email of adminEmails) await grantAdmin(db, email, undefined, 'config');
  const demoted = await db
    .update(users)
    .set({ role: 'buyer', adminSource: null })
    .where(
      and(
        eq(users.role, 'admin'),
        inArray(users.adminSource, ['config']),
        adminEmails.length > 0 ? notInArray(users.email, adminEmails) : undefined,
      ),
    )
    .returning({ email: users.email });
  return demoted.map((row) => row.email);
}
