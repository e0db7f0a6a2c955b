import { bookingSchema, reportSchema } from '@bookswap/shared/schemas';
import {
  ADA_ADMIN,
  BEA_BUYER,
  BO_BUYER,
  call,
  givenBooking,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
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
      img: 'https://images.example.test/gitanjali.jpg',
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
