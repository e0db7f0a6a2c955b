import { countMail } from '../repositories/mail-outbox-repository';
import { startMailCatcher, type MailCatcher } from '../testing/mail-catcher';
import {
  BEA_BUYER,
  call,
  givenBooking,
  givenProduct,
  givenUser,
  payForBooking,
  SAM_SELLER,
  serverForThisFile,
  startTestServer,
  testConfig,
} from '../testing/test-server';
import { smtpTransport } from '../mail/mail-transport';
import { deliverDueMail, retryDelayMs } from './mail-delivery';
import { MEETING_PLACE_IN_NOTICE_MAX } from './notices';

const APP_URL = 'https://books.example.test/';
let catcher: MailCatcher;
const { server, seller, buyer } = serverForThisFile({ seller: SAM_SELLER, buyer: BEA_BUYER });
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.close());

describe('the mail outbox, delivered over SMTP', () => {
  it('sends the seller the new booking with book, buyer, phone and meeting place, once', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Mailed Book' });
    await call(server, 'POST', '/api/booking/create', {
      as: buyer,
      body: { category_id: productId, phone: '+880 1711 444555', meetingLocation: 'Library steps' },
    });
    const transport = smtpTransport(catcher.smtpUrl, 'Bookswap <no-reply@bookswap.test>');
    try {
      expect(await deliverDueMail(server.db, transport, APP_URL)).toEqual({ delivered: 1, failed: 0 });
      expect(await deliverDueMail(server.db, transport, APP_URL)).toEqual({ delivered: 0, failed: 0 });
    } finally {
      transport.close();
    }
    const [mail] = catcher.mails.filter((m) => m.subject === 'Bookswap: New booking: Mailed Book');
    expect(mail?.to).toEqual([seller.email]);
    expect(mail?.text).toContain('Phone: +880 1711 444555. Meeting place: Library steps.');
    expect(mail?.text).toContain(buyer.name);
    // The link in the email opens the seller's screen on the shell's public address.
    expect(mail?.text).toContain('Open Bookswap: https://books.example.test/dashboard/booking-requests');
    expect(await countMail(server.db)).toMatchObject({ delivered: 1 });
  });

  it('gives the seller the buyer’s meeting place as one short plain line: no markup, control characters or links', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Plain Book' });
    const meetingLocation =
      'Gate 3\r\nBcc: victim@example.test <a href="https://phish.example/x">claim your prize</a> \u202Egnp.exe ' +
      'www.spam.example '.repeat(3) +
      'x'.repeat(120);
    expect(
      (
        await call(server, 'POST', '/api/booking/create', {
          as: buyer,
          body: { category_id: productId, phone: '+880 1711 444555', meetingLocation },
        })
      ).status,
    ).toBe(201);
    const transport = smtpTransport(catcher.smtpUrl, 'Bookswap <no-reply@bookswap.test>');
    try {
      await deliverDueMail(server.db, transport, APP_URL);
    } finally {
      transport.close();
    }
    const mail = catcher.mails.find((m) => m.subject === 'Bookswap: New booking: Plain Book');
    const place = /Meeting place: (.*)\.\r?\nBooked on/.exec(mail?.text ?? '')?.[1];
    expect(place).toBe(`Gate 3 Bcc: victim@example.test claim your prize gnp.exe ${'x'.repeat(22)}…`);
    expect(Array.from(place ?? '').length).toBeLessThanOrEqual(MEETING_PLACE_IN_NOTICE_MAX);
    expect(mail?.text).not.toMatch(/[<>\u202E]|phish|spam/);
    // The booking keeps what the buyer wrote, for the screens.
    const [booking] = (await call(server, 'GET', `/api/booking/list?email=${buyer.email}`, { as: buyer })).body.filter(
      (row: { book_name: string }) => row.book_name === 'Plain Book',
    );
    expect(booking.meetingLocation).toBe(meetingLocation);
  });

  it('tells the seller to hand over a paid book and the buyer of the hand-over, each with a link to their screen', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Handover Book', resale_price: '8' });
    const bookingId = await givenBooking(server, buyer, productId);
    const { transactionId } = await payForBooking(server, buyer, bookingId, productId, '8');
    expect((await call(server, 'PUT', `/api/booking/handover/${bookingId}`, { as: seller })).status).toBe(200);
    const transport = smtpTransport(catcher.smtpUrl, 'Bookswap <no-reply@bookswap.test>');
    try {
      // The new booking, the receipt, the seller's paid email, the hand-over and each party's invitation to review.
      expect(await deliverDueMail(server.db, transport, APP_URL)).toEqual({ delivered: 6, failed: 0 });
    } finally {
      transport.close();
    }
    const mailed = (subject: string) => catcher.mails.find((m) => m.subject === `Bookswap: ${subject}`);

    const paid = mailed('Booking paid: Handover Book');
    expect(paid?.to).toEqual([seller.email]);
    expect(paid?.text).toContain(`Handover Book is paid: hand it over to ${buyer.name}. They paid $8.00.`);
    expect(paid?.text).toContain('Open Bookswap: https://books.example.test/dashboard/booking-requests');

    const receipt = mailed('Payment received: Handover Book');
    expect(receipt?.to).toEqual([buyer.email]);
    expect(receipt?.text).toContain(`You paid $8.00 for Handover Book. Transaction id: ${transactionId}.`);
    expect(receipt?.text).toContain('Open Bookswap: https://books.example.test/dashboard/myorder');

    const handedOver = mailed('Handed over: Handover Book');
    expect(handedOver?.to).toEqual([buyer.email]);
    expect(handedOver?.text).toContain(`Handover Book was handed over to you by ${seller.name}.`);
    expect(handedOver?.text).toContain('Open Bookswap: https://books.example.test/dashboard/myorder');

    const invited = mailed(`Review ${buyer.name}: Handover Book`);
    expect(invited?.to).toEqual([seller.email]);
    expect(invited?.text).toContain('Open Bookswap: https://books.example.test/dashboard/booking-requests');
  });

  it('keeps an email the SMTP server refuses, and tries it again later with backoff', async () => {
    const productId = await givenProduct(server, seller);
    await givenBooking(server, buyer, productId);
    const refusing = { send: () => Promise.reject(new Error('421 try later')), close: () => undefined };
    expect(await deliverDueMail(server.db, refusing, APP_URL)).toEqual({ delivered: 0, failed: 1 });
    // Not due again until its backoff has passed: nothing is sent twice meanwhile.
    expect(await deliverDueMail(server.db, refusing, APP_URL)).toEqual({ delivered: 0, failed: 0 });
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(3)).toBe(20_000);
    expect(retryDelayMs(50)).toBe(30 * 60_000);
  });
});

describe('the mail worker of a running server', () => {
  it('delivers an event’s email within a few seconds, without the request waiting for it', async () => {
    const withMail = await startTestServer({
      mail: { ...testConfig('').mail, smtpUrl: catcher.smtpUrl },
    });
    try {
      const sellerHere = await givenUser(withMail, 'seller', 'Worker Seller');
      const buyerHere = await givenUser(withMail, 'buyer', 'Worker Buyer');
      const productId = await givenProduct(withMail, sellerHere, { book_name: 'Worker Book' });
      const before = catcher.mails.length;
      await givenBooking(withMail, buyerHere, productId);
      const mails = await catcher.waitFor(before + 1);
      expect(mails.at(-1)).toMatchObject({ to: [sellerHere.email], subject: 'Bookswap: New booking: Worker Book' });
    } finally {
      await withMail.close();
    }
  });
});
