import type { SignupRole } from '@bookswap/shared/schemas';

const KEY = 'bookswap.pendingSignup';

interface PendingSignup {
  email: string;
  role: SignupRole;
  name: string;
}

/**
 * Outside emulator mode the server records nobody whose email is unverified (SECURITY.md), so the role
 * chosen at sign-up waits here until the first sign-in after the verification link; without it that
 * sign-in would make every new seller a buyer.
 */
export function rememberSignupChoice(email: string, role: SignupRole, name: string): void {
  localStorage.setItem(KEY, JSON.stringify({ email: email.toLowerCase(), role, name } satisfies PendingSignup));
}

/** The choice made at sign-up for this email, if any, removed once read. */
export function takeSignupChoice(email: string): Omit<PendingSignup, 'email'> | null {
  const stored = localStorage.getItem(KEY);
  if (!stored) return null;
  try {
    const pending = JSON.parse(stored) as Partial<PendingSignup>;
    if (pending.email !== email.toLowerCase() || (pending.role !== 'buyer' && pending.role !== 'seller')) return null;
    localStorage.removeItem(KEY);
    return { role: pending.role, name: typeof pending.name === 'string' ? pending.name : '' };
  } catch {
    return null;
  }
}
