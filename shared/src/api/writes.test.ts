import type { ApiQuery } from './api-query';
import { auditQueries } from './audit';
import { messageQueries } from './booking-messages';
import { bookingQueries } from './bookings';
import type { NotificationKind } from '../schemas';
import { listsConcernedBy, notificationQueries } from './notifications';
import { productQueries } from './products';
import { releaseQueries } from './releases';
import { reportQueries } from './reports';
import { reviewQueries } from './reviews';
import { savedSearchQueries } from './saved-searches';
import { userQueries } from './users';
import { writes } from './writes';

type WriteName = keyof typeof writes;

/** What a screen reads (one query of an api file), named by what a person sees, and every write that changes it. */
interface ScreenRead {
  list: string;
  read: ApiQuery<unknown>;
  changedBy: readonly WriteName[];
}

/** One row per query of an api file's `...Queries`: TypeScript and the first test below refuse a missing one. */
type Rows<Queries> = { readonly [Name in keyof Queries]: ScreenRead };

// A listing's record feeds every product list: what the seller or a payment changes, what moderation hides, and the
// seller's tick and name that a user's record gives.
const PRODUCT_WRITES: WriteName[] = [
  'createProduct',
  'advertiseProduct',
  'editProduct',
  'deleteProduct',
  'createPaymentRecord',
  'createReport',
  'hideReportedProduct',
  'dismissReport',
  'verifySeller',
  'deleteUser',
];
// Bookings keep the name and price they copied: only booking writes and the payment change them.
const BOOKING_WRITES: WriteName[] = [
  'createBooking',
  'createPaymentRecord',
  'cancelBooking',
  'declineBooking',
  'markBookingHandedOver',
];
const USER_WRITES: WriteName[] = ['verifySeller', 'deleteUser'];

/** Every query a screen reads (`useApiQuery`, and its loader's `preloadQuery`), by the api file that makes it. */
const SCREEN_READS: {
  products: Rows<typeof productQueries>;
  bookings: Rows<typeof bookingQueries>;
  users: Rows<typeof userQueries>;
  reports: Rows<typeof reportQueries>;
  audit: Rows<typeof auditQueries>;
  notifications: Rows<typeof notificationQueries>;
  releases: Rows<typeof releaseQueries>;
  messages: Rows<typeof messageQueries>;
  reviews: Rows<typeof reviewQueries>;
  savedSearches: Rows<typeof savedSearchQueries>;
} = {
  products: {
    bookList: {
      list: 'book list and category page',
      read: productQueries.bookList({ search: '', page: 0, size: 5 }),
      changedBy: PRODUCT_WRITES,
    },
    detail: { list: 'book details', read: productQueries.detail('p1'), changedBy: PRODUCT_WRITES },
    advertised: { list: 'home page ads', read: productQueries.advertised(), changedBy: PRODUCT_WRITES },
    mine: { list: 'My Product', read: productQueries.mine('seller@example.test'), changedBy: PRODUCT_WRITES },
  },
  bookings: {
    orders: {
      list: 'My Orders',
      read: bookingQueries.orders('buyer@example.test', { page: 0, size: 5 }),
      changedBy: BOOKING_WRITES,
    },
    mine: { list: '"Booked by you"', read: bookingQueries.mine('buyer@example.test'), changedBy: BOOKING_WRITES },
    detail: { list: 'payment screen', read: bookingQueries.detail('b1'), changedBy: BOOKING_WRITES },
    requests: {
      list: 'Booking Requests',
      read: bookingQueries.requests('seller@example.test', { status: 'paid' }),
      changedBy: BOOKING_WRITES,
    },
  },
  users: {
    byRole: { list: 'All Seller / All Buyer', read: userQueries.byRole('seller'), changedBy: USER_WRITES },
    record: {
      list: 'seller’s own user id',
      read: userQueries.record('seller@example.test'),
      changedBy: USER_WRITES,
    },
  },
  reports: {
    list: {
      list: 'Report table',
      read: reportQueries.list(),
      changedBy: ['createReport', 'hideReportedProduct', 'dismissReport'],
    },
  },
  audit: {
    list: {
      list: 'Audit Log',
      read: auditQueries.list(),
      changedBy: [
        'editProduct',
        'hideReportedProduct',
        'hideReview',
        'dismissReport',
        'verifySeller',
        'deleteUser',
        'rollBackRelease',
      ],
    },
  },
  notifications: {
    mine: {
      list: 'Notifications',
      read: notificationQueries.mine('buyer@example.test'),
      changedBy: [
        'createPaymentRecord',
        'markNotificationRead',
        'markAllNotificationsRead',
        // The bell's answer carries the unread messages (decision 030).
        'markBookingThreadRead',
      ],
    },
  },
  releases: { overview: { list: 'Releases', read: releaseQueries.overview(), changedBy: ['rollBackRelease'] } },
  messages: {
    // Reading it zeroes the thread's own unread count as well as the rows'.
    thread: {
      list: 'a booking’s thread',
      read: messageQueries.thread('b1'),
      changedBy: ['sendBookingMessage', 'markBookingThreadRead'],
    },
    unread: {
      list: 'the rows’ Messages counts',
      read: messageQueries.unread('buyer@example.test'),
      changedBy: ['markBookingThreadRead'],
    },
    reports: { list: 'Reported Messages', read: messageQueries.reports(), changedBy: ['reportBookingMessage'] },
    // A report is what lets an admin read the thread.
    reportedThread: {
      list: 'a reported thread',
      read: messageQueries.reportedThread('b1'),
      changedBy: ['reportBookingMessage'],
    },
  },
  reviews: {
    booking: {
      list: 'a booking’s reviews',
      read: reviewQueries.booking('b1'),
      changedBy: ['writeBookingReview', 'hideReview'],
    },
    // A review shows on the seller's page once both wrote; a hidden one leaves it.
    seller: {
      list: 'a seller’s reviews',
      read: reviewQueries.seller('u1'),
      changedBy: ['writeBookingReview', 'hideReview'],
    },
    // Its rating moves with the reviews shown.
    sellerProfile: {
      list: 'a seller’s page',
      read: reviewQueries.sellerProfile('u1'),
      changedBy: ['writeBookingReview', 'hideReview'],
    },
    admin: { list: 'Reviews (admin)', read: reviewQueries.admin(), changedBy: ['writeBookingReview', 'hideReview'] },
  },
  savedSearches: {
    mine: {
      list: 'Saved Searches',
      read: savedSearchQueries.mine('buyer@example.test'),
      changedBy: ['saveSearch', 'deleteSavedSearch'],
    },
  },
};

const API_FILES = {
  products: productQueries,
  bookings: bookingQueries,
  users: userQueries,
  reports: reportQueries,
  audit: auditQueries,
  notifications: notificationQueries,
  releases: releaseQueries,
  messages: messageQueries,
  reviews: reviewQueries,
  savedSearches: savedSearchQueries,
};

const READS: ScreenRead[] = Object.values(SCREEN_READS).flatMap((rows) => Object.values<ScreenRead>(rows));
const LISTS = Object.fromEntries(READS.map(({ list, read }) => [list, read.key]));

/** The lists a write refetches: every screen-read key one of its stale filters matches. */
const refetchedBy = (name: WriteName) =>
  READS.filter(({ read }) => writes[name].stale.some((matches) => matches(read.key))).map(({ list }) => list);

describe('what screens read, and the writes that change it', () => {
  it.each(Object.keys(API_FILES) as (keyof typeof API_FILES)[])(
    'every query of the %s api file that a screen reads has a row above',
    (file) => {
      expect(Object.keys(SCREEN_READS[file]).sort()).toEqual(Object.keys(API_FILES[file]).sort());
    },
  );

  it.each(READS.map((row) => [row.list, row] as const))(
    'the %s refetches after every write that changes it',
    (_, { read, changedBy }) => {
      const missing = changedBy.filter((name) => !writes[name].stale.some((matches) => matches(read.key)));
      // A write named here whose table leaves the list out: the screen would show what the write changed only later.
      expect(missing).toEqual([]);
    },
  );

  it.each(Object.keys(writes) as WriteName[])('%s refetches only lists it changes, and changes some', (name) => {
    const changes = READS.filter(({ changedBy }) => changedBy.includes(name)).map(({ list }) => list);
    expect(changes).not.toEqual([]);
    expect(refetchedBy(name).sort()).toEqual(changes.sort());
  });

  it('each list has one key, of its own', () => {
    const keys = READS.map(({ read }) => JSON.stringify(read.key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a new notification refetches the lists it concerns', () => {
  const BOOKING_LISTS = Object.values(SCREEN_READS.bookings).map(({ list }) => list);
  const refetchedFor = (...kinds: NotificationKind[]) =>
    Object.entries(LISTS)
      .filter(([, key]) => listsConcernedBy(kinds).some((matches) => matches(key)))
      .map(([list]) => list)
      .sort();

  it.each<[NotificationKind, string[]]>([
    ['new-booking', BOOKING_LISTS],
    ['booking-cancelled', BOOKING_LISTS],
    ['booking-declined', BOOKING_LISTS],
    ['sold-to-another-buyer', BOOKING_LISTS],
    ['payment-receipt', BOOKING_LISTS],
    ['booking-paid', [...BOOKING_LISTS, 'My Product']],
    ['handed-over', BOOKING_LISTS],
    ['listing-hidden', ['My Product']],
    ['listing-deleted', ['My Product']],
  ])('%s refetches %j', (kind, lists) => {
    expect(refetchedFor(kind)).toEqual([...lists].sort());
  });

  it('names each list once for several notifications, and none for none', () => {
    expect(refetchedFor('new-booking', 'booking-cancelled', 'listing-hidden')).toEqual(
      [...BOOKING_LISTS, 'My Product'].sort(),
    );
    expect(listsConcernedBy([])).toEqual([]);
  });
});
