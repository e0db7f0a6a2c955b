import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Page-load tickets (docs/decisions/042): the shell's server writes one into every page it sends, signed with the
 * secret it shares with the API (BOOKSWAP_PAGE_LOAD_SECRET); the page's release-health reports carry it as their
 * page-load id, and the API counts a page load only for a ticket it can verify, once. The format is also written by
 * tooling/serve/page-load-tickets.mts (the shell's server): 16 characters of random id, the second it was issued
 * in base 36, and 22 characters of HMAC-SHA256 over both, all in the page-load id's alphabet
 * (PAGE_LOAD_ID_PATTERN), so a shell that reports tickets and an API that does not read them still agree on the wire.
 */
const ID_LENGTH = 16;
const MAC_LENGTH = 22;
const SIGNED_AS = 'bookswap-page-load:';
/** The shell's server and the API may disagree on the time by this much. */
const CLOCK_SKEW_SECONDS = 60;

export interface PageLoadTicket {
  /** The page load's name: what a ticket is redeemed by, once. */
  id: string;
  /** When it stops counting: reports of the page load after it are not counted. */
  expiresAt: Date;
}

const macOf = (secret: string, signed: string) =>
  createHmac('sha256', secret).update(SIGNED_AS).update(signed).digest('base64url').slice(0, MAC_LENGTH);

/** A new ticket, as the shell's server writes it into a page (the tests and benches hold the secret too). */
export function issuePageLoadTicket(secret: string, now = new Date()): string {
  const signed = randomBytes(12).toString('base64url') + Math.floor(now.getTime() / 1000).toString(36);
  return signed + macOf(secret, signed);
}

/** Checks tickets against the shared secret; answers the ticket, or null for a forged, malformed or expired one. */
export function pageLoadTickets(secret: string, lifetimeSeconds: number) {
  return {
    check(text: string | undefined, now = new Date()): PageLoadTicket | null {
      if (!text || text.length < ID_LENGTH + 1 + MAC_LENGTH) return null;
      const signed = text.slice(0, -MAC_LENGTH);
      const given = Buffer.from(text.slice(-MAC_LENGTH));
      const expected = Buffer.from(macOf(secret, signed));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const issued = parseInt(signed.slice(ID_LENGTH), 36);
      const seconds = now.getTime() / 1000;
      if (!Number.isFinite(issued) || issued > seconds + CLOCK_SKEW_SECONDS) return null;
      const expiresAt = new Date((issued + lifetimeSeconds) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return null;
      return { id: signed.slice(0, ID_LENGTH), expiresAt };
    },
  };
}
export type PageLoadTickets = ReturnType<typeof pageLoadTickets>;
