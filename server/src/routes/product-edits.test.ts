import { myProductSchema } from '@bookswap/shared/schemas';
import {
  ADA_ADMIN,
  BEA_BUYER,
  call,
  givenBooking,
  givenProduct,
  NIA_NEWSELLER,
  payForBooking,
  SAM_SELLER,
  serverForThisFile,
  TEST_COVER_URL,
  uploadImage,
  VALID_PRODUCT,
  type Person,
} from '../testing/test-server';
import { drawCover } from '../seed/cover-image';

const { server, seller, otherSeller, buyer, admin } = serverForThisFile({
  seller: SAM_SELLER,
  otherSeller: NIA_NEWSELLER,
  buyer: BEA_BUYER,
  admin: ADA_ADMIN,
});

/** Every field a seller may edit, changed. */
const EDITED = {
  book_name: 'Gitanjali (Second Edition)',
  author_name: 'R. Tagore',
  book_condition: 'Excellent',
  original_price: '25',
  resale_price: '15.75',
  location: 'Chittagong',
  phone: '+880 1711 999999',
  img: TEST_COVER_URL,
};

const edit = (id: string, as: Person | undefined, body: unknown = EDITED) =>
  call(server, 'PUT', `/api/product/edit/${id}`, { ...(as ? { as } : {}), body });

const detailOf = async (id: string) => (await call(server, 'GET', `/api/product/list/${id}`, { as: buyer })).body;

describe('a seller editing their listing', () => {
  it('changes every editable field, and the details, the book list and My Product show it at once', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Editable Original' });
    // Read first, so the book list's cache holds the old answer.
    const before = await call(server, 'GET', '/api/category/list?search=editable&page=0&size=5');
    expect(before.body.products.map((p: { _id: string }) => p._id)).toContain(id);

    expect((await edit(id, seller)).body).toEqual({ acknowledged: true, modifiedCount: 1 });

    expect(await detailOf(id)).toMatchObject({ ...EDITED, category_id: VALID_PRODUCT.category_id });
    const list = await call(server, 'GET', '/api/category/list?search=second%20edition&page=0&size=5');
    expect(list.body.products.find((p: { _id: string }) => p._id === id)).toMatchObject({
      book_name: EDITED.book_name,
      resale_price: EDITED.resale_price,
    });
    const stale = await call(server, 'GET', '/api/category/list?search=editable&page=0&size=5');
    expect(stale.body.products.map((p: { _id: string }) => p._id)).not.toContain(id);
    const mine = await call(server, 'GET', `/api/product/list?email=${seller.email}`, { as: seller });
    expect(mine.body.find((p: { _id: string }) => p._id === id)).toMatchObject({ book_name: EDITED.book_name });
  });

  it('takes a newly uploaded cover', async () => {
    const id = await givenProduct(server, seller);
    const url = (await uploadImage(server, seller, drawCover(4, 8, 8))).json().data.url as string;
    expect((await edit(id, seller, { ...EDITED, img: url })).status).toBe(200);
    expect((await detailOf(id)).img).toBe(url);
  });

  it('keeps a buyer’s booking at the price, name and cover it was made at', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Booked Before', resale_price: '12.50' });
    const bookingId = await givenBooking(server, buyer, id);
    expect((await edit(id, seller, { ...EDITED, resale_price: '30' })).status).toBe(200);

    const booking = await call(server, 'GET', `/api/booking/list/${bookingId}`, { as: buyer });
    expect(booking.body).toMatchObject({ price: '12.50', book_name: 'Booked Before' });
    // The buyer pays the booking's price, not the new one.
    expect((await payForBooking(server, buyer, bookingId, id, '12.50')).status).toBe(201);
  });

  it('is audited as the seller’s edit, under the new name', async () => {
    const id = await givenProduct(server, seller);
    await edit(id, seller, { ...EDITED, book_name: 'Audited Edit' });
    const log = await call(server, 'GET', '/api/audit/list', { as: admin });
    expect(log.body[0]).toMatchObject({
      action: 'edit-product',
      actorEmail: seller.email,
      actorName: seller.name,
      targetType: 'product',
      targetId: id,
      targetName: 'Audited Edit',
    });
  });
});

describe('who may edit a listing, and when', () => {
  it('refuses a visitor (401), a buyer and another seller (403), and an unknown or deleted listing (404)', async () => {
    const id = await givenProduct(server, seller);
    expect((await edit(id, undefined)).status).toBe(401);
    expect((await edit(id, buyer)).status).toBe(403);
    expect(await edit(id, otherSeller)).toMatchObject({
      status: 403,
      body: { message: 'You can only edit your own products' },
    });
    expect((await edit('0123456789abcdef01234567', seller)).status).toBe(404);
    await call(server, 'DELETE', `/api/product/delete/${id}`, { as: seller });
    expect(await edit(id, seller)).toMatchObject({ status: 404, body: { message: 'No product with this id' } });
  });

  it('refuses a sold listing (409), which stays as it was', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Sold Already' });
    const bookingId = await givenBooking(server, buyer, id);
    expect((await payForBooking(server, buyer, bookingId, id)).status).toBe(201);
    const before = await detailOf(id);
    expect(await edit(id, seller)).toMatchObject({
      status: 409,
      body: { message: 'A sold product cannot be edited' },
    });
    expect(await detailOf(id)).toEqual(before);
  });

  it('refuses a listing an admin hid (409)', async () => {
    const id = await givenProduct(server, seller);
    await call(server, 'POST', '/api/report/create', { as: buyer, body: { productId: id, reason: 'High Price' } });
    await call(server, 'PUT', `/api/report/update/${id}`, { as: admin });
    expect(await edit(id, seller)).toMatchObject({
      status: 409,
      body: { message: 'A product hidden by admin cannot be edited' },
    });
  });
});

describe('an edit with bad input', () => {
  it('changes nothing stored, and names the field', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Unchanged' });
    const before = await detailOf(id);
    const auditBefore = (await call(server, 'GET', '/api/audit/list', { as: admin })).body.length;
    for (const [body, field] of [
      [{ ...EDITED, resale_price: 'cheap' }, 'resale_price'],
      [{ ...EDITED, book_name: '   ' }, 'book_name'],
      [{ ...EDITED, book_condition: 'Mint' }, 'book_condition'],
      [{ ...EDITED, img: 'https://tracker.example/pixel.gif' }, 'img'],
      [{ ...EDITED, img: 'http://localhost:5000/images/0123456789abcdef.png' }, 'img'],
      [{ ...EDITED, location: undefined }, 'location'],
    ] as const) {
      const answer = await edit(id, seller, body);
      expect([field, answer.status, answer.body.field]).toEqual([field, 400, field]);
    }
    // Fields a seller may not set are refused whole, not dropped.
    expect((await edit(id, seller, { ...EDITED, paid: true })).status).toBe(400);
    expect((await edit(id, seller, { ...EDITED, category_id: '9' })).status).toBe(400);
    expect(await detailOf(id)).toEqual(before);
    expect((await call(server, 'GET', '/api/audit/list', { as: admin })).body).toHaveLength(auditBefore);
  });
});

describe('My Product for a listing an admin hid', () => {
  it('tells its seller it is hidden and the reasons it was reported for', async () => {
    const hidden = await givenProduct(server, seller, { book_name: 'Hidden Away' });
    const shown = await givenProduct(server, seller, { book_name: 'Still Shown' });
    await call(server, 'POST', '/api/report/create', { as: buyer, body: { productId: hidden, reason: 'High Price' } });
    await call(server, 'POST', '/api/report/create', {
      as: otherSeller,
      body: { productId: hidden, reason: 'False Information' },
    });
    await call(server, 'POST', '/api/report/create', { as: buyer, body: { productId: shown, reason: 'Other' } });
    await call(server, 'PUT', `/api/report/update/${hidden}`, { as: admin });

    const mine = await call(server, 'GET', `/api/product/list?email=${seller.email}`, { as: seller });
    const products = mine.body.map((p: unknown) => myProductSchema.strict().parse(p));
    expect(products.find((p: { _id: string }) => p._id === hidden)).toMatchObject({
      hidden: true,
      hiddenReasons: ['High Price', 'False Information'],
    });
    expect(products.find((p: { _id: string }) => p._id === shown)).toMatchObject({ hidden: false, hiddenReasons: [] });
  });
});
