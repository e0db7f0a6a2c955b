/**
 * Google sign-in against the local Auth emulator. The SDK's popup flow, and the emulator's own account
 * chooser page, both load Google's `gapi` script from apis.google.com, so offline (this project's local
 * default and its browser tests) they fail with auth/internal-error. In emulator mode the shell asks for the
 * Google account in its own chooser instead and signs in with an emulator credential (an unsigned token the
 * emulator accepts). Real Firebase keeps the real popup.
 */
export interface EmulatorGoogleAccount {
  email: string;
  displayName: string;
}

export interface PendingGoogleAccountRequest {
  choose(account: EmulatorGoogleAccount): void;
  cancel(): void;
}

export const GOOGLE_SIGN_IN_CANCELLED = 'Google sign-in was cancelled.';

let showChooser: ((request: PendingGoogleAccountRequest | null) => void) | null = null;

/** The chooser component registers here while it is mounted. */
export function listenForGoogleAccountRequests(listener: (request: PendingGoogleAccountRequest | null) => void) {
  showChooser = listener;
  return () => {
    if (showChooser === listener) showChooser = null;
  };
}

export function askForEmulatorGoogleAccount(): Promise<EmulatorGoogleAccount> {
  const show = showChooser;
  if (!show) return Promise.reject(new Error('Google sign-in is not available on this page.'));
  return new Promise((resolve, reject) =>
    show({
      choose: (account) => {
        show(null);
        resolve(account);
      },
      cancel: () => {
        show(null);
        reject(new Error(GOOGLE_SIGN_IN_CANCELLED));
      },
    }),
  );
}

/**
 * The claims of the fake Google ID token. The subject derives from the email, so choosing the same address
 * again signs in to the same Google account.
 */
export function emulatorGoogleIdToken({ email, displayName }: EmulatorGoogleAccount): string {
  const normalized = email.trim().toLowerCase();
  return JSON.stringify({
    sub: `emulated-${normalized}`,
    email: normalized,
    email_verified: true,
    name: displayName.trim() || normalized.split('@')[0],
  });
}
