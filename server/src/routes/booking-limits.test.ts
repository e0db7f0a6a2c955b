import { eq, sql } from 'drizzle-orm';
import { BOOKING_LIMIT_DEFAULTS, readConfig } from '../config';
import { bookingDayCounts, bookings } from '../db/schema';
import { countMail } from '../repositories/mail-outbox-repository';
import {
  BEA_BUYER,
  BO_BUYER,
  call,
  givenBooking,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
  startAnotherInstance,
  type Person,
  type TestServer,
} from '../testing/test-server';

// Fifteen book-and-cancel rounds by one buyer on one book used to send its seller thirty emails. This file runs the
// product's own cool-down and a small daily cap.
const PER_DAY = 3;
const { server, seller, buyer, buyer2, buyer3, rebooker, other, lastPlace, dayLater } = serverForThisFile(
  {
    seller: SAM_SELLER,
    buyer: BEA_BUYER,
    buyer2: BO_BUYER,
    buyer3: { role: 'buyer', name: 'Cy Buyer' },
    rebooker: { role: 'buyer', name: 'Di Rebooker' },
    other: { role: 'buyer', name: 'Eve Otherbuyer' },
    lastPlace: { role: 'buyer', name: 'Fay Lastplace' },
    dayLater: { role: 'buyer', name: 'Gus Daylater' },
  },
  { bookingLimits: { perDay: PER_DAY, coolDownMinutes: BOOKING_LIMIT_DEFAULTS.coolDownMinutes } },
);

const book = (by: Person, productId: string, through: TestServer = server) =>
  call(through, 'POST', '/api/booking/create', {
    as: by,
    body: { category_id: productId, phone: '+880 1711 111111', meetingLocation: 'Library gate' },
  });

async function ordersOf(by: Person) {
  return (await call(server, 'GET', `/api/booking/list?email=${by.email}`, { as: by })).body as {
    _id: string;
    status: string;
  }[];
}

/**
 * Runs `send` while another booking of the buyer is being written (on PostgreSQL: a transaction holds their row of
 * today's count), and lets that one end only once `waiting` statements wait behind it: those start before any of them is
 * committed, the worst case of bookings sent at once. An instance sends one booking of a buyer at a time, so two
 * instances make two.
 */
async function whileTheBuyersQuotaIsBusy<T>(by: Person, send: () => Promise<T[]>, waiting: number): Promise<T[]> {
  let sent: Promise<T[]> | undefined;
  await server.db.transaction(async (tx) => {
    const held = (await tx.execute(
      sql`SELECT pg_backend_pid() AS pid FROM ${bookingDayCounts}
        WHERE ${bookingDayCounts.buyerEmail} = ${by.email} AND ${bookingDayCounts.day} = (now() AT TIME ZONE 'UTC')::date
        FOR UPDATE`,
    )) as unknown as { rows: { pid: number }[] };
    const holder = held.rows[0]!.pid;
    sent = send();
    // Awaited below, once this transaction has let go; until then a failure must not count as unhandled.
    sent.catch(() => undefined);
    for (;;) {
      // Those behind the holder, and those queued behind them for the same row; read outside the transaction, which
      // would see the activity as it stood at its first read.
      const behind = (await server.db.execute(
        sql`WITH RECURSIVE behind (pid) AS (
          SELECT pid FROM pg_stat_activity WHERE ${holder}::integer = ANY (pg_blocking_pids(pid))
          UNION SELECT waiter.pid FROM pg_stat_activity AS waiter JOIN behind ON behind.pid = ANY (pg_blocking_pids(waiter.pid))
        ) SELECT count(*)::int AS n FROM behind`,
      )) as unknown as { rows: { n: number }[] };
      if (behind.rows[0]!.n >= waiting) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return sent!;
}

describe('a buyer’s bookings a day', () => {
  it('past the day’s bookings a buyer gets a clear 429, nothing is stored and no one is mailed; parallel calls cannot slip past', async () => {
    const books = await Promise.all([1, 2, 3, 4, 5].map(() => givenProduct(server, seller)));
    const mailBefore = await countMail(server.db);
    const answers = await Promise.all(books.map((productId) => book(buyer, productId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body).toEqual({
      message: `You have made the ${PER_DAY} bookings a day allows; try again tomorrow`,
    });
    expect(await ordersOf(buyer)).toHaveLength(PER_DAY);
    expect((await countMail(server.db)).queued - mailBefore.queued).toBe(PER_DAY);
  });

  it('counts cancelled bookings too, and each buyer apart', async () => {
    const [first, second, third, fourth] = await Promise.all([1, 2, 3, 4].map(() => givenProduct(server, seller)));
    for (const productId of [first!, second!, third!]) {
      const id = await givenBooking(server, buyer2, productId);
      expect((await call(server, 'PUT', `/api/booking/cancel/${id}`, { as: buyer2 })).status).toBe(200);
    }
    expect((await book(buyer2, fourth!)).status).toBe(429);
    expect((await book(buyer3, fourth!)).status).toBe(201);
  });

  it('with one booking left, of bookings sent at once through two instances exactly one is made and mailed', async () => {
    for (let i = 1; i < PER_DAY; i++) await givenBooking(server, lastPlace, await givenProduct(server, seller));
    const books = await Promise.all([1, 2, 3, 4, 5, 6].map(() => givenProduct(server, seller)));
    const mailBefore = await countMail(server.db);
    const instance = await startAnotherInstance(server);
    try {
      const sendAll = () =>
        Promise.all(books.map((productId, i) => book(lastPlace, productId, i % 2 === 0 ? server : instance)));
      const answers = await (server.kind === 'postgres' ? whileTheBuyersQuotaIsBusy(lastPlace, sendAll, 2) : sendAll());
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    } finally {
      await instance.close();
    }
    expect(await ordersOf(lastPlace)).toHaveLength(PER_DAY);
    expect((await countMail(server.db)).queued - mailBefore.queued).toBe(1);
  });

  it('counts a calendar day (UTC): the bookings of the day before leave today’s places free', async () => {
    for (let i = 0; i < PER_DAY; i++) await givenBooking(server, dayLater, await givenProduct(server, seller));
    expect((await book(dayLater, await givenProduct(server, seller))).status).toBe(429);

    // The day's count as if it had been yesterday's.
    await server.db
      .update(bookingDayCounts)
      .set({ day: sql`${bookingDayCounts.day} - 1` })
      .where(eq(bookingDayCounts.buyerEmail, dayLater.email));

    for (let i = 0; i < PER_DAY; i++)
      expect((await book(dayLater, await givenProduct(server, seller))).status).toBe(201);
    expect((await book(dayLater, await givenProduct(server, seller))).status).toBe(429);
  });

  it('reads its figures from BOOKINGS_PER_DAY and BOOKING_COOL_DOWN_MINUTES', () => {
    expect(readConfig({}).bookingLimits).toEqual({ perDay: 10, coolDownMinutes: 60 });
    expect(readConfig({ BOOKINGS_PER_DAY: '4', BOOKING_COOL_DOWN_MINUTES: '0' }).bookingLimits).toEqual({
      perDay: 4,
      coolDownMinutes: 0,
    });
    expect(() => readConfig({ BOOKINGS_PER_DAY: '0' })).toThrow('BOOKINGS_PER_DAY must be a positive whole number');
  });
});

describe('booking again a book just cancelled', () => {
  it('waits the cool-down: a clear 429 meanwhile with nothing stored nor mailed, then books again', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Cooling Book' });
    const id = await givenBooking(server, rebooker, productId);
    expect((await call(server, 'PUT', `/api/booking/cancel/${id}`, { as: rebooker })).status).toBe(200);
    const mailBefore = await countMail(server.db);

    const again = await book(rebooker, productId);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({
      message: 'You cancelled your booking of this book a moment ago; you can book it again in 60 minutes',
      field: 'category_id',
    });
    expect(
      (await ordersOf(rebooker)).filter((order) => order._id === id || order.status === 'waiting-for-payment'),
    ).toEqual([expect.objectContaining({ _id: id, status: 'cancelled-by-buyer' })]);
    expect(await countMail(server.db)).toEqual(mailBefore);

    // Another book is not held back, nor another buyer of this one.
    expect((await book(rebooker, await givenProduct(server, seller))).status).toBe(201);
    expect((await book(other, productId)).status).toBe(201);

    // An hour after the cancellation, the book can be booked again.
    await server.db
      .update(bookings)
      .set({ cancelledAt: sql`now() - interval '61 minutes'` })
      .where(eq(bookings.id, id));
    expect((await book(rebooker, productId)).status).toBe(201);
  });
});
