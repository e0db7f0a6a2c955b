import { auditKeys } from './audit';
import { bookingKeys } from './bookings';
import type { NotificationKind } from '../schemas';
import { listsConcernedBy, notificationKeys } from './notifications';
import { productKeys } from './products';
import { releaseKeys } from './releases';
import { reportKeys } from './reports';
import { userKeys } from './users';
import { writes } from './writes';

/** One cached answer of every GET the screens keep, named by the list a person sees. */
const LISTS = {
  'book list': productKeys.bookList({ search: '', page: 0, size: 5 }),
  'category page': productKeys.category('2'),
  'book details': productKeys.detail('p1'),
  'home page ads': productKeys.advertised(),
  'My Product': productKeys.mine('seller@example.test'),
  'My Orders': bookingKeys.orders('buyer@example.test', { page: 0, size: 5 }),
  '"Booked by you"': bookingKeys.mine('buyer@example.test'),
  'payment screen': bookingKeys.detail('b1'),
  'Booking Requests': bookingKeys.requests('seller@example.test', { status: 'paid' }),
  Notifications: notificationKeys.mine('buyer@example.test'),
  'All Seller / All Buyer': userKeys.byRole('seller'),
  'user records': userKeys.list(),
  'Report table': reportKeys.list(),
  'Audit Log': auditKeys.list(),
  Releases: releaseKeys.overview(),
};
const PRODUCT_LISTS = ['book list', 'category page', 'book details', 'home page ads', 'My Product'];
const BOOKING_LISTS = ['My Orders', '"Booked by you"', 'payment screen', 'Booking Requests'];

/** The lists a write refetches: every cached key one of its stale filters matches. */
const refetchedBy = (name: keyof typeof writes) =>
  Object.entries(LISTS)
    .filter(([, key]) => writes[name].stale.some((matches) => matches(key)))
    .map(([list]) => list);

describe('each write names exactly the lists that show what it changes', () => {
  it.each<[keyof typeof writes, string[]]>([
    ['createProduct', PRODUCT_LISTS],
    ['advertiseProduct', PRODUCT_LISTS],
    ['deleteProduct', PRODUCT_LISTS],
    // Bookings keep the name and price they copied; the admin's log shows the edit.
    ['editProduct', [...PRODUCT_LISTS, 'Audit Log']],
    ['createBooking', BOOKING_LISTS],
    ['createPaymentRecord', [...PRODUCT_LISTS, ...BOOKING_LISTS, 'Notifications']],
    ['cancelBooking', BOOKING_LISTS],
    ['declineBooking', BOOKING_LISTS],
    ['markBookingHandedOver', BOOKING_LISTS],
    ['markNotificationRead', ['Notifications']],
    ['markAllNotificationsRead', ['Notifications']],
    ['createReport', [...PRODUCT_LISTS, 'Report table']],
    ['hideReportedProduct', [...PRODUCT_LISTS, 'Report table', 'Audit Log']],
    ['dismissReport', [...PRODUCT_LISTS, 'Report table', 'Audit Log']],
    ['verifySeller', [...PRODUCT_LISTS, 'All Seller / All Buyer', 'user records', 'Audit Log']],
    ['deleteUser', [...PRODUCT_LISTS, 'All Seller / All Buyer', 'user records', 'Audit Log']],
    ['rollBackRelease', ['Releases']],
  ])('%s refetches %j', (name, lists) => {
    expect(refetchedBy(name).sort()).toEqual([...lists].sort());
  });

  it('every write is in the table above', () => {
    expect(Object.keys(writes).sort()).toEqual(
      [
        'createProduct',
        'advertiseProduct',
        'deleteProduct',
        'editProduct',
        'createBooking',
        'createPaymentRecord',
        'cancelBooking',
        'declineBooking',
        'markBookingHandedOver',
        'markNotificationRead',
        'markAllNotificationsRead',
        'createReport',
        'hideReportedProduct',
        'dismissReport',
        'verifySeller',
        'deleteUser',
        'rollBackRelease',
      ].sort(),
    );
  });
});

describe('a new notification refetches the lists it concerns (issue 36)', () => {
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
