import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  BOOKING_STEP_NAMES,
  BOOKING_STEPS,
  type BookingActor,
  type BookingStatus,
  type BookingStepName,
} from '@bookswap/shared/schemas';
import { newId } from '../db/ids';
import { bookings } from '../db/schema';
import { bookingById } from '../repositories/bookings-repository';
import { userById } from '../repositories/users-repository';
import { ADA_ADMIN, BEA_BUYER, call, SAM_SELLER, serverForThisFile, type Person } from '../testing/test-server';
import { takeBookingStep, type StepTaker } from './booking-process';

/**
 * The booking process as a table (decision 054): every step, from every status, taken by every actor. A cell moves
 * the booking exactly when the table has the step from that status for that actor; every other cell is refused
 * and leaves the booking as it was.
 */
const { server, buyer, seller, admin } = serverForThisFile({ buyer: BEA_BUYER, seller: SAM_SELLER, admin: ADA_ADMIN });

const ACTORS: BookingActor[] = ['buyer', 'seller', 'admin', 'payment', 'another-booking-paid'];

/** A booking of `buyer` of a book of `seller`, in `status`; each on a book of its own. */
async function bookingIn(status: BookingStatus): Promise<string> {
  const id = newId();
  await server.db.insert(bookings).values({
    id,
    productId: newId(),
    buyerId: buyer.id,
    buyerEmail: buyer.email,
    buyerName: buyer.name,
    title: 'The Process Book',
    imageUrl: 'https://example.test/cover.png',
    categoryName: 'Fiction',
    price: '12.50',
    priceCents: 1250,
    phone: '+880 1711 111111',
    meetingLocation: 'Library gate',
    bookedAtText: 'today',
    sellerId: seller.id,
    sellerName: seller.name,
    status,
    paid: status === 'paid' || status === 'handed-over',
  });
  return id;
}

async function takerFor(actor: BookingActor): Promise<StepTaker> {
  if (actor === 'payment' || actor === 'another-booking-paid') return { system: actor };
  const person: Person = { buyer, seller, admin }[actor];
  return { caller: { user: (await userById(server.db, person.id))!, uid: `uid-${person.email}` } };
}

const inTable = (step: BookingStepName, status: BookingStatus, actor: BookingActor) =>
  (BOOKING_STEPS[step].from as readonly BookingStatus[]).includes(status) && BOOKING_STEPS[step].by === actor;

const cells = BOOKING_STEP_NAMES.flatMap((step) =>
  BOOKING_STATUSES.flatMap((status) => ACTORS.map((actor) => [step, status, actor] as const)),
);

describe('the booking process', () => {
  it('has a step to every status but the one a booking starts in, each from a status some step reaches', () => {
    const reached = new Set(Object.values(BOOKING_STEPS).map((step) => step.to));
    expect([...reached].sort()).toEqual(BOOKING_STATUSES.filter((status) => status !== 'waiting-for-payment').sort());
    for (const step of Object.values(BOOKING_STEPS)) {
      for (const from of step.from) expect(from === 'waiting-for-payment' || reached.has(from)).toBe(true);
    }
  });

  it.each(cells)('%s from %s by %s', async (step, status, actor) => {
    const id = await bookingIn(status);
    const booking = (await bookingById(server.db, id))!;
    const taker = await takerFor(actor);
    const refusal = await server.db.transaction((tx) => takeBookingStep(tx, step, booking, taker));
    const after = (await bookingById(server.db, id))!;
    if (inTable(step, status, actor)) {
      expect({ refusal, status: after.status }).toEqual({ refusal: null, status: BOOKING_STEPS[step].to });
    } else {
      const why = BOOKING_STEPS[step].by === actor ? { refused: 'status', status } : { refused: 'actor' };
      expect({ refusal, status: after.status }).toEqual({ refusal: why, status });
    }
  });
});

/** The steps people take through the API: the same table, as the routes answer it. */
const ROUTES = {
  cancel: { path: 'cancel', wrongStatus: 'Only a booking waiting for payment can be cancelled' },
  decline: { path: 'decline', wrongStatus: 'Only a booking waiting for payment can be declined' },
  'hand-over': { path: 'handover', wrongStatus: 'Only a paid booking can be marked handed over' },
} as const;
const PEOPLE = ['buyer', 'seller', 'admin'] as const;
const routeCells = (Object.keys(ROUTES) as (keyof typeof ROUTES)[]).flatMap((step) =>
  BOOKING_STATUSES.flatMap((status) => PEOPLE.map((who) => [step, status, who] as const)),
);

describe('the steps people take, through the API', () => {
  it.each(routeCells)('%s from %s by %s', async (step, status, who) => {
    const id = await bookingIn(status);
    const answer = await call(server, 'PUT', `/api/booking/${ROUTES[step].path}/${id}`, {
      as: { buyer, seller, admin }[who],
    });
    const after = (await bookingById(server.db, id))!;
    if (inTable(step, status, who)) {
      expect({ status: answer.status, now: after.status }).toEqual({ status: 200, now: BOOKING_STEPS[step].to });
    } else if (BOOKING_STEPS[step].by !== who) {
      expect({ status: answer.status, now: after.status }).toEqual({ status: 403, now: status });
    } else {
      expect({ status: answer.status, body: answer.body, now: after.status }).toEqual({
        status: 409,
        body: { message: `${ROUTES[step].wrongStatus}; this one is ${BOOKING_STATUS_LABELS[status]}`, field: 'id' },
        now: status,
      });
    }
  });
});
