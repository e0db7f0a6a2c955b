import { asc, eq } from 'drizzle-orm';
import { bookingThreadSchema, notificationListSchema, unreadMessagesSchema } from '@bookswap/shared/schemas';
import { bookingMessages, mailOutbox } from '../db/schema';
import { markMailDelivered } from '../repositories/mail-outbox-repository';
import { THREAD_MAIL_SPACING_MS } from '../services/message-mail';
import {
  ADA_ADMIN,
  call,
  givenBooking,
  givenProduct,
  givenUser,
  payForBooking,
  serverForThisFile,
  type Person,
} from '../testing/test-server';

// A small daily cap, so the quota's story runs in a few calls; each other story writes as people of its own.
const MESSAGES_PER_DAY = 5;
const { server, admin } = serverForThisFile({ admin: ADA_ADMIN }, { messagesPerDay: MESSAGES_PER_DAY });

let next = 0;
/** A seller's book booked by a buyer, each made for the story. */
async function givenBookingBetweenStrangers() {
  const n = next++;
  const seller = await givenUser(server, 'seller', `Thread Seller ${n}`);
  const buyer = await givenUser(server, 'buyer', `Thread Buyer ${n}`);
  const productId = await givenProduct(server, seller);
  const bookingId = await givenBooking(server, buyer, productId);
  return { seller, buyer, productId, bookingId };
}

const send = (as: Person, bookingId: string, text: unknown) =>
  call(server, 'POST', `/api/booking/${bookingId}/messages`, { as, body: { text } });
const thread = (as: Person, bookingId: string) => call(server, 'GET', `/api/booking/${bookingId}/messages`, { as });
const readAll = (as: Person, bookingId: string) =>
  call(server, 'PUT', `/api/booking/${bookingId}/messages/read`, { as });
const report = (as: Person, bookingId: string, messageId: string, reason = 'Rude') =>
  call(server, 'POST', `/api/booking/${bookingId}/messages/${messageId}/report`, { as, body: { reason } });

const storedMessages = (bookingId: string) =>
  server.db.select().from(bookingMessages).where(eq(bookingMessages.bookingId, bookingId));
const mailTo = (person: Person) =>
  server.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, person.email)).orderBy(asc(mailOutbox.createdAt));
/** Emails about messages only: a booking also mails its seller. */
const messageMailTo = async (person: Person) =>
  (await mailTo(person)).filter((mail) => / new messages? about /.test(mail.subject));

describe('a booking’s thread between its buyer and its seller', () => {
  it('buyer and seller write to each other, see whose is whose, and the unread count reaches the bell until read', async () => {
    const { seller, buyer, bookingId } = await givenBookingBetweenStrangers();
    expect((await send(buyer, bookingId, '  Is noon at the library gate fine?  ')).status).toBe(201);
    expect((await send(seller, bookingId, 'Noon works.')).status).toBe(201);
    expect((await send(seller, bookingId, 'I will wear a red cap.')).status).toBe(201);

    const asBuyer = bookingThreadSchema.parse((await thread(buyer, bookingId)).body);
    expect(asBuyer).toMatchObject({ bookingId, book_name: 'Gitanjali', open: true, unread: 2 });
    expect(asBuyer.messages.map((m) => [m.authorName, m.mine, m.text])).toEqual([
      [buyer.name, true, 'Is noon at the library gate fine?'],
      [seller.name, false, 'Noon works.'],
      [seller.name, false, 'I will wear a red cap.'],
    ]);
    const asSeller = bookingThreadSchema.parse((await thread(seller, bookingId)).body);
    expect(asSeller.messages.map((m) => m.mine)).toEqual([false, true, true]);
    expect(asSeller.unread).toBe(1);

    const bell = notificationListSchema.parse(
      (await call(server, 'GET', '/api/notification/list', { as: buyer })).body,
    );
    expect(bell.unreadMessages).toBe(2);
    expect(unreadMessagesSchema.parse((await call(server, 'GET', '/api/message/unread', { as: buyer })).body)).toEqual({
      total: 2,
      threads: [{ bookingId, unread: 2 }],
    });
    // Reading every notification leaves the messages unread: only reading the thread does.
    await call(server, 'PUT', '/api/notification/read-all', { as: buyer });
    expect((await call(server, 'GET', '/api/notification/list', { as: buyer })).body.unreadMessages).toBe(2);

    expect((await readAll(buyer, bookingId)).body).toEqual({ acknowledged: true, modifiedCount: 2 });
    expect((await call(server, 'GET', '/api/notification/list', { as: buyer })).body.unreadMessages).toBe(0);
    expect((await call(server, 'GET', '/api/message/unread', { as: buyer })).body).toEqual({ total: 0, threads: [] });
    expect((await thread(buyer, bookingId)).body.unread).toBe(0);
    // The seller's own count is theirs.
    expect((await call(server, 'GET', '/api/notification/list', { as: seller })).body.unreadMessages).toBe(1);
  });

  it('no one but the two parties reads, writes, marks read or reports; an unknown booking is a 404', async () => {
    const { seller, buyer, bookingId } = await givenBookingBetweenStrangers();
    const sent = await send(seller, bookingId, 'Only for you');
    const strangers = [
      await givenUser(server, 'buyer', `Nosy Buyer ${next}`),
      await givenUser(server, 'seller', `Nosy Seller ${next++}`),
      admin,
    ];
    for (const stranger of strangers) {
      const answers = [
        await thread(stranger, bookingId),
        await send(stranger, bookingId, 'Hello?'),
        await readAll(stranger, bookingId),
        await report(stranger, bookingId, sent.body.insertedId),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
      expect(answers[0]!.body).toEqual({
        message: 'Only the buyer and the seller of a booking can read and write its messages',
      });
    }
    expect(await storedMessages(bookingId)).toHaveLength(1);
    for (const answer of [
      await thread(buyer, 'no-such-booking'),
      await send(buyer, 'no-such-booking', 'Hello?'),
      await readAll(buyer, 'no-such-booking'),
    ]) {
      expect([answer.status, answer.body]).toEqual([404, { message: 'No booking with this id' }]);
    }
  });

  it('a thread stays open while the booking waits or is paid; once it ended it stays readable and refuses new messages', async () => {
    const declined = await givenBookingBetweenStrangers();
    await send(declined.buyer, declined.bookingId, 'Still available?');
    expect(
      (await call(server, 'PUT', `/api/booking/decline/${declined.bookingId}`, { as: declined.seller })).status,
    ).toBe(200);
    const refused = await send(declined.seller, declined.bookingId, 'Sorry!');
    expect([refused.status, refused.body]).toEqual([
      409,
      { message: 'This booking is declined: its messages stay readable, but no new ones can be sent' },
    ]);
    expect((await thread(declined.buyer, declined.bookingId)).body).toMatchObject({
      open: false,
      messages: [{ text: 'Still available?' }],
    });

    const cancelled = await givenBookingBetweenStrangers();
    await call(server, 'PUT', `/api/booking/cancel/${cancelled.bookingId}`, { as: cancelled.buyer });
    expect((await send(cancelled.buyer, cancelled.bookingId, 'Oops')).status).toBe(409);

    const handedOver = await givenBookingBetweenStrangers();
    expect((await payForBooking(server, handedOver.buyer, handedOver.bookingId, handedOver.productId)).status).toBe(
      201,
    );
    expect((await send(handedOver.buyer, handedOver.bookingId, 'Paid, see you there')).status).toBe(201);
    await call(server, 'PUT', `/api/booking/handover/${handedOver.bookingId}`, { as: handedOver.seller });
    expect((await send(handedOver.seller, handedOver.bookingId, 'Enjoy the book')).status).toBe(409);
    expect((await thread(handedOver.seller, handedOver.bookingId)).body.open).toBe(false);
    expect(await storedMessages(handedOver.bookingId)).toHaveLength(1);
  });

  it('a message is 1 to 2,000 characters after trimming, and bad input stores nothing', async () => {
    const { buyer, bookingId } = await givenBookingBetweenStrangers();
    for (const text of ['', '   \n\t ', 'x'.repeat(2001), 42, null, 'nul \u0000 inside']) {
      const answer = await send(buyer, bookingId, text);
      expect([answer.status, answer.body.field, typeof answer.body.message]).toEqual([400, 'text', 'string']);
    }
    expect((await call(server, 'POST', `/api/booking/${bookingId}/messages`, { as: buyer, body: {} })).status).toBe(
      400,
    );
    expect(await storedMessages(bookingId)).toHaveLength(0);
    expect((await send(buyer, bookingId, `  ${'x'.repeat(2000)}  `)).status).toBe(201);
    expect((await storedMessages(bookingId))[0]!.body).toBe('x'.repeat(2000));
  });

  it('markup and links stay plain text as written, and the email never carries the words', async () => {
    const { seller, buyer, bookingId } = await givenBookingBetweenStrangers();
    const text = '<script>alert(1)</script> <b>bold</b> &amp; https://evil.example/pay\nsecond line';
    expect((await send(buyer, bookingId, text)).status).toBe(201);
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/booking/${bookingId}/messages`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().messages[0].text).toBe(text);
    const [mail] = await messageMailTo(seller);
    expect(mail).toMatchObject({
      subject: 'Bookswap: 1 new message about Gitanjali',
      link: '/dashboard/booking-requests',
    });
    expect(`${mail!.subject} ${mail!.body}`).not.toMatch(/script|evil|bold/);
  });

  it(`past ${MESSAGES_PER_DAY} messages a day an author gets a clear 429 and nothing is stored, even in parallel; the other party still writes`, async () => {
    const { seller, buyer, bookingId } = await givenBookingBetweenStrangers();
    const answers = await Promise.all(
      Array.from({ length: MESSAGES_PER_DAY + 2 }, (_, i) => send(buyer, bookingId, `Message ${i}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(MESSAGES_PER_DAY).fill(201),
      429,
      429,
    ]);
    expect(answers.find((answer) => answer.status === 429)!.body).toEqual({
      message: `You have sent the ${MESSAGES_PER_DAY} messages a day allows; try again tomorrow`,
    });
    expect(await storedMessages(bookingId)).toHaveLength(MESSAGES_PER_DAY);
    expect((await send(seller, bookingId, 'Slow down please')).status).toBe(201);
  });

  it('a party reports the other’s message once; only then may an admin read the thread, and each reading is audited', async () => {
    const { seller, buyer, bookingId } = await givenBookingBetweenStrangers();
    const fromSeller = (await send(seller, bookingId, 'Pay me outside the app')).body.insertedId as string;
    const fromBuyer = (await send(buyer, bookingId, 'No thanks')).body.insertedId as string;

    const before = await call(server, 'GET', `/api/report/messages/${bookingId}`, { as: admin });
    expect([before.status, before.body]).toEqual([
      403,
      { message: 'An admin may read a booking’s messages only once one of them is reported' },
    ]);
    expect((await report(buyer, bookingId, fromBuyer)).status).toBe(403);
    expect((await report(buyer, bookingId, 'no-such-message')).status).toBe(404);
    expect(
      (
        await call(server, 'POST', `/api/booking/${bookingId}/messages/${fromSeller}/report`, {
          as: buyer,
          body: { reason: '   ' },
        })
      ).status,
    ).toBe(400);
    expect((await report(buyer, bookingId, fromSeller, 'Asks to pay outside the app')).status).toBe(201);
    const again = await report(buyer, bookingId, fromSeller);
    expect([again.status, again.body.message]).toEqual([409, 'You have already reported this message']);

    const reports = await call(server, 'GET', '/api/report/messages', { as: admin });
    expect(reports.body.find((r: { bookingId: string }) => r.bookingId === bookingId)).toEqual({
      _id: expect.any(String),
      bookingId,
      messageId: fromSeller,
      book_name: 'Gitanjali',
      reporterName: buyer.name,
      reason: 'Asks to pay outside the app',
      reportedAt: expect.any(String),
    });

    const read = await call(server, 'GET', `/api/report/messages/${bookingId}`, { as: admin });
    expect(read.status).toBe(200);
    expect(bookingThreadSchema.parse(read.body).messages.map((m) => [m.authorName, m.mine, m.text])).toEqual([
      [seller.name, false, 'Pay me outside the app'],
      [buyer.name, false, 'No thanks'],
    ]);
    const audit = await call(server, 'GET', '/api/audit/list', { as: admin });
    expect(audit.body[0]).toMatchObject({
      action: 'read-thread',
      actorEmail: admin.email,
      targetType: 'booking',
      targetId: bookingId,
      targetName: 'Gitanjali',
    });
    // A buyer cannot read a stranger's reported thread through the admin's call.
    expect((await call(server, 'GET', `/api/report/messages/${bookingId}`, { as: buyer })).status).toBe(403);
  });

  it('emails each recipient at most once per thread every 10 minutes, counting what they have not read', async () => {
    const { seller, buyer, bookingId } = await givenBookingBetweenStrangers();
    await send(buyer, bookingId, 'One');
    await send(buyer, bookingId, 'Two');
    await send(buyer, bookingId, 'Three');
    await send(seller, bookingId, 'Hi');
    // Not sent yet: the one email waiting is rewritten with the count.
    const [first, ...none] = await messageMailTo(seller);
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      subject: 'Bookswap: 3 new messages about Gitanjali',
      body: `${buyer.name} wrote to you about Gitanjali: 3 new messages unread. Open the booking to read and answer.`,
    });
    expect(await messageMailTo(buyer)).toMatchObject([
      { subject: 'Bookswap: 1 new message about Gitanjali', link: '/dashboard/myorder' },
    ]);

    // Once it is sent, the next message's email waits until ten minutes after it.
    await markMailDelivered(server.db, [first!.id]);
    await send(buyer, bookingId, 'Four');
    const [, second] = await messageMailTo(seller);
    expect(second!.subject).toBe('Bookswap: 4 new messages about Gitanjali');
    expect(second!.nextAttemptAt.getTime() - first!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
      THREAD_MAIL_SPACING_MS,
    );

    // Reading the thread withdraws the email not sent yet; a later message's email is due no sooner than it was.
    await readAll(seller, bookingId);
    expect(await messageMailTo(seller)).toHaveLength(1);
    await send(buyer, bookingId, 'Five');
    const [, later] = await messageMailTo(seller);
    expect(later!.subject).toBe('Bookswap: 1 new message about Gitanjali');
    expect(later!.nextAttemptAt.getTime()).toBe(second!.nextAttemptAt.getTime());
  });
});
