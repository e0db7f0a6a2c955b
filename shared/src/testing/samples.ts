import type { SignedInIdentity } from '@bookswap/contract/auth';
import type {
  AuditEntry,
  Booking,
  BookingPage,
  BookingReviews,
  MyProduct,
  Notification,
  Product,
  ProductWithContact,
  Report,
  Role,
  User,
} from '../schemas';
import type { FakeAnswer, FakeCall } from './fake-api';

let next = 1;

/** The signed-in identity each role's tests use; emails match the demo accounts' pattern. */
export const sampleIdentities: Record<Role, SignedInIdentity> = {
  buyer: { uid: 'buyer-uid', displayName: 'Bea Buyer', photoURL: null, email: 'buyer@bookswap.test' },
  seller: { uid: 'seller-uid', displayName: 'Sam Seller', photoURL: null, email: 'seller@bookswap.test' },
  admin: { uid: 'admin-uid', displayName: 'Ada Admin', photoURL: null, email: 'admin@bookswap.test' },
};

/** A product as the public lists send it (no contact details); tests override only what their story is about. */
export function sampleProduct(overrides: Partial<Product> = {}): Product {
  const n = next++;
  return {
    _id: `p${n}`,
    book_name: `Sample Book ${n}`,
    author_name: 'Jane Author',
    category_id: '1',
    category_name: 'Nobel',
    description: 'A well kept copy.',
    original_price: '20',
    resale_price: '12',
    Year_of_use: '2',
    book_condition: 'Good',
    img: `http://api.test/images/p${n}.png`,
    location: 'Main Street Library',
    sellerId: 'u-sam-seller',
    sellerName: 'Sam Seller',
    verify: true,
    paid: false,
    addADS: false,
    report: 'false',
    date: 'November 1, 2026 at 10:00 AM',
    ...overrides,
  };
}

/** A product with the seller's contact details, as the details call answers a signed-in caller and My Product lists. */
export function sampleProductWithContact(overrides: Partial<ProductWithContact> = {}): ProductWithContact {
  return { ...sampleProduct(), phone: '+1 555 0100', sellerEmail: 'seller@bookswap.test', ...overrides };
}

/** One of the seller's own listings as `GET /api/product/list` sends it: shown, unless the overrides hide it. */
export function sampleMyProduct(overrides: Partial<MyProduct> = {}): MyProduct {
  return { ...sampleProductWithContact(), hidden: false, hiddenReasons: [], ...overrides };
}

/** A booking as `GET /api/booking/list` sends it. */
export function sampleBooking(overrides: Partial<Booking> = {}): Booking {
  const n = next++;
  return {
    _id: `b${n}`,
    bookDate: 'November 2, 2026 at 3:30 PM',
    bookedAt: '2026-11-02T15:30:00.000Z',
    category_name: 'Nobel',
    category_id: `p${n}`,
    buyerName: 'Bea Buyer',
    buyerEmail: 'buyer@bookswap.test',
    user_uid: 'buyer-uid',
    book_name: `Booked Book ${n}`,
    img: `http://api.test/images/p${n}.png`,
    price: '12',
    phone: '+1 555 0101',
    meetingLocation: 'Central Station',
    paid: false,
    status: 'waiting-for-payment',
    sellerName: 'Sam Seller',
    sellerPhone: '+1 555 0199',
    ...overrides,
  };
}

/** A page of bookings as `GET /api/booking/orders` and `/api/booking/requests` send it. */
export function sampleBookingPage(bookings: Booking[], more: { count?: number; waiting?: number } = {}): BookingPage {
  return {
    bookings,
    count: more.count ?? bookings.length,
    waiting: more.waiting ?? bookings.filter((booking) => booking.status === 'waiting-for-payment').length,
  };
}

/**
 * The page a call asks of `rows` (its `status`, `page` and `size`, as the server reads them; rows in the order given,
 * the server's newest first): an answer for `GET /api/booking/orders` and `/api/booking/requests`.
 */
export function answerBookingPage(rows: Booking[], call: FakeCall): FakeAnswer {
  const params = call.url.searchParams;
  const status = params.get('status');
  const size = Number(params.get('size') ?? 5);
  const page = Number(params.get('page') ?? 0);
  const found = status ? rows.filter((row) => row.status === status) : rows;
  return {
    body: sampleBookingPage(found.slice(page * size, (page + 1) * size), {
      count: found.length,
      waiting: rows.filter((row) => row.status === 'waiting-for-payment').length,
    }),
  };
}

/** A notification as `GET /api/notification/list` sends it. */
export function sampleNotification(overrides: Partial<Notification> = {}): Notification {
  const n = next++;
  return {
    _id: `n${n}`,
    kind: 'new-booking',
    title: `New booking: Booked Book ${n}`,
    body: 'Bea Buyer, +1 555 0101, meets at Central Station',
    link: '/dashboard/booking-requests',
    read: false,
    createdAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

/** A user record as the admin lists receive it. */
export function sampleUser(overrides: Partial<User> = {}): User {
  const n = next++;
  return {
    _id: `u${n}`,
    userName: `User ${n}`,
    userEmail: `user${n}@bookswap.test`,
    role: 'buyer',
    verify: false,
    ...overrides,
  };
}

/** A report as `GET /api/report/list` sends it: open until an admin hides or dismisses it. */
export function sampleReport(overrides: Partial<Report> = {}): Report {
  const n = next++;
  return {
    _id: `r${n}`,
    reason: 'High Price',
    reporterName: 'Bea Buyer',
    productName: `Reported Book ${n}`,
    productId: `p${n}`,
    uid: 'buyer-uid',
    report: false,
    status: 'open',
    ...overrides,
  };
}

/** An audit-log entry as `GET /api/audit/list` sends it. */
export function sampleAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const n = next++;
  return {
    _id: `a${n}`,
    action: 'verify',
    actorEmail: 'admin@bookswap.test',
    actorName: 'Ada Admin',
    targetType: 'user',
    targetId: `u${n}`,
    targetName: `Seller ${n}`,
    at: '2026-11-02T15:30:00.000Z',
    ...overrides,
  };
}

/** A handed-over booking's reviews as its buyer first sees them: Sam Seller's, nothing written yet, 14 days to go. */
export function sampleBookingReviews(overrides: Partial<BookingReviews> = {}): BookingReviews {
  return {
    bookingId: 'b1',
    book_name: 'Gitanjali',
    party: 'buyer',
    otherName: 'Sam Seller',
    windowEndsAt: '2026-11-16T15:30:00.000Z',
    canWrite: true,
    visible: false,
    mine: null,
    theirsWritten: false,
    theirs: null,
    ...overrides,
  };
}
