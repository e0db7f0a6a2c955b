import type { Database } from '../db/database';
import { demoteConfiguredAdminsExcept, upsertAdmin } from '../repositories/users-repository';

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
  await upsertAdmin(db, normalized, name ?? normalized.split('@')[0] ?? normalized, source);
}

/**
 * At start: every address of ADMIN_EMAILS is an admin, and an admin made by ADMIN_EMAILS whose address has
 * left it becomes a buyer again (their earlier role is not kept). Returns the demoted emails.
 */
export async function applyConfiguredAdmins(db: Database, adminEmails: string[]): Promise<string[]> {
  for (const email of adminEmails) await grantAdmin(db, email, undefined, 'config');
  return demoteConfiguredAdminsExcept(db, adminEmails);
}
