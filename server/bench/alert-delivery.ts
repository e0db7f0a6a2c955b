// bench:load's saved-search figure (decision 035): how long a new listing takes to reach the buyers
// whose saved search it matches, as an email, while the load runs. A few buyers save searches through the API
// before the load; a seller lists matching books through the API at intervals during it; the server's own alerts job
// (SAVED_SEARCH_POLL_MS, 60 s unless set) matches them and queues the digests, and its mail worker delivers them to
// the run's SMTP sink. Each listing's time runs from its 201 to the first digest naming its title that reaches its
// buyer.
import { sql } from 'drizzle-orm';
import { accessTokens } from '../src/auth/access-token';
import { DatabaseImageStore } from '../src/images/image-store';
import type { DatabaseHandle } from '../src/db/database';
import { drawCover } from '../src/seed/cover-image';
import type { CaughtMail, MailCatcher } from '../src/testing/mail-catcher';
import { percentile, round1 } from './bench-setup';
import { send, type Buyer, type Target } from './buyer-journey';

/** Decision 035's promise: a matching new listing reaches the email within five minutes. */
export const TARGET_ALERT_SECONDS = 5 * 60;
/** One search term each: a listing names one term, so its digest goes to one buyer (whichever round it falls in). */
const SEARCH_TERMS = ['alertfinch', 'alertheron', 'alertlark', 'alertwren'] as const;
const COVER = 'bench-alert-cover.png';
// A seller of its own: the bench's two seeded sellers already hold far more than LISTINGS_PER_DAY's day of listings.
const SELLER = {
  userId: 'benchalertseller',
  email: 'alert-seller@example.test',
  uid: 'benchalertseller',
  role: 'seller',
} as const;

/** A listing the seller made during the run, the buyer whose saved search it matches, and when its 201 came. */
export interface AlertListing {
  title: string;
  holderEmail: string;
  createdAt: number;
}

/** A saved-search holder: the buyer and its search term. */
interface Holder {
  email: string;
  term: string;
}

export interface AlertDelivery {
  pollMs: number;
  listedEverySeconds: number;
  listings: number;
  /** Listings whose digest arrived before the bench stopped waiting. */
  arrived: number;
  p50Seconds: number;
  p95Seconds: number;
  maxSeconds: number;
  /** Seconds the bench waited after the load for digests still due. */
  waitedAfterLoadSeconds: number;
  /** Listings the seller's API refused (each an error of the figure, not of the load's steps). */
  listingErrors: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each listing's delay (ms): its 201 to the first email to its buyer, caught after it, that names its title. */
export function deliveryDelays(listings: readonly AlertListing[], mails: readonly CaughtMail[]): (number | null)[] {
  return listings.map((listing) => {
    const arrival = mails
      .filter(
        (mail) =>
          mail.receivedAt >= listing.createdAt &&
          mail.to.includes(listing.holderEmail) &&
          mail.text.split('\n').some((line) => line.startsWith(`- ${listing.title} by `)),
      )
      .reduce<number | null>(
        (first, mail) => (first === null ? mail.receivedAt : Math.min(first, mail.receivedAt)),
        null,
      );
    return arrival === null ? null : arrival - listing.createdAt;
  });
}

/** How many arrived and their p50/p95/max in seconds (one decimal); NaN for an empty figure. */
export function deliverySummary(delays: readonly (number | null)[]) {
  const arrived = delays.filter((delay): delay is number => delay !== null).sort((a, b) => a - b);
  const seconds = (ms: number) => round1(ms / 1000);
  return {
    listings: delays.length,
    arrived: arrived.length,
    p50Seconds: seconds(percentile(arrived, 50)),
    p95Seconds: seconds(percentile(arrived, 95)),
    maxSeconds: seconds(arrived.length ? arrived[arrived.length - 1]! : NaN),
  };
}

/** Met when every listing's email arrived within TARGET_ALERT_SECONDS. */
export function alertTargetMet(summary: { listings: number; arrived: number; maxSeconds: number }): boolean {
  return summary.listings > 0 && summary.arrived === summary.listings && summary.maxSeconds <= TARGET_ALERT_SECONDS;
}

/** The holders' saved searches, through the API as the book list saves them. */
export async function saveAlertSearches(target: Target, buyers: readonly Buyer[]): Promise<Holder[]> {
  const holders = SEARCH_TERMS.map((term, i) => ({ buyer: buyers[i]!, term }));
  for (const { buyer, term } of holders) {
    const answer = await send(target, '/api/saved-search', {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ search: term }),
    });
    if (answer.status !== 201) throw new Error(`saved search refused: ${answer.status} ${answer.text}`);
  }
  return holders.map(({ buyer, term }) => ({ email: buyer.email, term }));
}

/**
 * The seller lists one book every `everyMs` until `deadline`, through POST /api/product/create, each naming the next
 * holder's term; the cover is put in the server's image store first, as an upload would have.
 */
export async function listAlertBooks(
  run: { handle: DatabaseHandle; secret: string; target: Target },
  holders: readonly Holder[],
  deadline: number,
  everyMs: number,
): Promise<{ listings: AlertListing[]; errors: string[] }> {
  await run.handle.db.execute(
    sql`INSERT INTO users (id, email, name, role, verified) VALUES (${SELLER.userId}, ${SELLER.email}, 'Bench Alert Seller', 'seller', true)`,
  );
  await new DatabaseImageStore(run.handle.db).keep(COVER, drawCover(1, 8, 8), 'image/png');
  const token = await accessTokens(run.secret, 3600 * 2).issue(SELLER);
  // The server's default PUBLIC_URL: a cover is accepted only under it.
  const img = `http://localhost:${run.target.port}/images/${COVER}`;
  const listings: AlertListing[] = [];
  const errors: string[] = [];
  for (let n = 1; Date.now() + everyMs / 2 < deadline; n++) {
    await sleep(everyMs / 2);
    const holder = holders[(n - 1) % holders.length]!;
    const title = `${holder.term[0]!.toUpperCase()}${holder.term.slice(1)} listing ${String(n).padStart(3, '0')}`;
    const answer = await send(run.target, '/api/product/create', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        book_name: title,
        author_name: 'Bench Author',
        category_id: '2',
        description: 'Listed during bench:load for its saved-search alert.',
        original_price: '20',
        resale_price: '12.50',
        Year_of_use: '2',
        book_condition: 'Good',
        img,
        phone: '+880 1711 000000',
        location: 'Dhaka',
      }),
    }).catch((error: unknown) => ({ status: 0, text: String(error) }));
    if (answer.status === 201) listings.push({ title, holderEmail: holder.email, createdAt: Date.now() });
    else errors.push(`${title}: ${answer.status} ${answer.text.slice(0, 200)}`);
    await sleep(everyMs / 2);
  }
  return { listings, errors };
}

/** Waits until every listing's digest arrived, or `timeoutMs`; answers the seconds waited. */
export async function waitForAlertEmails(
  catcher: MailCatcher,
  listings: readonly AlertListing[],
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (deliveryDelays(listings, catcher.mails).some((delay) => delay === null) && Date.now() - started < timeoutMs) {
    await sleep(1000);
  }
  return round1((Date.now() - started) / 1000);
}

export function alertLine(figure: AlertDelivery): string {
  return (
    `alert emails: ${figure.arrived} of ${figure.listings} listings' digests arrived; listing 201 to email ` +
    `p50 ${figure.p50Seconds} s, p95 ${figure.p95Seconds} s, max ${figure.maxSeconds} s ` +
    `(SAVED_SEARCH_POLL_MS ${figure.pollMs}, a listing every ${figure.listedEverySeconds} s during the load, ` +
    `waited ${figure.waitedAfterLoadSeconds} s after it)` +
    (figure.listingErrors.length ? `; ${figure.listingErrors.length} listings refused: ${figure.listingErrors[0]}` : '')
  );
}
