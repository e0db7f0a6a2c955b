import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe link of a saved search's email (decision 035): the search's id signed with the server's
 * secret (HMAC-SHA256), so the link needs no sign-in and names one search only. It stays good as long as the secret.
 */
export interface UnsubscribeLinks {
  /** The full address a reader opens: the API's public address, the search and its signature. */
  urlFor(savedSearchId: string): string;
  /** Whether the token is the server's signature of this search. */
  holds(savedSearchId: string, token: string): boolean;
}

/** Apart from any other use of the secret: a signature made for something else never unsubscribes. */
const PURPOSE = 'saved-search-unsubscribe:';

export function unsubscribeLinks(secret: string, publicUrl: string): UnsubscribeLinks {
  const sign = (id: string) =>
    createHmac('sha256', secret)
      .update(PURPOSE + id)
      .digest('base64url');
  return {
    urlFor(id) {
      return `${publicUrl}/api/saved-search/unsubscribe?id=${encodeURIComponent(id)}&token=${sign(id)}`;
    },
    holds(id, token) {
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
