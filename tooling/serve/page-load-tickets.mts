// Page-load tickets (docs/decisions/042): every page the shell's server sends carries one, signed with the secret it
// shares with the API (BOOKSWAP_PAGE_LOAD_SECRET), so that release health counts a page load only for a page this
// server sent, once. The format is the API's (server/src/services/page-load-tickets.ts): 16 characters of random id,
// the second it was issued in base 36, 22 characters of HMAC-SHA256 over both.
import { createHmac, randomBytes } from 'node:crypto';
import { crc32, deflateRawSync, constants } from 'node:zlib';
import { preparedAnswer, type PreparedAnswer } from './prepared-answers.mts';

type Env = Record<string, string | undefined>;

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

/** The meta tag that carries it; the shell reads it (shell/src/release-health/page-load-ticket.ts). */
export const PAGE_LOAD_TICKET_META = 'bookswap-page-load';
const SIGNED_AS = 'bookswap-page-load:';
const MAC_LENGTH = 22;

/**
 * The secret tickets are signed with: BOOKSWAP_PAGE_LOAD_SECRET, required when the server listens beyond loopback
 * (BOOKSWAP_SERVE_HOST, a deployment); locally one made up per process, whose tickets only an API given the same
 * value counts (the product's scripts pass one to both).
 */
export function pageLoadSecretOf(env: Env): string {
  const secret = env.BOOKSWAP_PAGE_LOAD_SECRET;
  if (secret && Buffer.byteLength(secret) >= 32) return secret;
  if (secret) throw new Error('BOOKSWAP_PAGE_LOAD_SECRET is shorter than 32 bytes: use a long random value');
  const host = env.BOOKSWAP_SERVE_HOST || '127.0.0.1';
  if (!isLoopback(host))
    throw new Error(
      `BOOKSWAP_PAGE_LOAD_SECRET is not set: the shell's server on ${host} and every API instance need the same ` +
        'long random secret, or no page load counts in release health',
    );
  return randomBytes(32).toString('base64url');
}

/** A new ticket, signed with `secret`. */
export function issuePageLoadTicket(secret: string, now = Date.now()): string {
  const signed = randomBytes(12).toString('base64url') + Math.floor(now / 1000).toString(36);
  return (
    signed + createHmac('sha256', secret).update(SIGNED_AS).update(signed).digest('base64url').slice(0, MAC_LENGTH)
  );
}

/** A kept page cut where its ticket goes, and the gzip of what comes before the cut. */
interface SplitPage {
  head: Buffer;
  tail: Buffer;
  deflated(): { head: Buffer; crc: number };
}

/**
 * A page's text split where the ticket goes (before `</body>`, else at the end: a meta tag in the body is read as
 * well as one in the head, and leaves the kept page's gzip usable), with the gzip of everything
 * before it made once: a ticketed copy then costs a copy of the bytes and a stored deflate block of the short rest,
 * never a compression of the whole page.
 */
function splitPage(body: Buffer): SplitPage {
  const at = body.lastIndexOf('</body>');
  const cut = at === -1 ? body.length : at;
  const head = body.subarray(0, cut);
  let deflated: { head: Buffer; crc: number } | undefined;
  return {
    head,
    tail: body.subarray(cut),
    // Compressed when a browser that takes gzip first asks: a page asked once by one that does not never is
    // (measured: 5 % of an uncached page's time). A sync flush ends the deflate stream's blocks on a byte, not final,
    // so a stored block can follow.
    deflated: () =>
      (deflated ??= {
        head: deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH }),
        crc: crc32(head),
      }),
  };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The pieces of the gzip of `split.head` followed by `rest` (at most 65,535 bytes: a ticket and the end of the page). */
function gzipWith(split: SplitPage, rest: Buffer): Buffer[] {
  const stored = Buffer.alloc(5);
  // A final stored block: BFINAL 1, BTYPE 00, then LEN and its complement.
  stored[0] = 1;
  stored.writeUInt16LE(rest.length, 1);
  stored.writeUInt16LE(~rest.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  const deflated = split.deflated();
  trailer.writeUInt32LE(crc32(rest, deflated.crc), 0);
  trailer.writeUInt32LE((split.head.length + rest.length) % 2 ** 32, 4);
  return [GZIP_HEADER, deflated.head, stored, rest, trailer];
}

export interface PageLoadTickets {
  issue(): string;
  /** `answer`: the page as kept for its release, head and body; the same with a fresh ticket in it. */
  ticketed(answer: PreparedAnswer): PreparedAnswer;
  /**
   * A `rewrite` of static-server.mts for a page file served as it is (the one-bundle build): prepared once per text,
   * ticketed in each answer.
   */
  pageAsRead(readText: () => Promise<string>): Promise<PreparedAnswer>;
}

/**
 * Writes a fresh ticket into each page sent. The answer carries no ETag: a page is never answered 304, since the copy
 * a browser holds carries a ticket already redeemed.
 */
export function createPageLoadTickets(env: Env): PageLoadTickets {
  const secret = pageLoadSecretOf(env);
  const splits = new WeakMap<PreparedAnswer, SplitPage>();
  let read: { text: string; answer: PreparedAnswer } | null = null;
  const ticketed = (answer: PreparedAnswer): PreparedAnswer => {
    let split = splits.get(answer);
    if (!split) splits.set(answer, (split = splitPage(answer.body)));
    const meta = Buffer.from(`<meta name="${PAGE_LOAD_TICKET_META}" content="${issuePageLoadTicket(secret)}">`);
    const rest = Buffer.concat([meta, split.tail]);
    let body: Buffer | undefined;
    let gzipped: Buffer[] | undefined;
    // Made when asked for: a browser that takes gzip gets the spliced gzip only; the server writes the pieces.
    const gzippedPieces = () => (gzipped ??= gzipWith(split, rest));
    return {
      get body() {
        return (body ??= Buffer.concat([split.head, rest]));
      },
      etag: null,
      gzipped: () => Buffer.concat(gzippedPieces()),
      pieces: { body: [split.head, rest], gzipped: gzippedPieces },
    };
  };
  return {
    issue: () => issuePageLoadTicket(secret),
    ticketed,
    async pageAsRead(readText) {
      const text = await readText();
      if (read?.text !== text) read = { text, answer: preparedAnswer(text) };
      return ticketed(read.answer);
    },
  };
}
