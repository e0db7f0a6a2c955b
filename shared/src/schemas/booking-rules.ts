// No zod here: the storefront's first screens read these (the zod schemas stay out of the first load).

/**
 * Where a booking stands (decision 024). Only a booking waiting for payment can be paid, cancelled by its buyer or
 * declined by the seller; only a paid one can be handed over. When one buyer pays, the book's other waiting
 * bookings become sold to another buyer.
 */
export const BOOKING_STATUSES = [
  'waiting-for-payment',
  'paid',
  'cancelled-by-buyer',
  'declined',
  'sold-to-another-buyer',
  'handed-over',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Who takes a step of a booking: its buyer, the seller of its book, an admin, or the system: a payment the gateway
 * confirmed for this booking, or another booking of the same book being paid.
 */
export type BookingActor = 'buyer' | 'seller' | 'admin' | 'payment' | 'another-booking-paid';

/** One step of the booking process: from which statuses, to which, taken by whom. */
export interface BookingStep {
  from: readonly BookingStatus[];
  to: BookingStatus;
  by: BookingActor;
}

/**
 * The booking process as data (decision 054): every status change the server makes is one of these steps, and any
 * other change is refused. The screens offer a step's button from the same table.
 */
export const BOOKING_STEPS = {
  pay: { from: ['waiting-for-payment'], to: 'paid', by: 'payment' },
  'sell-to-another-buyer': { from: ['waiting-for-payment'], to: 'sold-to-another-buyer', by: 'another-booking-paid' },
  cancel: { from: ['waiting-for-payment'], to: 'cancelled-by-buyer', by: 'buyer' },
  decline: { from: ['waiting-for-payment'], to: 'declined', by: 'seller' },
  'hand-over': { from: ['paid'], to: 'handed-over', by: 'seller' },
} as const satisfies Record<string, BookingStep>;
export type BookingStepName = keyof typeof BOOKING_STEPS;
export const BOOKING_STEP_NAMES = Object.keys(BOOKING_STEPS) as BookingStepName[];

/** Whether a booking in `status` can take `step` (whoever may take it). */
export function stepOpensFrom(step: BookingStepName, status: BookingStatus): boolean {
  return (BOOKING_STEPS[step].from as readonly BookingStatus[]).includes(status);
}

/** The orders of My Orders and Booking Requests: newest booking first unless asked otherwise. */
export const BOOKING_SORTS = ['newest', 'oldest'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const DEFAULT_BOOKING_SORT: BookingSort = 'newest';

export const isBookingStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);

/** What people read for each status, on My Orders and Booking Requests alike. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  'waiting-for-payment': 'Waiting for payment',
  paid: 'Paid',
  'cancelled-by-buyer': 'Cancelled by buyer',
  declined: 'Declined',
  'sold-to-another-buyer': 'Sold to another buyer',
  'handed-over': 'Handed over',
};

/** Why a booking that is not waiting for payment cannot be paid (the payment screen says it instead of a card form). */
export const NOT_PAYABLE_REASONS: Record<Exclude<BookingStatus, 'waiting-for-payment'>, string> = {
  paid: 'This booking is already paid',
  'cancelled-by-buyer': 'You cancelled this booking, so there is nothing to pay',
  declined: 'The seller declined this booking, so it cannot be paid',
  'sold-to-another-buyer': 'This book is already sold',
  'handed-over': 'This booking is paid and the book was handed over',
};

/** A booking still open: waiting for payment, or paid and not yet handed over. Its buyer cannot book the book again. */
export function isOpenBooking(status: BookingStatus): boolean {
  return status === 'waiting-for-payment' || status === 'paid';
}

/** Whether booking `id` of a loaded list still has `status`; true while the list has not loaded. */
export function stillInStatus(
  bookings: readonly { _id: string; status: BookingStatus }[] | undefined,
  id: string,
  status: BookingStatus,
): boolean {
  if (!bookings) return true;
  return bookings.find((booking) => booking._id === id)?.status === status;
}

/** Whether booking `id` of a loaded list still waits for payment; true while the list has not loaded. */
export function stillWaitsForPayment(
  bookings: readonly { _id: string; status: BookingStatus }[] | undefined,
  id: string,
): boolean {
  return stillInStatus(bookings, id, 'waiting-for-payment');
}
