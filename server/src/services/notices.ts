import type { BookingRow } from '../repositories/bookings-repository';
import type { NewMail } from '../repositories/mail-outbox-repository';
import type { NewNotification } from '../repositories/notifications-repository';

/**
 * What each event of a booking's life tells whom (issue 21): one notification in the product, and for the
 * events a person must act on or keep (a new booking, a cancellation, a decline, a sale to another buyer, a
 * receipt) the same words by email. The texts live here only.
 */
export interface Notice {
  notification: NewNotification;
  email?: NewMail;
}

/** The booking's facts the texts need; a new booking has no id yet. */
type BookingFacts = Pick<
  BookingRow,
  'title' | 'buyerName' | 'buyerEmail' | 'phone' | 'meetingLocation' | 'price' | 'sellerName' | 'sellerPhone'
>;

/** The screens a notice links to: paths of the route table (shared/src/routing/paths.ts), which the server does not import. */
const ROUTES_FOR_NOTICES = {
  bookingRequests: '/dashboard/booking-requests',
  myOrders: '/dashboard/myorder',
  myProducts: '/dashboard/myproduct',
};

function withEmail(notification: NewNotification, toEmail: string): Notice {
  return {
    notification,
    email: {
      toEmail,
      subject: `Bookswap: ${notification.title}`,
      body: notification.body,
      link: notification.link,
    },
  };
}

export function newBookingNotice(booking: BookingFacts, seller: { id: string; email: string }): Notice {
  return withEmail(
    {
      userId: seller.id,
      kind: 'new-booking',
      title: `New booking: ${booking.title}`,
      body: `${booking.buyerName} booked ${booking.title} for $${booking.price}. Phone: ${booking.phone}. Meeting place: ${booking.meetingLocation}.`,
      link: ROUTES_FOR_NOTICES.bookingRequests,
    },
    seller.email,
  );
}

export function cancellationNotice(booking: BookingFacts, seller: { id: string; email: string }): Notice {
  return withEmail(
    {
      userId: seller.id,
      kind: 'booking-cancelled',
      title: `Booking cancelled: ${booking.title}`,
      body: `${booking.buyerName} cancelled their booking of ${booking.title}.`,
      link: ROUTES_FOR_NOTICES.bookingRequests,
    },
    seller.email,
  );
}

export function declineNotice(booking: BookingFacts, buyerId: string): Notice {
  return withEmail(
    {
      userId: buyerId,
      kind: 'booking-declined',
      title: `Booking declined: ${booking.title}`,
      body: `${booking.sellerName} declined your booking of ${booking.title}.`,
      link: ROUTES_FOR_NOTICES.myOrders,
    },
    booking.buyerEmail,
  );
}

export function soldToAnotherBuyerNotice(booking: BookingFacts, buyerId: string): Notice {
  return withEmail(
    {
      userId: buyerId,
      kind: 'sold-to-another-buyer',
      title: `Sold to another buyer: ${booking.title}`,
      body: `Another buyer paid for ${booking.title} first, so your booking cannot be paid.`,
      link: ROUTES_FOR_NOTICES.myOrders,
    },
    booking.buyerEmail,
  );
}

export function receiptNotice(booking: BookingFacts, buyerId: string): Notice {
  return withEmail(
    {
      userId: buyerId,
      kind: 'payment-receipt',
      title: `Payment received: ${booking.title}`,
      body: `You paid $${booking.price} for ${booking.title}. Meet ${booking.sellerName} (${booking.sellerPhone}) at ${booking.meetingLocation}.`,
      link: ROUTES_FOR_NOTICES.myOrders,
    },
    booking.buyerEmail,
  );
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
