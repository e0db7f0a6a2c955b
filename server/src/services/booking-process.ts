import {
  BOOKING_STATUS_LABELS,
  BOOKING_STEPS,
  stepOpensFrom,
  type BookingActor,
  type BookingStepName,
  type UpdateResult,
} from '@bookswap/shared/schemas';
import type { Database, Transaction } from '../db/database';
import { conflict, forbidden, notFound } from '../errors/http-error';
import {
  bookingById,
  bookingByIdForUpdate,
  moveBookings,
  type BookingRow,
  type BookingsToMove,
  type BookingStamps,
  type BookingStatus,
} from '../repositories/bookings-repository';
import type { SignedInCaller } from './callers';
import {
  bookingPaidNotice,
  cancellationNotice,
  declineNotice,
  handedOverNotice,
  receiptNotice,
  reviewNotice,
  soldToAnotherBuyerNotice,
  type Notice,
} from './notices';
import { notify, sellerOf } from './notify';
import { reviewWindowEnd } from './review-window';

/**
 * Every status change of a booking goes through here: the step is looked up in the shared table (BOOKING_STEPS),
 * one not in it is refused, and the move is one statement guarded by the step's from-statuses (decision 054).
 */

/** Who takes a step: a signed-in person (as whichever parties of the booking they are), or the system. */
export type StepTaker = { caller: SignedInCaller } | { system: 'payment' | 'another-booking-paid' };

/** Why a step was not taken: the taker may not take it, or the booking is in a status it does not start from. */
export type StepRefusal = { refused: 'actor' } | { refused: 'status'; status: BookingStatus };

/** The actors a taker is for this booking: a person may be its buyer, its book's seller and an admin at once. */
export function actorsOf(booking: BookingRow, taker: StepTaker): BookingActor[] {
  if ('system' in taker) return [taker.system];
  const { user } = taker.caller;
  return [
    ...(booking.buyerEmail === user.email ? (['buyer'] as const) : []),
    ...(booking.sellerId === user.id ? (['seller'] as const) : []),
    ...(user.role === 'admin' ? (['admin'] as const) : []),
  ];
}

/** Whether the table lets this taker take `step` on this booking as it is now; null when it does. */
export function stepRefusal(step: BookingStepName, booking: BookingRow, taker: StepTaker): StepRefusal | null {
  if (!actorsOf(booking, taker).includes(BOOKING_STEPS[step].by)) return { refused: 'actor' };
  if (!stepOpensFrom(step, booking.status)) return { refused: 'status', status: booking.status };
  return null;
}

/** What a step's notices may need beyond the booking: the receipt names the payment's transaction id. */
interface StepFacts {
  transactionId?: string;
}

/** What each step does on the server besides the status: what it stamps and whom it tells. */
interface StepEffects {
  stamps?(): BookingStamps;
  notices(booking: BookingRow, tx: Transaction, facts: StepFacts & { stamps: BookingStamps }): Promise<Notice[]>;
}

const STEP_EFFECTS: Record<BookingStepName, StepEffects> = {
  pay: {
    stamps: () => ({ paid: true }),
    // The buyer's receipt and the seller's word to hand the book over (docs/decisions/063).
    notices: async (booking, tx, { transactionId }) => {
      const seller = await sellerOf(tx, booking);
      return [
        ...(booking.buyerId
          ? [receiptNotice({ ...booking, transactionId: transactionId ?? '' }, booking.buyerId)]
          : []),
        ...(seller ? [bookingPaidNotice(booking, seller)] : []),
      ];
    },
  },
  'sell-to-another-buyer': {
    notices: async (booking) => (booking.buyerId ? [soldToAnotherBuyerNotice(booking, booking.buyerId)] : []),
  },
  cancel: {
    // The rebooking cool-down counts from here (services/booking-limits.ts).
    stamps: () => ({ cancelledAt: new Date() }),
    notices: async (booking, tx) => {
      const seller = await sellerOf(tx, booking);
      return seller ? [cancellationNotice(booking, seller)] : [];
    },
  },
  decline: {
    notices: async (booking) => (booking.buyerId ? [declineNotice(booking, booking.buyerId)] : []),
  },
  // The buyer is told, and both parties are invited to review each other within the window (decision 034). The
  // status moves once, so each party is invited once.
  'hand-over': {
    stamps: () => ({ handedOverAt: new Date() }),
    notices: async (booking, tx, { stamps }) => {
      const windowEndsAt = reviewWindowEnd(stamps.handedOverAt ?? new Date());
      const seller = await sellerOf(tx, booking);
      return [
        ...(booking.buyerId
          ? [
              handedOverNotice(booking, booking.buyerId),
              reviewNotice(
                'review-invite',
                booking,
                { id: booking.buyerId, email: booking.buyerEmail, party: 'buyer' },
                windowEndsAt,
              ),
            ]
          : []),
        ...(seller ? [reviewNotice('review-invite', booking, { ...seller, party: 'seller' }, windowEndsAt)] : []),
      ];
    },
  },
};

/**
 * Moves the bookings `which` names that are in one of `step`'s from-statuses, in the caller's transaction; answers
 * the bookings moved, as they are now, and the notices they owe, which the caller writes with its event.
 */
async function move(
  tx: Transaction,
  step: BookingStepName,
  which: BookingsToMove,
  facts: StepFacts = {},
): Promise<{ moved: BookingRow[]; notices: Notice[] }> {
  const { from, to } = BOOKING_STEPS[step];
  const effects = STEP_EFFECTS[step];
  const stamps = effects.stamps?.() ?? {};
  const moved = await moveBookings(tx, which, { from, to, also: stamps });
  const notices = (await Promise.all(moved.map((row) => effects.notices(row, tx, { ...facts, stamps })))).flat();
  return { moved, notices };
}

/**
 * Takes `step` on one booking, locked by the caller in `tx`, for `taker`; answers why not when the table refuses
 * it. Moves and notices are written here.
 */
export async function takeBookingStep(
  tx: Transaction,
  step: BookingStepName,
  booking: BookingRow,
  taker: StepTaker,
  facts: StepFacts = {},
  alsoTold: (moved: BookingRow) => Promise<Notice[]> = async () => [],
): Promise<StepRefusal | null> {
  const refusal = stepRefusal(step, booking, taker);
  if (refusal) return refusal;
  const { moved, notices } = await move(tx, step, { id: booking.id }, facts);
  const [row] = moved;
  // Under the caller's row lock nothing else moves it; should it have moved anyway, the table judges what it is now.
  if (!row) {
    const now = await bookingById(tx, booking.id);
    return { refused: 'status', status: now?.status ?? booking.status };
  }
  await notify(tx, [...notices, ...(await alsoTold(row))]);
  return null;
}

/** The answers of the steps people take: 403 when not theirs, 409 naming the status when it does not start there. */
const PEOPLES_STEPS = {
  cancel: {
    refusal: 'You can only cancel your own bookings',
    wrongStatus: 'Only a booking waiting for payment can be cancelled',
  },
  decline: {
    refusal: 'You can only decline bookings of your own books',
    wrongStatus: 'Only a booking waiting for payment can be declined',
  },
  'hand-over': {
    refusal: 'You can only hand over your own books',
    wrongStatus: 'Only a paid booking can be marked handed over',
  },
} as const satisfies Partial<Record<BookingStepName, { refusal: string; wrongStatus: string }>>;
export type PeoplesStep = keyof typeof PEOPLES_STEPS;

/**
 * One transaction: the booking's row is locked, the caller's right and the booking's status are checked on what it
 * holds now against the table, the status moves and the notices are written with it.
 */
export function changeBooking(
  db: Database,
  caller: SignedInCaller,
  id: string,
  step: PeoplesStep,
): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    const booking = await bookingByIdForUpdate(tx, id);
    if (!booking) throw notFound('No booking with this id');
    const refusal = await takeBookingStep(tx, step, booking, { caller });
    if (refusal?.refused === 'actor') throw forbidden(PEOPLES_STEPS[step].refusal);
    if (refusal) {
      throw conflict(`${PEOPLES_STEPS[step].wrongStatus}; this one is ${BOOKING_STATUS_LABELS[refusal.status]}`, 'id');
    }
    return { acknowledged: true, modifiedCount: 1 };
  });
}

/**
 * Records that `booking` (locked by the caller in `tx`) is paid by the gateway's charge `transactionId`: it moves
 * to paid, and the book's other waiting bookings are sold to another buyer, their buyers told, in this same
 * transaction (docs/decisions/024). Answers why not when the table refuses the payment.
 */
export function payBooking(tx: Transaction, booking: BookingRow, transactionId: string): Promise<StepRefusal | null> {
  return takeBookingStep(tx, 'pay', booking, { system: 'payment' }, { transactionId }, async () => {
    const soldElsewhere = await move(tx, 'sell-to-another-buyer', { productId: booking.productId, except: booking.id });
    return soldElsewhere.notices;
  });
}
