import { formatDateTimeUtc, formatPrice } from '@bookswap/shared/schemas';
import type { BookingRow } from '../repositories/bookings-repository';
import type { NewMail } from '../repositories/mail-outbox-repository';
import type { NewNotification } from '../repositories/notifications-repository';

/**
 * What each event of a booking's life tells whom (decisions 024 and 063): one notification in the product, and for the
 * events a person must act on or keep (a new booking, a cancellation, a decline, a sale to another buyer, a
 * receipt, a paid booking to hand over, a hand-over) the same words by email. The texts live here only.
 */
export interface Notice {
  notification: NewNotification;
  email?: NewMail;
}

/** The booking's facts the texts need; a new booking has no id nor time yet (it is being made now). */
type BookingFacts = Pick<
  BookingRow,
  'title' | 'buyerName' | 'buyerEmail' | 'phone' | 'meetingLocation' | 'price' | 'sellerName' | 'sellerPhone'
> & { createdAt?: Date };

/** A receipt's facts: the booking's, and the gateway's id of the charge (product.md §3, Payment record). */
type PaymentFacts = BookingFacts & { transactionId: string };

/** The screens a notice links to: the route table's paths (contract/src/routing/paths.ts), which the server does not import. */
const ROUTES_FOR_NOTICES = {
  bookingRequests: '/dashboard/booking-requests',
  myOrders: '/dashboard/myorder',
  myProducts: '/dashboard/myproduct',
};

/** Where a booking's notice goes: the person's id, and the address its email goes to. */
interface Recipient {
  id: string;
  email: string;
}

type BookingEvent =
  | 'new-booking'
  | 'booking-cancelled'
  | 'booking-declined'
  | 'sold-to-another-buyer'
  | 'payment-receipt'
  | 'booking-paid'
  | 'handed-over';

type FactsOf<K extends BookingEvent> = K extends 'payment-receipt' ? PaymentFacts : BookingFacts;

interface BookingText<K extends BookingEvent> {
  title: string;
  body(booking: FactsOf<K>): string;
  link: string;
}

/** Each booking event's words, once: the notification shows them, and its email says the same. */
const BOOKING_TEXTS: { [K in BookingEvent]: BookingText<K> } = {
  'new-booking': {
    title: 'New booking',
    body: (b) =>
      `${b.buyerName} booked ${b.title} for ${formatPrice(b.price)}. Phone: ${b.phone}. Meeting place: ${b.meetingLocation}.`,
    link: ROUTES_FOR_NOTICES.bookingRequests,
  },
  'booking-cancelled': {
    title: 'Booking cancelled',
    body: (b) => `${b.buyerName} cancelled their booking of ${b.title}.`,
    link: ROUTES_FOR_NOTICES.bookingRequests,
  },
  'booking-declined': {
    title: 'Booking declined',
    body: (b) => `${b.sellerName} declined your booking of ${b.title}.`,
    link: ROUTES_FOR_NOTICES.myOrders,
  },
  'sold-to-another-buyer': {
    title: 'Sold to another buyer',
    body: (b) => `Another buyer paid for ${b.title} first, so your booking cannot be paid.`,
    link: ROUTES_FOR_NOTICES.myOrders,
  },
  'payment-receipt': {
    title: 'Payment received',
    body: (b) =>
      `You paid ${formatPrice(b.price)} for ${b.title}. Transaction id: ${b.transactionId}. ` +
      `Meet ${b.sellerName} (${b.sellerPhone}) at ${b.meetingLocation}.`,
    link: ROUTES_FOR_NOTICES.myOrders,
  },
  'booking-paid': {
    title: 'Booking paid',
    body: (b) =>
      `${b.title} is paid: hand it over to ${b.buyerName}. They paid ${formatPrice(b.price)}. ` +
      `Phone: ${b.phone}. Meeting place: ${b.meetingLocation}.`,
    link: ROUTES_FOR_NOTICES.bookingRequests,
  },
  'handed-over': {
    title: 'Handed over',
    body: (b) => `${b.title} was handed over to you by ${b.sellerName}.`,
    link: ROUTES_FOR_NOTICES.myOrders,
  },
};

/** Longest a buyer's meeting place runs in a notice and its email: a place to meet, not a letter. */
export const MEETING_PLACE_IN_NOTICE_MAX = 80;
/** Longest a person's name runs in a notice and its email. */
export const NAME_IN_NOTICE_MAX = 60;

/**
 * A person's own words as a notice carries them, by email from the product's own sender to someone else's inbox:
 * one plain line, no markup, no control or invisible format characters (line breaks, bidirectional overrides), no
 * links, at most `max` characters. The booking itself keeps what the buyer wrote, for the screens.
 */
export function plainText(text: string, max: number): string {
  const plain = text
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\b[a-z][a-z\d+.-]*:\/\/\S*|\bwww\.\S*/gi, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(plain);
  return characters.length > max
    ? `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : plain;
}

/** What of a booking's facts came from people's own words, made plain and bounded. */
function plainFacts<F extends BookingFacts>(booking: F): F {
  return {
    ...booking,
    buyerName: plainText(booking.buyerName, NAME_IN_NOTICE_MAX),
    sellerName: plainText(booking.sellerName, NAME_IN_NOTICE_MAX),
    meetingLocation: plainText(booking.meetingLocation, MEETING_PLACE_IN_NOTICE_MAX) || 'see the booking',
  };
}

function bookingNotice<K extends BookingEvent>(kind: K, facts: FactsOf<K>, to: Recipient): Notice {
  const text: BookingText<K> = BOOKING_TEXTS[kind];
  const booking = plainFacts(facts);
  const notification = {
    userId: to.id,
    kind,
    title: `${text.title}: ${booking.title}`,
    body: text.body(booking),
    link: text.link,
  };
  return {
    notification,
    email: {
      toEmail: to.email,
      subject: `Bookswap: ${notification.title}`,
      // The bell writes its own time in the reader's zone; an email cannot know the zone, so it names UTC.
      body: `${notification.body}\nBooked on ${formatDateTimeUtc(booking.createdAt ?? new Date())}.`,
      link: text.link,
    },
  };
}

export const newBookingNotice = (booking: BookingFacts, seller: Recipient): Notice =>
  bookingNotice('new-booking', booking, seller);

export const cancellationNotice = (booking: BookingFacts, seller: Recipient): Notice =>
  bookingNotice('booking-cancelled', booking, seller);

export const declineNotice = (booking: BookingFacts, buyerId: string): Notice =>
  bookingNotice('booking-declined', booking, { id: buyerId, email: booking.buyerEmail });

export const soldToAnotherBuyerNotice = (booking: BookingFacts, buyerId: string): Notice =>
  bookingNotice('sold-to-another-buyer', booking, { id: buyerId, email: booking.buyerEmail });

export const receiptNotice = (payment: PaymentFacts, buyerId: string): Notice =>
  bookingNotice('payment-receipt', payment, { id: buyerId, email: payment.buyerEmail });

export const bookingPaidNotice = (booking: BookingFacts, seller: Recipient): Notice =>
  bookingNotice('booking-paid', booking, seller);

export const handedOverNotice = (booking: BookingFacts, buyerId: string): Notice =>
  bookingNotice('handed-over', booking, { id: buyerId, email: booking.buyerEmail });

/**
 * The email telling a party of a booking of messages they have not read (at most one per thread every ten minutes,
 * services/message-mail.ts). It never carries the messages' words: those are read on the booking's screen.
 */
export function unreadMessagesEmail(
  booking: Pick<BookingRow, 'title'>,
  to: { email: string; party: 'buyer' | 'seller' },
  from: { name: string },
  unread: number,
): NewMail {
  const messages = unread === 1 ? '1 new message' : `${unread} new messages`;
  return {
    toEmail: to.email,
    subject: `Bookswap: ${messages} about ${booking.title}`,
    body:
      `${plainText(from.name, NAME_IN_NOTICE_MAX)} wrote to you about ${booking.title}: ${messages} unread. ` +
      'Open the booking to read and answer.',
    link: to.party === 'buyer' ? ROUTES_FOR_NOTICES.myOrders : ROUTES_FOR_NOTICES.bookingRequests,
  };
}

export function listingHiddenNotice(listing: { title: string }, sellerId: string, reasons: string[]): Notice {
  return {
    notification: {
      userId: sellerId,
      kind: 'listing-hidden',
      title: `Listing hidden: ${listing.title}`,
      body: `An admin hid ${listing.title} after a report. Reason: ${reasons.join(', ') || 'not given'}.`,
      link: ROUTES_FOR_NOTICES.myProducts,
    },
  };
}

export function listingDeletedNotice(listing: { title: string }, sellerId: string): Notice {
  return {
    notification: {
      userId: sellerId,
      kind: 'listing-deleted',
      title: `Listing deleted: ${listing.title}`,
      body: `An admin deleted your listing of ${listing.title}.`,
      link: ROUTES_FOR_NOTICES.myProducts,
    },
  };
}

/** Whom a review notice goes to: one party of a hand-over, and the screen where they write it. */
export interface ReviewRecipient extends Recipient {
  party: 'buyer' | 'seller';
}

/**
 * The invitation each party of a hand-over gets, once (written with the hand-over), and the one reminder to a party
 * who has not written a few days before the window ends (services/review-reminders.ts): a notification and an email.
 */
export function reviewNotice(
  kind: 'review-invite' | 'review-reminder',
  booking: Pick<BookingRow, 'title' | 'buyerName' | 'sellerName'>,
  to: ReviewRecipient,
  windowEndsAt: Date,
): Notice {
  const other = plainText(to.party === 'buyer' ? booking.sellerName : booking.buyerName, NAME_IN_NOTICE_MAX);
  const until = formatDateTimeUtc(windowEndsAt);
  const link = to.party === 'buyer' ? ROUTES_FOR_NOTICES.myOrders : ROUTES_FOR_NOTICES.bookingRequests;
  const notification = {
    userId: to.id,
    kind,
    title:
      kind === 'review-invite' ? `Review ${other}: ${booking.title}` : `Reminder: review ${other} for ${booking.title}`,
    body:
      `${booking.title} was handed over. Leave a review of ${other} until ${until}; ` +
      'each review shows once you have both written, or when that time is up.',
    link,
  };
  return {
    notification,
    email: { toEmail: to.email, subject: `Bookswap: ${notification.title}`, body: notification.body, link },
  };
}

/** A book of a saved search's digest: the seller's words, made plain as any notice's. */
export interface DigestBook {
  title: string;
  author: string;
  resalePrice: string;
  condition: string;
}

const TITLE_IN_DIGEST_MAX = 120;

/**
 * A saved search's digest (decision 035): one notification and one email naming up to SAVED_SEARCH_DIGEST_MAX new
 * books and counting the rest, linking to the book list showing the search, with a one-click unsubscribe link.
 */
export function savedSearchDigestNotice(
  search: { userId: string; email: string; label: string; listQuery: string },
  books: DigestBook[],
  total: number,
  unsubscribeUrl: string,
): Notice {
  const count = total === 1 ? '1 new book' : `${total} new books`;
  const label = plainText(search.label, TITLE_IN_DIGEST_MAX);
  const lines = books.map(
    (book) =>
      `- ${plainText(book.title, TITLE_IN_DIGEST_MAX)} by ${plainText(book.author, NAME_IN_NOTICE_MAX)}, ` +
      `${plainText(book.resalePrice, 20)}, ${book.condition}`,
  );
  const more = total > books.length ? [`…and ${total - books.length} more.`] : [];
  const link = `/booklist?${search.listQuery}`;
  return {
    notification: {
      userId: search.userId,
      kind: 'saved-search-match',
      title: `${count} for your saved search`,
      body: `${count} match ${label}.`,
      link,
    },
    email: {
      toEmail: search.email,
      subject: `Bookswap: ${count} for ${label}`,
      body: [
        `${count} match your saved search ${label}:`,
        '',
        ...lines,
        ...more,
        '',
        `To stop these emails for this search, open ${unsubscribeUrl}`,
      ].join('\n'),
      link,
      unsubscribeUrl,
    },
  };
}
