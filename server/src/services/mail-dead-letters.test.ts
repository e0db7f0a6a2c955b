import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import type { MailTransport, OutgoingMail } from '../mail/mail-transport';
import {
  ADA_ADMIN,
  BEA_BUYER,
  call,
  givenBooking,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
} from '../testing/test-server';
import { deliverDueMail, MAIL_MAX_ATTEMPTS } from './mail-delivery';

const APP_URL = 'https://books.example.test';
const { server, seller, buyer, admin } = serverForThisFile({ seller: SAM_SELLER, buyer: BEA_BUYER, admin: ADA_ADMIN });

/** Makes every waiting email due now, as if its backoff had passed. */
const backoffPasses = () =>
  server.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(sql`${mailOutbox.deliveredAt} IS NULL`);

describe('an email the SMTP server refuses every time', () => {
  it('stops after its last try and waits as a dead letter that admins see, and only admins', async () => {
    await givenBooking(server, buyer, await givenProduct(server, seller, { book_name: 'Undeliverable Book' }));
    const refusing: MailTransport = { send: () => Promise.reject(new Error('550 no such mailbox')), close: () => {} };
    const tries = 3;
    for (let attempt = 1; attempt <= tries; attempt += 1) {
      expect(await deliverDueMail(server.db, refusing, APP_URL, { maxAttempts: tries })).toEqual({
        delivered: 0,
        failed: 1,
      });
      await backoffPasses();
    }
    // Due by the clock, but dead: never tried again.
    expect(await deliverDueMail(server.db, refusing, APP_URL, { maxAttempts: tries })).toEqual({
      delivered: 0,
      failed: 0,
    });

    const seen = await call(server, 'GET', '/api/mail/dead-letters', { as: admin });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      count: 1,
      deadLetters: [
        {
          id: expect.any(String),
          toEmail: seller.email,
          subject: 'Bookswap: New booking: Undeliverable Book',
          attempts: tries,
          lastError: '550 no such mailbox',
          createdAt: expect.any(String),
          deadAt: expect.any(String),
        },
      ],
    });
    expect((await call(server, 'GET', '/api/mail/dead-letters', { as: seller })).status).toBe(403);
  });

  it('gets a bounded number of tries by default', () => {
    expect(MAIL_MAX_ATTEMPTS).toBe(16);
  });
});

describe('a send slower than its lease', () => {
  it('keeps its lease while under way, so a second worker does not send it again', async () => {
    await givenBooking(server, buyer, await givenProduct(server, seller, { book_name: 'Slow Book' }));
    const sent: string[] = [];
    const slow: MailTransport = {
      async send(mail: OutgoingMail) {
        await new Promise((resolve) => setTimeout(resolve, 900));
        sent.push(mail.subject);
      },
      close: () => {},
    };
    const leaseMs = 150;
    const first = deliverDueMail(server.db, slow, APP_URL, { leaseMs });
    // Several leases later, while the first send is still under way, another worker looks for due mail.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await deliverDueMail(server.db, slow, APP_URL, { leaseMs })).toEqual({ delivered: 0, failed: 0 });
    expect(await first).toEqual({ delivered: 1, failed: 0 });
    expect(sent).toEqual(['Bookswap: New booking: Slow Book']);
    const [row] = await server.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Bookswap: New booking: Slow Book'));
    expect(row?.deliveredAt).not.toBeNull();
  });
});
