import { and, eq, like } from 'drizzle-orm';
import { bookingSchema, reportSchema } from '@bookswap/shared/schemas';
import { bookings, mailOutbox, notifications, reports } from '../db/schema';
import {
  ADA_ADMIN,
  BEA_BUYER,
  BO_BUYER,
  call,
  givenBooking,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
  TEST_COVER_URL,
  type Person,
} from '../testing/test-server';

const { server, seller, buyer, buyer2, admin } = serverForThisFile({
  seller: SAM_SELLER,
  buyer: BEA_BUYER,
  buyer2: BO_BUYER,
  admin: ADA_ADMIN,
});

describe('booking a book', () => {
  it('copies name, image and price from the product and the buyer from the token', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Real Name', resale_price: '7.25' });
    const created = await call(server, 'POST', '/api/booking/create', {
      as: buyer,
      body: {
        category_id: productId,
        book_name: 'Fake Name',
        img: 'https://evil.example/x.png',
        price: '0.01',
        buyerEmail: buyer2.email,
        buyerName: 'Someone',
        phone: '+880 1711 222222',
        meetingLocation: 'Gate 2',
        bookDate: 'November 22, 2026 at 3:00 AM',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const booking = await call(server, 'GET', `/api/booking/list/${created.body.insertedId}`, { as: buyer });
    expect(bookingSchema.parse(booking.body)).toMatchObject({
      _id: created.body.insertedId,
      category_id: productId,
      category_name: 'Poetry',
      book_name: 'Real Name',
      img: TEST_COVER_URL,
      price: '7.25',
      buyerEmail: buyer.email,
      buyerName: buyer.name,
      phone: '+880 1711 222222',
      meetingLocation: 'Gate 2',
      bookDate: 'November 22, 2026 at 3:00 AM',
      paid: false,
    });
    const mine = await call(server, 'GET', `/api/booking/list?email=${buyer.email}`, { as: buyer });
    expect(mine.body.map((b: { _id: string }) => b._id)).toContain(created.body.insertedId);
    expect((await call(server, 'GET', `/api/booking/list?email=${buyer.email}`, { as: buyer2 })).status).toBe(403);
    expect((await call(server, 'GET', `/api/booking/list/${created.body.insertedId}`, { as: buyer2 })).status).toBe(
      403,
    );
    expect((await call(server, 'GET', `/api/booking/list/${created.body.insertedId}`, { as: admin })).status).toBe(200);
  });

  it('refuses the seller’s own product, a second booking and a missing product', async () => {
    const productId = await givenProduct(server, seller);
    const body = { category_id: productId, phone: '+880 1711 222222', meetingLocation: 'Gate 2' };
    expect((await call(server, 'POST', '/api/booking/create', { as: seller, body })).status).toBe(403);
    await givenBooking(server, buyer, productId);
    expect((await call(server, 'POST', '/api/booking/create', { as: buyer, body })).status).toBe(409);
    const missing = await call(server, 'POST', '/api/booking/create', {
      as: buyer,
      body: { ...body, category_id: 'f'.repeat(24) },
    });
    expect(missing.status).toBe(404);
  });
});

describe('reporting and hiding', () => {
  it('records a report once per user, marks the product reported, and the admin hides it everywhere', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Quokka Atlas' });
    await call(server, 'PUT', `/api/product/update/${productId}`, { as: seller });
    const created = await call(server, 'POST', '/api/report/create', {
      as: buyer,
      body: {
        reason: 'Unauthorized Sales',
        reporterName: 'Fake',
        productName: 'Fake',
        productId,
        uid: 'fake',
        report: false,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const again = await call(server, 'POST', '/api/report/create', { as: buyer, body: { reason: 'Other', productId } });
    expect(again.status).toBe(409);
    await call(server, 'POST', '/api/report/create', { as: buyer2, body: { reason: 'High Price', productId } });

    const reports = await call(server, 'GET', '/api/report/list', { as: admin });
    const ours = reports.body.filter((r: { productId: string }) => r.productId === productId);
    expect(ours).toHaveLength(2);
    expect(reportSchema.parse(ours[0])).toMatchObject({
      reason: 'Unauthorized Sales',
      reporterName: buyer.name,
      productName: 'Quokka Atlas',
      report: false,
    });
    expect((await call(server, 'GET', `/api/product/list/${productId}`)).body.report).toBe('true');

    const hidden = await call(server, 'PUT', `/api/report/update/${productId}`, { as: admin });
    expect(hidden.body).toEqual({ acknowledged: true, modifiedCount: 2 });
    const after = await call(server, 'GET', '/api/report/list', { as: admin });
    expect(
      after.body
        .filter((r: { productId: string }) => r.productId === productId)
        .every((r: { report: boolean }) => r.report),
    ).toBe(true);
    expect((await call(server, 'GET', `/api/product/list/${productId}`)).status).toBe(404);
    expect((await call(server, 'GET', '/api/category/list?search=quokka')).body.count).toBe(0);
    expect((await call(server, 'GET', '/api/category/list/2')).body.map((p: { _id: string }) => p._id)).not.toContain(
      productId,
    );
    expect((await call(server, 'GET', '/api/product/Ads/list')).body.map((p: { _id: string }) => p._id)).not.toContain(
      productId,
    );
    const booking = await call(server, 'POST', '/api/booking/create', {
      as: buyer,
      body: { category_id: productId, phone: '+880 1711 222222', meetingLocation: 'Gate 2' },
    });
    expect(booking.status).toBe(404);
  });

  it('404s when hiding a product that does not exist', async () => {
    expect((await call(server, 'PUT', `/api/report/update/${'a'.repeat(24)}`, { as: admin })).status).toBe(404);
  });
});

describe('one open booking per buyer and book, decided by the database', () => {
  it('ten booking requests for one book sent at once by one buyer make exactly one booking', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Parallel Lines' });
    const body = { category_id: productId, phone: '+880 1711 222222', meetingLocation: 'Gate 3' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(server, 'POST', '/api/booking/create', { as: buyer, body })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('You have already booked this book');
    const mine = await call(server, 'GET', `/api/booking/list?email=${buyer.email}`, { as: buyer });
    expect(mine.body.filter((b: { category_id: string }) => b.category_id === productId)).toHaveLength(1);
    // The seller is told of the one booking once: one notification, one email.
    const told = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'new-booking'), like(notifications.body, '%Parallel Lines%')));
    expect(told).toHaveLength(1);
    const mailed = await server.db.select().from(mailOutbox).where(like(mailOutbox.body, '%Parallel Lines%'));
    expect(mailed).toHaveLength(1);
  });

  it('refuses a second open booking even when written straight to the database', async () => {
    const productId = await givenProduct(server, seller);
    const bookingId = await givenBooking(server, buyer, productId);
    const [row] = await server.db.select().from(bookings).where(eq(bookings.id, bookingId));
    await expect(server.db.insert(bookings).values({ ...row!, id: 'c'.repeat(24) })).rejects.toThrow();
    // Another buyer's booking of the same book is fine.
    await givenBooking(server, buyer2, productId);
  });
});

describe('dismissing an unfounded report', () => {
  async function reportedBy(reporter: Person, productId: string, reason = 'False Information') {
    const created = await call(server, 'POST', '/api/report/create', { as: reporter, body: { productId, reason } });
    expect(created.status).toBe(201);
    return created.body.insertedId as string;
  }
  const reportOf = async (id: string) =>
    reportSchema.parse(
      (await call(server, 'GET', '/api/report/list', { as: admin })).body.find((r: { _id: string }) => r._id === id),
    );
  const productOf = async (id: string) => (await call(server, 'GET', `/api/product/list/${id}`)).body;

  it('keeps the listing public, takes its Reported mark off and lets the seller advertise it again', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Unfairly Flagged' });
    const reportId = await reportedBy(buyer, productId);
    expect(await reportOf(reportId)).toMatchObject({ status: 'open', report: false });
    expect((await productOf(productId)).report).toBe('true');
    expect((await call(server, 'PUT', `/api/product/update/${productId}`, { as: seller })).status).toBe(409);

    const dismissed = await call(server, 'PUT', `/api/report/dismiss/${reportId}`, { as: admin });
    expect(dismissed).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: 1 } });

    expect(await reportOf(reportId)).toMatchObject({ status: 'dismissed', report: false });
    expect(await productOf(productId)).toMatchObject({ report: 'false', addADS: false });
    const advertised = await call(server, 'PUT', `/api/product/update/${productId}`, { as: seller });
    expect(advertised.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    const ads = await call(server, 'GET', '/api/product/Ads/list');
    expect(ads.body.map((p: { _id: string }) => p._id)).toContain(productId);
    // The same buyer cannot report it again: one report per reporter and product, dismissed or not.
    const again = await call(server, 'POST', '/api/report/create', {
      as: buyer,
      body: { productId, reason: 'Other' },
    });
    expect(again.status).toBe(409);
  });

  it('leaves the Reported mark while another report on the listing is still open', async () => {
    const productId = await givenProduct(server, seller);
    const first = await reportedBy(buyer, productId);
    const second = await reportedBy(buyer2, productId, 'High Price');
    await call(server, 'PUT', `/api/report/dismiss/${first}`, { as: admin });
    expect((await productOf(productId)).report).toBe('true');
    await call(server, 'PUT', `/api/report/dismiss/${second}`, { as: admin });
    expect((await productOf(productId)).report).toBe('false');
  });

  it('does not let one buyer’s reports block many listings forever', async () => {
    const productIds = await Promise.all(
      [1, 2, 3].map((n) => givenProduct(server, seller, { book_name: `Shelf ${n}` })),
    );
    const reportIds = [];
    for (const id of productIds) reportIds.push(await reportedBy(buyer2, id, 'Other'));
    for (const id of reportIds) await call(server, 'PUT', `/api/report/dismiss/${id}`, { as: admin });
    for (const id of productIds) {
      expect((await productOf(id)).report).toBe('false');
      expect((await call(server, 'PUT', `/api/product/update/${id}`, { as: seller })).body.modifiedCount).toBe(1);
    }
  });

  it('answers 409 for a report already dismissed or hidden and 404 for an unknown one, changing nothing', async () => {
    const productId = await givenProduct(server, seller);
    const reportId = await reportedBy(buyer, productId);
    await call(server, 'PUT', `/api/report/dismiss/${reportId}`, { as: admin });
    const twice = await call(server, 'PUT', `/api/report/dismiss/${reportId}`, { as: admin });
    expect(twice).toMatchObject({ status: 409, body: { message: 'This report is already dismissed' } });

    const hiddenProduct = await givenProduct(server, seller);
    const hiddenReport = await reportedBy(buyer, hiddenProduct);
    await call(server, 'PUT', `/api/report/update/${hiddenProduct}`, { as: admin });
    const afterHide = await call(server, 'PUT', `/api/report/dismiss/${hiddenReport}`, { as: admin });
    expect(afterHide).toMatchObject({ status: 409, body: { message: 'This report is already hidden' } });
    expect(await reportOf(hiddenReport)).toMatchObject({ status: 'hidden', report: true });
    expect((await call(server, 'GET', `/api/product/list/${hiddenProduct}`)).status).toBe(404);

    const unknown = await call(server, 'PUT', `/api/report/dismiss/${'d'.repeat(24)}`, { as: admin });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No report with this id' } });
  });

  it('hiding a listing whose reports were dismissed marks them hidden too', async () => {
    const productId = await givenProduct(server, seller);
    const reportId = await reportedBy(buyer, productId);
    await call(server, 'PUT', `/api/report/dismiss/${reportId}`, { as: admin });
    const hidden = await call(server, 'PUT', `/api/report/update/${productId}`, { as: admin });
    expect(hidden.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await reportOf(reportId)).toMatchObject({ status: 'hidden', report: true });
    expect((await call(server, 'GET', `/api/product/list/${productId}`)).status).toBe(404);
  });
});

describe('one report per reporter and product, decided by the database', () => {
  it('ten reports of one listing sent at once by one buyer make exactly one report', async () => {
    const productId = await givenProduct(server, seller, { book_name: 'Reported In Parallel' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(server, 'POST', '/api/report/create', { as: buyer, body: { productId, reason: 'Other' } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    const rows = await server.db.select().from(reports).where(eq(reports.productId, productId));
    expect(rows).toHaveLength(1);
  });
});
