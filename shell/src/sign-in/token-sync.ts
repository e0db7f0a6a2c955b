import { getRuntimeConfig } from '@bookswap/contract/config';
import { notifyError } from '@bookswap/shared/ui';
import type { IdentityProvider } from './identity-provider';

/** product.md §9: the identity token sent to the token-sync URL is at most 300 s old. */
export const SYNC_TOKEN_MAX_AGE_S = 300;

/**
 * product.md §7's optional token sync: when `tokenSyncUrl` is configured, POST on sign-in and DELETE on sign-out,
 * each with the provider's ID token as bearer. A failure is shown, not thrown: sign-in and sign-out go on.
 */
export async function syncToken(method: 'POST' | 'DELETE', provider: IdentityProvider): Promise<void> {
  const url = getRuntimeConfig().tokenSyncUrl;
  if (!url) return;
  try {
    const idToken = await provider.idToken({ maxAgeSeconds: SYNC_TOKEN_MAX_AGE_S });
    const response = await fetch(url, { method, headers: { authorization: `Bearer ${idToken}` } });
    if (!response.ok) throw new Error(`Token sync failed with status ${response.status}`);
  } catch (error) {
    notifyError(
      error instanceof Error && error.message.startsWith('Token sync')
        ? error
        : new Error('Token sync failed: the sync service cannot be reached.'),
    );
  }
}
