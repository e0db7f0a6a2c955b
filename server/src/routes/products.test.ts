import { catalogVersionSchema, productSchema, productWithContactSchema } from '@bookswap/shared/schemas';
import {
  ADA_ADMIN,
  BEA_BUYER,
  call,
  givenProduct,
  NIA_NEWSELLER,
  SAM_SELLER,
  serverForThisFile,
  TEST_COVER_URL,
  uploadImage,
  VALID_PRODUCT,
} from '../testing/test-server';
import { drawCover } from '../seed/cover-image';

const { server, seller, otherSeller, buyer, admin } = serverForThisFile({
  seller: { ...SAM_SELLER, verified: true },
  otherSeller: NIA_NEWSELLER,
  buyer: BEA_BUYER,
  admin: ADA_ADMIN,
});

describe('a seller listing a book', () => {
  it('stores the listing with seller, verify, flags and date set by the server, not the body', async () => {
    const created = await call(server, 'POST', '/api/product/create', {
      as: seller,
      body: {
        ...VALID_PRODUCT,
        sellerName: 'Someone Else',
        sellerEmail: 'x@example.test',
        verify: false,
        paid: true,
        addADS: true,
        report: 'true',
        date: 'yesterday',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const detail = await call(server, 'GET', `/api/product/list/${created.body.insertedId}`, { as: buyer });
    expect(productWithContactSchema.strict().parse(detail.body)).toEqual({
      ...VALID_PRODUCT,
      _id: created.body.insertedId,
      category_name: 'Poetry',
      sellerId: seller.id,
      sellerName: seller.name,
      sellerEmail: seller.email,
      verify: true,
      paid: false,
      addADS: false,
      report: 'false',
      date: expect.stringMatching(/\d{4}/),
      sellerRating: { average: null, count: 0 },
    });
  });

  it('lists only the seller’s own products, and not for another email', async () => {
    const mine = await givenProduct(server, seller, { book_name: 'Mine Only' });
    await givenProduct(server, otherSeller, { book_name: 'Not Mine' });
    const list = await call(server, 'GET', `/api/product/list?email=${seller.email}`, { as: seller });
    expect(list.status).toBe(200);
    expect(list.body.map((p: { _id: string }) => p._id)).toContain(mine);
    expect(list.body.every((p: { sellerEmail: string }) => p.sellerEmail === seller.email)).toBe(true);
    expect((await call(server, 'GET', `/api/product/list?email=${otherSeller.email}`, { as: seller })).status).toBe(
      403,
    );
  });
});

describe('who sees a seller’s phone and email', () => {
  const noContact = (product: Record<string, unknown>) => !('sellerEmail' in product) && !('phone' in product);

  it('the public lists show the seller’s name, tick and id, never their phone or email', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Quietly Listed', category_id: '6' });
    await call(server, 'PUT', `/api/product/update/${id}`, { as: seller });
    const searched = await call(server, 'GET', '/api/category/list?search=quietly&page=0&size=5');
    const newest = await call(server, 'GET', '/api/category/list?page=0&size=5');
    const category = await call(server, 'GET', '/api/category/list/6');
    const ads = await call(server, 'GET', '/api/product/Ads/list');
    for (const list of [searched.body.products, newest.body.products, category.body, ads.body]) {
      const listed = list.find((p: { _id: string }) => p._id === id);
      expect(productSchema.strict().parse(listed)).toMatchObject({
        sellerId: seller.id,
        sellerName: seller.name,
        verify: true,
      });
      expect(list.every(noContact)).toBe(true);
    }
    // Signed in, the lists are the same for everyone (one cache): no contact details there either.
    const asBuyer = await call(server, 'GET', '/api/category/list?search=quietly&page=0&size=5', { as: buyer });
    expect(asBuyer.body.products.every(noContact)).toBe(true);
    expect(JSON.stringify([searched.body, newest.body, category.body, ads.body])).not.toContain(seller.email);
  });

  it('the details call shows contact details to a signed-in caller only, as the details page does', async () => {
    const id = await givenProduct(server, seller, { phone: '+880 1711 424242' });
    const visitor = await call(server, 'GET', `/api/product/list/${id}`);
    expect(visitor.status).toBe(200);
    expect(productSchema.strict().parse(visitor.body)).toMatchObject({ _id: id, sellerName: seller.name });
    for (const who of [buyer, otherSeller, admin]) {
      const signedIn = await call(server, 'GET', `/api/product/list/${id}`, { as: who });
      expect(signedIn.body).toMatchObject({ _id: id, phone: '+880 1711 424242', sellerEmail: seller.email });
    }
    // The details kept for signed-in callers are never a visitor's.
    expect(productSchema.strict().parse((await call(server, 'GET', `/api/product/list/${id}`)).body)._id).toBe(id);
    // A token that is no good is refused (so the client refreshes it), not answered as to a visitor.
    const stale = await call(server, 'GET', `/api/product/list/${id}`, { as: { token: 'not-a-token' } });
    expect(stale.status).toBe(401);
  });

  it('the seller’s own list keeps their contact details', async () => {
    await givenProduct(server, seller, { book_name: 'Mine With Phone' });
    const list = await call(server, 'GET', `/api/product/list?email=${seller.email}`, { as: seller });
    const mine = list.body.find((p: { book_name: string }) => p.book_name === 'Mine With Phone');
    expect(productWithContactSchema.parse(mine)).toMatchObject({
      phone: VALID_PRODUCT.phone,
      sellerEmail: seller.email,
    });
  });
});

describe('a listing’s cover', () => {
  const refusedCover = async (img: string) => {
    const response = await call(server, 'POST', '/api/product/create', { as: seller, body: { ...VALID_PRODUCT, img } });
    return { status: response.status, field: response.body.field };
  };

  it('is refused from any other host, or from our address outside the image store', async () => {
    for (const img of [
      'https://images.example.test/images/gitanjali.png',
      'https://tracker.example/pixel.gif',
      'http://localhost:5000.evil.example/images/test-cover.png',
      'http://localhost:5000/api/images/test-cover.png',
      'http://localhost:5000/images/test-cover.png?track=1',
    ])
      expect([img, await refusedCover(img)]).toEqual([img, { status: 400, field: 'img' }]);
  });

  it('is refused when our image store holds no such image', async () => {
    const response = await call(server, 'POST', '/api/product/create', {
      as: seller,
      body: { ...VALID_PRODUCT, img: 'http://localhost:5000/images/0123456789abcdef.png' },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { field: 'img', message: expect.stringMatching(/upload it again/) },
    });
  });

  it('is accepted as the upload answered it, and shown back under the server’s address', async () => {
    const uploaded = await uploadImage(server, seller, drawCover(9, 8, 8));
    const url = uploaded.json().data.url as string;
    const id = await givenProduct(server, seller, { img: url });
    expect((await call(server, 'GET', `/api/product/list/${id}`)).body.img).toBe(url);
    expect((await call(server, 'GET', `/api/product/list/${await givenProduct(server, seller)}`)).body.img).toBe(
      TEST_COVER_URL,
    );
  });
});

describe('browsing books', () => {
  it('searches book names and authors with paging and a total count', async () => {
    for (let i = 0; i < 7; i++)
      await givenProduct(server, seller, { book_name: `Pangolin Tales ${i}`, category_id: '5' });
    const page0 = await call(server, 'GET', '/api/category/list?search=PANGOLIN&page=0&size=5');
    expect(page0.status).toBe(200);
    expect(page0.body.count).toBe(7);
    expect(page0.body.products).toHaveLength(5);
    const page1 = await call(server, 'GET', '/api/category/list?search=pangolin&page=1&size=5');
    expect(page1.body.products).toHaveLength(2);
    const ids = new Set([...page0.body.products, ...page1.body.products].map((p: { _id: string }) => p._id));
    expect(ids.size).toBe(7);
    const byAuthor = await call(server, 'GET', '/api/category/list?search=tagore');
    expect(byAuthor.body.count).toBeGreaterThan(0);
    const literalPercent = await call(server, 'GET', '/api/category/list?search=%25');
    expect(literalPercent.body).toEqual({ products: [], count: 0 });
  });

  it('lists every visible book newest first when nothing is searched, with the total count', async () => {
    const before = await call(server, 'GET', '/api/category/list?page=0&size=5');
    const id = await givenProduct(server, seller, { book_name: 'Newest Arrival' });
    const after = await call(server, 'GET', '/api/category/list?page=0&size=5');
    expect(after.body.count).toBe(before.body.count + 1);
    expect(after.body.products[0]._id).toBe(id);
    expect(after.body.products).toHaveLength(Math.min(5, after.body.count));
    const pastTheEnd = await call(server, 'GET', '/api/category/list?page=499&size=20');
    expect(pastTheEnd.body).toEqual({ products: [], count: after.body.count });
  });

  it('lists a category’s products, and 404s for a category that does not exist', async () => {
    const id = await givenProduct(server, seller, { category_id: '7', book_name: 'Dune' });
    const list = await call(server, 'GET', '/api/category/list/7');
    expect(list.body.map((p: { _id: string }) => p._id)).toContain(id);
    expect(list.body.every((p: { category_id: string }) => p.category_id === '7')).toBe(true);
    expect((await call(server, 'GET', '/api/category/list/42')).status).toBe(404);
  });

  it('404s for a product id that does not exist', async () => {
    const response = await call(server, 'GET', '/api/product/list/0123456789abcdef01234567');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: expect.any(String) });
  });
});

describe('the catalog version', () => {
  const versionNow = async () => {
    const answer = await call(server, 'GET', '/api/catalog/version');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return catalogVersionSchema.strict().parse(answer.body).version;
  };

  it('stays while the lists are only read, and moves when a listing is added or deleted', async () => {
    const before = await versionNow();
    await call(server, 'GET', '/api/category/list?search=&page=0&size=5');
    expect(await versionNow()).toBe(before);
    const id = await givenProduct(server, seller, { book_name: 'Version Mover' });
    const afterListing = await versionNow();
    expect(afterListing).toBeGreaterThan(before);
    expect((await call(server, 'DELETE', `/api/product/delete/${id}`, { as: seller })).status).toBe(200);
    expect(await versionNow()).toBeGreaterThan(afterListing);
  });
});

describe('advertising', () => {
  it('advertises an own unsold, unreported product, which then shows in the ads list', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Advertised Book' });
    const advertised = await call(server, 'PUT', `/api/product/update/${id}`, { as: seller, body: { addADS: true } });
    expect(advertised.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    const ads = await call(server, 'GET', '/api/product/Ads/list');
    expect(ads.body.map((p: { _id: string }) => p._id)).toContain(id);
    expect(ads.body.every((p: { addADS: boolean; paid: boolean }) => p.addADS && !p.paid)).toBe(true);
  });

  it('accepts an empty body, and refuses another seller’s product', async () => {
    const id = await givenProduct(server, seller);
    expect((await call(server, 'PUT', `/api/product/update/${id}`, { as: otherSeller })).status).toBe(403);
    const empty = await call(server, 'PUT', `/api/product/update/${id}`, {
      as: seller,
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(empty.body).toEqual({ acknowledged: true, modifiedCount: 1 });
  });

  it('cannot advertise a reported product', async () => {
    const id = await givenProduct(server, seller);
    await call(server, 'POST', '/api/report/create', { as: buyer, body: { productId: id, reason: 'High Price' } });
    const mine = await call(server, 'GET', `/api/product/list?email=${seller.email}`, { as: seller });
    expect(mine.body.find((p: { _id: string }) => p._id === id).report).toBe('true');
    const response = await call(server, 'PUT', `/api/product/update/${id}`, { as: seller, body: { addADS: true } });
    expect(response.status).toBe(409);
  });
});

describe('deleting a listing', () => {
  it('lets the seller delete their own product and the admin any product', async () => {
    const own = await givenProduct(server, seller);
    const other = await givenProduct(server, otherSeller);
    expect((await call(server, 'DELETE', `/api/product/delete/${other}`, { as: seller })).status).toBe(403);
    expect((await call(server, 'DELETE', `/api/product/delete/${own}`, { as: seller })).body).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await call(server, 'DELETE', `/api/product/delete/${other}`, { as: admin })).body).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await call(server, 'GET', `/api/product/list/${own}`)).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/product/delete/${own}`, { as: seller })).status).toBe(404);
  });
});
