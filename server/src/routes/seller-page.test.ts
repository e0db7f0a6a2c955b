import {
  bookListResponseSchema,
  productDetailsSchema,
  productSchema,
  sellerProfileSchema,
  type BookListResponse,
} from '@bookswap/shared/schemas';
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

// A seller's public page (decision 034): their profile, their listings through the book list's `seller` filter,
// and their rating on every card and the details page.
const { server, admin, buyer } = serverForThisFile({ admin: ADA_ADMIN, buyer: { role: 'buyer', name: 'Page Buyer' } });

let next = 0;
const newSeller = (options: { verified?: boolean } = {}) =>
  givenUser(server, 'seller', `Page Seller ${next++}`, options);

const bookList = async (query: string): Promise<BookListResponse> => {
  const answer = await call(server, 'GET', `/api/category/list?${query}`);
  expect(answer.status).toBe(200);
  return bookListResponseSchema.parse(answer.body);
};
const titles = (list: BookListResponse) => list.products.map((product) => product.book_name).sort();

/** The seller's book handed over to the buyer, reviewed by both sides: the buyer's review shows at once. */
async function givenReview(seller: Person, stars: number) {
  const productId = await givenProduct(server, seller, { book_name: `Reviewed ${next++}` });
  const bookingId = await givenBooking(server, buyer, productId);
  expect((await payForBooking(server, buyer, bookingId, productId)).status).toBe(201);
  expect((await call(server, 'PUT', `/api/booking/handover/${bookingId}`, { as: seller })).status).toBe(200);
  const byBuyer = await call(server, 'POST', `/api/booking/${bookingId}/review`, { as: buyer, body: { stars } });
  expect(byBuyer.status).toBe(201);
  const bySeller = await call(server, 'POST', `/api/booking/${bookingId}/review`, { as: seller, body: { stars: 5 } });
  expect(bySeller.status).toBe(201);
  return { productId, reviewId: byBuyer.body.insertedId as string };
}

describe("a seller's profile", () => {
  it('is public: name, verified tick, member since and rating, never the email or phone', async () => {
    const seller = await newSeller({ verified: true });
    await givenProduct(server, seller, { phone: '+880 1999 123456' });
    for (const as of [null, buyer, admin]) {
      const answer = await call(server, 'GET', `/api/seller/${seller.id}`, { as });
      expect(answer.status).toBe(200);
      const profile = sellerProfileSchema.strict().parse(answer.body);
      expect(profile).toEqual({
        _id: seller.id,
        name: seller.name,
        verified: true,
        memberSince: expect.any(String),
        rating: { average: null, count: 0 },
      });
      expect(Date.now() - Date.parse(profile.memberSince)).toBeLessThan(60 * 60 * 1000);
      expect(JSON.stringify(answer.body)).not.toContain(seller.email);
      expect(JSON.stringify(answer.body)).not.toContain('1999');
    }
  });

  it('carries the average and count of the buyers’ shown reviews, and leaves a hidden one out', async () => {
    const seller = await newSeller();
    await givenReview(seller, 4);
    const { reviewId } = await givenReview(seller, 5);
    const rating = async () => (await call(server, 'GET', `/api/seller/${seller.id}`)).body.rating;
    expect(await rating()).toEqual({ average: 4.5, count: 2 });
    expect((await call(server, 'PUT', `/api/review/hide/${reviewId}`, { as: admin })).status).toBe(200);
    expect(await rating()).toEqual({ average: 4, count: 1 });
  });

  it('is 404 with a message for an unknown id, a buyer, an admin or a deleted seller; 400 for a malformed id', async () => {
    const gone = await newSeller();
    expect((await call(server, 'DELETE', `/api/user/delete/${gone.id}`, { as: admin })).status).toBe(200);
    for (const id of ['no-such-user', buyer.id, admin.id, gone.id]) {
      const answer = await call(server, 'GET', `/api/seller/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('No seller with this id');
    }
    const bad = await call(server, 'GET', `/api/seller/${encodeURIComponent('not an id!')}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/id has characters that are not allowed/);
  });
});

describe("the book list's seller filter", () => {
  it('lists one seller’s visible books, counted, paged and with facets, and combines with the other filters', async () => {
    const seller = await newSeller({ verified: true });
    const other = await newSeller({ verified: true });
    await givenProduct(server, seller, { book_name: 'Quokka One', book_condition: 'Good', resale_price: '5' });
    await givenProduct(server, seller, { book_name: 'Quokka Two', book_condition: 'Fair', resale_price: '15' });
    await givenProduct(server, seller, { book_name: 'Wombat Three', book_condition: 'Good', resale_price: '25' });
    await givenProduct(server, other, { book_name: 'Quokka Other', book_condition: 'Good', resale_price: '5' });

    const all = await bookList(`seller=${seller.id}&facets=1`);
    expect(titles(all)).toEqual(['Quokka One', 'Quokka Two', 'Wombat Three']);
    expect(all.count).toBe(3);
    expect(all.facets?.condition).toEqual({ Excellent: 0, Good: 2, Fair: 1 });
    expect(all.products.every((product) => product.sellerId === seller.id)).toBe(true);

    expect(titles(await bookList(`seller=${seller.id}&condition=Good`))).toEqual(['Quokka One', 'Wombat Three']);
    expect(titles(await bookList(`seller=${seller.id}&minPrice=10&maxPrice=20`))).toEqual(['Quokka Two']);
    expect(titles(await bookList(`seller=${seller.id}&search=quokka`))).toEqual(['Quokka One', 'Quokka Two']);
    expect(titles(await bookList(`seller=${seller.id}&verified=1&sort=price_desc`))).toHaveLength(3);
    for (const price of ['30', '35', '40'])
      await givenProduct(server, seller, {
        book_name: `Wombat ${price}`,
        book_condition: 'Excellent',
        resale_price: price,
      });
    const secondPage = await bookList(`seller=${seller.id}&page=1&size=5&sort=price_asc`);
    expect(secondPage).toMatchObject({ count: 6, products: [{ book_name: 'Wombat 40' }] });
    // The same filters without the seller are a different list: the caches keep the two apart.
    expect(titles(await bookList('search=quokka')).length).toBeGreaterThan(2);
  });

  it('leaves out a listing an admin hid, as every public list does, and a deleted seller’s books', async () => {
    const seller = await newSeller();
    const hidden = await givenProduct(server, seller, { book_name: 'Hidden Numbat' });
    await givenProduct(server, seller, { book_name: 'Shown Numbat' });
    expect((await bookList(`seller=${seller.id}`)).count).toBe(2);
    await call(server, 'POST', '/api/report/create', { as: buyer, body: { productId: hidden, reason: 'Other' } });
    expect((await call(server, 'PUT', `/api/report/update/${hidden}`, { as: admin })).status).toBe(200);
    expect(titles(await bookList(`seller=${seller.id}&facets=1`))).toEqual(['Shown Numbat']);

    expect((await call(server, 'DELETE', `/api/user/delete/${seller.id}`, { as: admin })).status).toBe(200);
    expect(await bookList(`seller=${seller.id}`)).toEqual({ products: [], count: 0 });
  });

  it('answers an empty list for a seller with no books, and 400 with a message for a malformed id', async () => {
    const seller = await newSeller();
    expect(await bookList(`seller=${seller.id}&facets=1`)).toMatchObject({ products: [], count: 0 });
    const bad = await call(server, 'GET', '/api/category/list?seller=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/not allowed/);
  });
});

describe("a seller's rating on the lists and the details", () => {
  it('comes with every card of the book list, a category and the details, and follows a hidden review at once', async () => {
    const seller = await newSeller();
    const { productId, reviewId } = await givenReview(seller, 3);
    await givenReview(seller, 4);
    const unrated = await newSeller();
    const plain = await givenProduct(server, unrated, { book_name: 'Unrated Quoll' });

    const onList = async (query: string) =>
      (await bookList(query)).products.find((product) => product._id === productId)?.sellerRating;
    // Read twice, so the second answer comes from the caches.
    expect(await onList(`seller=${seller.id}`)).toEqual({ average: 3.5, count: 2 });
    expect(await onList(`seller=${seller.id}`)).toEqual({ average: 3.5, count: 2 });
    expect(await onList('search=&page=0&size=20')).toEqual({ average: 3.5, count: 2 });
    expect((await bookList(`seller=${unrated.id}`)).products[0]?.sellerRating).toEqual({ average: null, count: 0 });

    const category = await call(server, 'GET', '/api/category/list/2');
    const inCategory = category.body.map((p: unknown) => productSchema.parse(p));
    expect(inCategory.find((p: { _id: string }) => p._id === productId)?.sellerRating).toEqual({
      average: 3.5,
      count: 2,
    });
    const details = productDetailsSchema.parse((await call(server, 'GET', `/api/product/list/${productId}`)).body);
    expect(details.sellerRating).toEqual({ average: 3.5, count: 2 });
    const plainDetails = productDetailsSchema.parse((await call(server, 'GET', `/api/product/list/${plain}`)).body);
    expect(plainDetails.sellerRating).toEqual({ average: null, count: 0 });

    // Hiding a review moves no listing, so no catalog cache is emptied: the rating is read after them.
    expect((await call(server, 'PUT', `/api/review/hide/${reviewId}`, { as: admin })).status).toBe(200);
    expect(await onList(`seller=${seller.id}`)).toEqual({ average: 4, count: 1 });
    // The plain list's answer, written once while its ratings stood, is written again with the new one.
    expect(await onList('search=&page=0&size=20')).toEqual({ average: 4, count: 1 });
    expect(
      productDetailsSchema.parse((await call(server, 'GET', `/api/product/list/${productId}`)).body).sellerRating,
    ).toEqual({ average: 4, count: 1 });
  });
});
