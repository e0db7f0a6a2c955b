import { and, eq } from 'drizzle-orm';
import type { Booking, BookingPage, NotificationList } from '@bookswap/shared/schemas';
import {
  ADA_ADMIN,
  BEA_BUYER,
  BO_BUYER,
  call,
  givenBooking,
  givenProduct,
  NIA_NEWSELLER,
  payForBooking,
  SAM_SELLER,
  serverForThisFile,
  VALID_PRODUCT,
  type Person,
} from '../testing/test-server';
import { mailOutbox } from '../db/schema';
import { countMail } from '../repositories/mail-outbox-repository';

const { server, seller, otherSeller, buyer, buyer2, admin } = serverForThisFile({
  seller: SAM_SELLER,
  otherSeller: NIA_NEWSELLER,
  buyer: BEA_BUYER,
  buyer2: BO_BUYER,
  admin: ADA_ADMIN,
});

/** The newest 20 of the seller's requests: enough for the bookings a test has just made. */
async function requestsOf(who: Person): Promise<Booking[]> {
  return (await pageOf(who, '/api/booking/requests?size=20')).bookings;
}

async function pageOf(who: Person, url: string): Promise<BookingPage> {
  const answer = await call(server, 'GET', url, { as: who });
  expect(answer.status).toBe(200);
  return answer.body as BookingPage;
}

/** An email says what the notification says, and when the booking was made, in UTC since it cannot know the zone. */
const emailSaying = (body: string) => {
  const escaped = body.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return expect.stringMatching(
    new RegExp(`^${escaped}\\nBooked on [A-Z][a-z]+ \\d{1,2}, \\d{4} at \\d{1,2}:\\d\\d [AP]M UTC\\.$`),
  );
};

async function notificationsOf(who: Person): Promise<NotificationList> {
  const answer = await call(server, 'GET', '/api/notification/list', { as: who });
  expect(answer.status).toBe(200);
  return answer.body as NotificationList;
}

async function orderOf(who: Person, bookingId: string): Promise<Booking> {
  const answer = await call(server, 'GET', `/api/booking/list?email=${who.email}`, { as: who });
  return (answer.body as Booking[]).find((booking) => booking._id === bookingId)!;
}

/** Intent, card and payment record, as the checkout screen sends them. */
const pay = (who: Person, bookingId: string, productId: string, price?: string) =>
  payForBooking(server, who, bookingId, productId, price);

/** The emails queued for `to` with this subject, as the mail worker will send them. */
const outboxTo = (to: string, subject: string) =>
  server.db
    .select({ body: mailOutbox.body, link: mailOutbox.link })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toEmail, to), eq(mailOutbox.subject, subject)));

describe('a booking reaches its seller', () => {
  it('the seller sees the request with the buyer’s phone and meeting place, a notification and an email queued', async () => {
    const mailBefore = await countMail(server.db);
    const unreadBefore = (await notificationsOf(seller)).unread;
    const productId = await givenProduct(server, seller, { book_name: 'Request Book' });
    const booked = await call(server, 'POST', '/api/booking/create', {
      as: buyer,
      body: { category_id: productId, phone: '+880 1711 222333', meetingLocation: 'North gate, 5 pm' },
    });
    expect(booked.status).toBe(201);

    const [request] = (await requestsOf(seller)).filter((row) => row.category_id === productId);
    expect(request).toMatchObject({
      _id: booked.body.insertedId,
      book_name: 'Request Book',
      buyerName: buyer.name,
      phone: '+880 1711 222333',
      meetingLocation: 'North gate, 5 pm',
      price: VALID_PRODUCT.resale_price,
      status: 'waiting-for-payment',
      paid: false,
      sellerName: seller.name,
      sellerPhone: VALID_PRODUCT.phone,
    });
    expect((await requestsOf(otherSeller)).some((row) => row.category_id === productId)).toBe(false);

    const told = await notificationsOf(seller);
    expect(told.unread).toBe(unreadBefore + 1);
    expect(told.notifications[0]).toMatchObject({
      kind: 'new-booking',
      title: 'New booking: Request Book',
      body: expect.stringContaining('+880 1711 222333'),
      link: '/dashboard/booking-requests',
      read: false,
    });
    expect(told.notifications[0]!.body).toContain('North gate, 5 pm');
    expect(await countMail(server.db)).toEqual({ queued: mailBefore.queued + 1, delivered: 0 });
  });

  it('lists the newest request first', async () => {
    const older = await givenProduct(server, seller);
    const newer = await givenProduct(server, seller);
    await givenBooking(server, buyer, older);
    await givenBooking(server, buyer, newer);
    const ids = (await requestsOf(seller)).map((row) => row.category_id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
  });
});

describe('cancel, decline and hand over: who may, and when', () => {
  it('the buyer cancels a booking waiting for payment; the seller is told; no one else may', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Cancelled Book' });
    const bookingId = await givenBooking(server, buyer, productId);
    expect((await call(server, 'PUT', `/api/booking/cancel/${bookingId}`, { as: buyer2 })).status).toBe(403);
    expect((await call(server, 'PUT', `/api/booking/cancel/${bookingId}`, { as: seller })).status).toBe(403);
    const cancelled = await call(server, 'PUT', `/api/booking/cancel/${bookingId}`, { as: buyer });
    expect(cancelled).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: 1 } });
    expect(await orderOf(buyer, bookingId)).toMatchObject({ status: 'cancelled-by-buyer', paid: false });
    expect((await notificationsOf(seller)).notifications[0]).toMatchObject({
      kind: 'booking-cancelled',
      title: 'Booking cancelled: Cancelled Book',
    });
    const again = await call(server, 'PUT', `/api/booking/cancel/${bookingId}`, { as: buyer });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Only a booking waiting for payment can be cancelled; this one is Cancelled by buyer',
    );
    // A cancelled booking cannot be paid, and the buyer may book the book again.
    expect((await pay(buyer, bookingId, productId)).body.message).toBe(
      'You cancelled this booking, so there is nothing to pay',
    );
    expect(
      (
        await call(server, 'POST', '/api/booking/create', {
          as: buyer,
          body: { category_id: productId, phone: '+880 1711 222333', meetingLocation: 'Gate' },
        })
      ).status,
    ).toBe(201);
  });

  it('only the book’s seller declines; the buyer sees Declined, is told, and cannot pay', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Declined Book' });
    const bookingId = await givenBooking(server, buyer, productId);
    expect((await call(server, 'PUT', `/api/booking/decline/${bookingId}`, { as: otherSeller })).status).toBe(403);
    expect((await call(server, 'PUT', `/api/booking/decline/${bookingId}`, { as: buyer })).status).toBe(403);
    expect((await call(server, 'PUT', `/api/booking/decline/${bookingId}`, { as: admin })).status).toBe(403);
    const declined = await call(server, 'PUT', `/api/booking/decline/${bookingId}`, { as: seller });
    expect(declined.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await orderOf(buyer, bookingId)).status).toBe('declined');
    expect((await notificationsOf(buyer)).notifications[0]).toMatchObject({
      kind: 'booking-declined',
      link: '/dashboard/myorder',
    });
    const intent = await call(server, 'POST', '/api/payment/create/intent', {
      as: buyer,
      body: { price: VALID_PRODUCT.resale_price, bookingid: bookingId },
    });
    expect(intent).toMatchObject({
      status: 409,
      body: { message: 'The seller declined this booking, so it cannot be paid', field: 'bookingid' },
    });
  });

  it('a paid booking is handed over by its seller only; a waiting one cannot be', async () => {
    const productId = await givenProduct(server, seller);
    const bookingId = await givenBooking(server, buyer, productId);
    const early = await call(server, 'PUT', `/api/booking/handover/${bookingId}`, { as: seller });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only a paid booking can be marked handed over; this one is Waiting for payment');
    expect((await pay(buyer, bookingId, productId)).status).toBe(201);
    expect((await call(server, 'PUT', `/api/booking/decline/${bookingId}`, { as: seller })).status).toBe(409);
    expect((await call(server, 'PUT', `/api/booking/cancel/${bookingId}`, { as: buyer })).status).toBe(409);
    expect((await call(server, 'PUT', `/api/booking/handover/${bookingId}`, { as: otherSeller })).status).toBe(403);
    const handed = await call(server, 'PUT', `/api/booking/handover/${bookingId}`, { as: seller });
    expect(handed.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await orderOf(buyer, bookingId)).toMatchObject({ status: 'handed-over', paid: true });
  });

  it('answers 404 for a booking that does not exist', async () => {
    expect((await call(server, 'PUT', '/api/booking/cancel/no-such-booking', { as: buyer })).status).toBe(404);
  });
});

describe('one payment settles the book', () => {
  it('the other buyer’s booking becomes Sold to another buyer, cannot be paid, and both buyers are told', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Contested Book' });
    const first = await givenBooking(server, buyer, productId);
    const second = await givenBooking(server, buyer2, productId);
    const mailBefore = await countMail(server.db);
    expect((await pay(buyer, first, productId)).status).toBe(201);

    expect(await orderOf(buyer, first)).toMatchObject({ status: 'paid', paid: true });
    expect(await orderOf(buyer2, second)).toMatchObject({ status: 'sold-to-another-buyer', paid: false });
    const statuses = (await requestsOf(seller))
      .filter((row) => row.category_id === productId)
      .map((row) => row.status)
      .sort();
    expect(statuses).toEqual(['paid', 'sold-to-another-buyer']);

    const refused = await call(server, 'POST', '/api/payment/create/intent', {
      as: buyer2,
      body: { price: VALID_PRODUCT.resale_price, bookingid: second },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This book is already sold');

    expect((await notificationsOf(buyer)).notifications[0]).toMatchObject({
      kind: 'payment-receipt',
      title: 'Payment received: Contested Book',
      body: expect.stringContaining(seller.name),
    });
    expect((await notificationsOf(buyer2)).notifications[0]).toMatchObject({ kind: 'sold-to-another-buyer' });
    // The receipt, the seller's word to hand the book over and the sold-elsewhere email, queued with the payment.
    expect((await countMail(server.db)).queued).toBe(mailBefore.queued + 3);
  });
});

describe('a paid booking and its hand-over', () => {
  it('the seller is told the book is paid and to hand it over to the buyer, in the product and by email', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Paid Book', resale_price: '8' });
    const bookingId = await givenBooking(server, buyer, productId);
    expect((await notificationsOf(seller)).notifications[0]!.body).toContain(`booked Paid Book for $8.00.`);
    expect((await pay(buyer, bookingId, productId, '8')).status).toBe(201);

    const sentence = `Paid Book is paid: hand it over to ${buyer.name}.`;
    const told = (await notificationsOf(seller)).notifications[0];
    expect(told).toMatchObject({
      kind: 'booking-paid',
      title: 'Booking paid: Paid Book',
      body: expect.stringContaining(sentence),
      link: '/dashboard/booking-requests',
      read: false,
    });
    // What the seller needs to hand it over: the amount as the screens write it, the buyer's phone, the place.
    expect(told!.body).toContain('They paid $8.00. Phone: +880 1711 111111. Meeting place: Library gate.');
    expect(await outboxTo(seller.email, 'Bookswap: Booking paid: Paid Book')).toEqual([
      { body: emailSaying(told!.body), link: '/dashboard/booking-requests' },
    ]);
  });

  it('the buyer’s receipt names the amount as the screens do and the transaction id, in the product and by email', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Receipt Book', resale_price: '8' });
    const bookingId = await givenBooking(server, buyer, productId);
    const paid = await pay(buyer, bookingId, productId, '8');
    expect(paid.status).toBe(201);
    expect(paid.transactionId).toMatch(/^pi_/);

    const receipt = (await notificationsOf(buyer)).notifications[0];
    expect(receipt).toMatchObject({ kind: 'payment-receipt', title: 'Payment received: Receipt Book' });
    expect(receipt!.body).toContain(`You paid $8.00 for Receipt Book. Transaction id: ${paid.transactionId}.`);
    expect(await outboxTo(buyer.email, 'Bookswap: Payment received: Receipt Book')).toEqual([
      { body: emailSaying(receipt!.body), link: '/dashboard/myorder' },
    ]);
  });

  it('the buyer is told, in the product and by email, once the seller hands the book over', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Handed Book' });
    const bookingId = await givenBooking(server, buyer, productId);
    expect((await pay(buyer, bookingId, productId)).status).toBe(201);
    const mailBefore = await countMail(server.db);
    expect((await call(server, 'PUT', `/api/booking/handover/${bookingId}`, { as: seller })).status).toBe(200);

    const told = (await notificationsOf(buyer)).notifications;
    expect(told.find((notice) => notice.kind === 'handed-over')).toMatchObject({
      kind: 'handed-over',
      title: 'Handed over: Handed Book',
      body: `Handed Book was handed over to you by ${seller.name}.`,
      link: '/dashboard/myorder',
      read: false,
    });
    expect(await outboxTo(buyer.email, 'Bookswap: Handed over: Handed Book')).toEqual([
      { body: emailSaying(`Handed Book was handed over to you by ${seller.name}.`), link: '/dashboard/myorder' },
    ]);
    // And each party's invitation to review the other (decision 034): three emails in all.
    expect(told.filter((notice) => notice.title === `Review ${seller.name}: Handed Book`)).toHaveLength(1);
    expect((await countMail(server.db)).queued).toBe(mailBefore.queued + 3);
  });
});

describe('My Orders and Booking Requests a page at a time', () => {
  it('lists a buyer’s own orders newest first, a page at a time, with the booking time and the counts', async () => {
    const ids: string[] = [];
    for (const name of ['Paged One', 'Paged Two', 'Paged Three']) {
      ids.push(await givenBooking(server, buyer2, await givenProduct(server, otherSeller, { book_name: name })));
    }
    const first = await pageOf(buyer2, '/api/booking/orders?size=5');
    expect(first.bookings.slice(0, 3).map((row) => row.book_name)).toEqual(['Paged Three', 'Paged Two', 'Paged One']);
    expect(first.bookings.every((row) => row.buyerEmail === buyer2.email)).toBe(true);
    expect(Date.parse(first.bookings[0]!.bookedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(first.count).toBeGreaterThanOrEqual(3);
    expect(first.waiting).toBeGreaterThanOrEqual(3);

    // One at a time: the pages follow each other without a gap or an overlap.
    const pages = await Promise.all([0, 1, 2].map((page) => pageOf(buyer2, `/api/booking/orders?size=5&page=${page}`)));
    const seen = pages.flatMap((page) => page.bookings.map((row) => row._id));
    expect(new Set(seen).size).toBe(seen.length);
    const oldest = await pageOf(buyer2, '/api/booking/orders?size=20&sort=oldest');
    expect(oldest.bookings.map((row) => row._id).filter((id) => ids.includes(id))).toEqual(ids);
  });

  it('filters by status, counting only what the filter finds', async () => {
    const productId = await givenProduct(server, otherSeller, { book_name: 'Filtered Book' });
    const bookingId = await givenBooking(server, buyer, productId);
    expect((await call(server, 'PUT', `/api/booking/cancel/${bookingId}`, { as: buyer })).status).toBe(200);
    const cancelled = await pageOf(buyer, '/api/booking/orders?status=cancelled-by-buyer&size=20');
    expect(cancelled.bookings.map((row) => row._id)).toContain(bookingId);
    expect(cancelled.bookings.every((row) => row.status === 'cancelled-by-buyer')).toBe(true);
    expect(cancelled.count).toBe(cancelled.bookings.length);
    const requests = await pageOf(otherSeller, '/api/booking/requests?status=cancelled-by-buyer&size=20');
    expect(requests.bookings.map((row) => row._id)).toContain(bookingId);
    const waiting = await pageOf(otherSeller, '/api/booking/requests?status=waiting-for-payment&size=20');
    expect(waiting.bookings.map((row) => row._id)).not.toContain(bookingId);
    expect(waiting.count).toBe(waiting.waiting);
  });

  it('refuses a page, size, status or order it does not know, naming the field', async () => {
    for (const [query, field] of [
      ['size=7', 'size'],
      ['page=-1', 'page'],
      ['status=lost', 'status'],
      ['sort=cheapest', 'sort'],
      ['page=5000&size=20', 'page'],
    ]) {
      const answer = await call(server, 'GET', `/api/booking/orders?${query}`, { as: buyer });
      expect(answer).toMatchObject({ status: 400, body: { field } });
      expect((await call(server, 'GET', `/api/booking/requests?${query}`, { as: seller })).status).toBe(400);
    }
  });
});

describe('notifications', () => {
  it('Mark all read marks every one of the caller’s own read, and no one else’s', async () => {
    const productId = await givenProduct(server, seller);
    await givenBooking(server, buyer, productId);
    await givenBooking(server, buyer2, productId);
    await call(
      server,
      'PUT',
      `/api/booking/cancel/${await givenBooking(server, buyer, await givenProduct(server, otherSeller))}`,
      {
        as: buyer,
      },
    );
    const sellerUnread = (await notificationsOf(seller)).unread;
    const otherUnread = (await notificationsOf(otherSeller)).unread;
    expect(sellerUnread).toBeGreaterThanOrEqual(2);
    expect(otherUnread).toBeGreaterThanOrEqual(1);

    const marked = await call(server, 'PUT', '/api/notification/read-all', { as: seller });
    expect(marked).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: sellerUnread } });
    const after = await notificationsOf(seller);
    expect(after.unread).toBe(0);
    expect(after.notifications.every((row) => row.read)).toBe(true);
    expect((await notificationsOf(otherSeller)).unread).toBe(otherUnread);
    expect((await call(server, 'PUT', '/api/notification/read-all', { as: seller })).body).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    });
  });

  it('opening one marks it read once, for its owner only', async () => {
    const productId = await givenProduct(server, seller);
    await givenBooking(server, buyer2, productId);
    const { notifications, unread } = await notificationsOf(seller);
    const newest = notifications[0]!;
    expect((await call(server, 'PUT', `/api/notification/read/${newest._id}`, { as: buyer })).status).toBe(403);
    const read = await call(server, 'PUT', `/api/notification/read/${newest._id}`, { as: seller });
    expect(read.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    const after = await notificationsOf(seller);
    expect(after.unread).toBe(unread - 1);
    expect(after.notifications[0]).toMatchObject({ _id: newest._id, read: true });
    expect((await call(server, 'PUT', `/api/notification/read/${newest._id}`, { as: seller })).body).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    });
  });

  it('tells the seller when an admin hides their reported listing, with the reason, or deletes it', async () => {
    const hiddenId = await givenProduct(server, seller, { book_name: 'Hidden Book' });
    await call(server, 'POST', '/api/report/create', {
      as: buyer,
      body: { productId: hiddenId, reason: 'High Price' },
    });
    expect((await call(server, 'PUT', `/api/report/update/${hiddenId}`, { as: admin })).status).toBe(200);
    expect((await notificationsOf(seller)).notifications[0]).toMatchObject({
      kind: 'listing-hidden',
      title: 'Listing hidden: Hidden Book',
      body: expect.stringContaining('High Price'),
    });
    const deletedId = await givenProduct(server, seller, { book_name: 'Deleted Book' });
    expect((await call(server, 'DELETE', `/api/product/delete/${deletedId}`, { as: admin })).status).toBe(200);
    expect((await notificationsOf(seller)).notifications[0]).toMatchObject({
      kind: 'listing-deleted',
      title: 'Listing deleted: Deleted Book',
    });
  });
});
