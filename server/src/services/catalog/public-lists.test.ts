import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { openDatabase } from '../../db/database';
import { products } from '../../db/schema';
import { prepareServer } from '../../server';
import {
  ADA_ADMIN,
  BEA_BUYER,
  call,
  givenBooking,
  givenProduct,
  givenUser,
  SAM_SELLER,
  serverForThisFile,
  type Person,
} from '../../testing/test-server';

// The public lists are cached under the catalog version (migration 0004). Each story below first asks every
// list once, so that a stale cached answer would be there to be served, then writes, then asks again.

const { server, seller, buyer, admin } = serverForThisFile({
  seller: { ...SAM_SELLER, verified: true },
  buyer: BEA_BUYER,
  admin: ADA_ADMIN,
});

interface Listing {
  _id: string;
  paid: boolean;
  addADS: boolean;
  report: string;
  verify: boolean;
  book_name: string;
}
interface Lists {
  shelf: { products: Listing[]; count: number };
  search: { products: Listing[]; count: number };
  category: Listing[];
  ads: Listing[];
}

/** Every public list a write can change, for one search word and one category. */
async function lists(word: string, categoryId: string): Promise<Lists> {
  const [shelf, search, category, ads] = await Promise.all([
    call(server, 'GET', '/api/category/list?page=0&size=20'),
    call(server, 'GET', `/api/category/list?search=${word}&page=0&size=20`),
    call(server, 'GET', `/api/category/list/${categoryId}`),
    call(server, 'GET', '/api/product/Ads/list'),
  ]);
  for (const answer of [shelf, search, category, ads]) expect(answer.status).toBe(200);
  return { shelf: shelf.body, search: search.body, category: category.body, ads: ads.body };
}

async function visibleListings(): Promise<number> {
  const [row] = await server.db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.hidden, false), isNotNull(products.sellerId)));
  return Number(row!.n);
}

const ids = (listings: Listing[]) => listings.map((listing) => listing._id);
const find = (listings: Listing[], id: string) => listings.find((listing) => listing._id === id);

async function reported(productId: string, by: Person = buyer): Promise<string> {
  const created = await call(server, 'POST', '/api/report/create', { as: by, body: { productId, reason: 'Other' } });
  expect(created.status).toBe(201);
  return created.body.insertedId as string;
}

async function advertised(productId: string, by: Person = seller): Promise<void> {
  const answer = await call(server, 'PUT', `/api/product/update/${productId}`, { as: by });
  expect(answer.body).toEqual({ acknowledged: true, modifiedCount: 1 });
}

describe('the public lists answer every write at once, with exact counts', () => {
  it('a new listing is on the book list, in its search, its category, and the count, at once', async () => {
    const before = await lists('wombat', '8');
    expect(before.search).toEqual({ products: [], count: 0 });
    const id = await givenProduct(server, seller, { book_name: 'Wombat Diaries', category_id: '8' });
    const after = await lists('wombat', '8');
    expect(after.shelf.count).toBe(before.shelf.count + 1);
    expect(after.shelf.count).toBe(await visibleListings());
    expect(after.shelf.products[0]!._id).toBe(id);
    expect(after.search.count).toBe(1);
    expect(ids(after.search.products)).toEqual([id]);
    expect(ids(after.category)[0]).toBe(id);
  });

  it('a deleted listing leaves every list and the count at once', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Numbat Notes', category_id: '3' });
    await advertised(id);
    const before = await lists('numbat', '3');
    expect(ids(before.ads)).toContain(id);
    expect((await call(server, 'DELETE', `/api/product/delete/${id}`, { as: seller })).body.deletedCount).toBe(1);
    const after = await lists('numbat', '3');
    expect(after.shelf.count).toBe(before.shelf.count - 1);
    expect(after.shelf.count).toBe(await visibleListings());
    expect(after.search).toEqual({ products: [], count: 0 });
    expect(ids(after.category)).not.toContain(id);
    expect(ids(after.ads)).not.toContain(id);
  });

  it('an advertised listing is in the ads list and marked in the lists at once', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Quoll Quarterly', category_id: '4' });
    const before = await lists('quoll', '4');
    expect(ids(before.ads)).not.toContain(id);
    await advertised(id);
    const after = await lists('quoll', '4');
    expect(ids(after.ads)).toContain(id);
    expect(find(after.search.products, id)?.addADS).toBe(true);
    expect(find(after.category, id)?.addADS).toBe(true);
    expect(find(after.shelf.products, id)?.addADS).toBe(true);
  });

  it('a reported listing shows its mark at once; hiding it takes it off every list; counts follow', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Bilby Ballads', category_id: '5' });
    await lists('bilby', '5');
    await reported(id);
    const flagged = await lists('bilby', '5');
    expect(find(flagged.search.products, id)?.report).toBe('true');
    expect(find(flagged.category, id)?.report).toBe('true');

    const hidden = await call(server, 'PUT', `/api/report/update/${id}`, { as: admin });
    expect(hidden.status).toBe(200);
    const after = await lists('bilby', '5');
    expect(after.shelf.count).toBe(flagged.shelf.count - 1);
    expect(after.shelf.count).toBe(await visibleListings());
    expect(after.search).toEqual({ products: [], count: 0 });
    expect(ids(after.category)).not.toContain(id);
    expect(ids(after.shelf.products)).not.toContain(id);
  });

  it('a dismissed report takes the mark off at once', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Dingo Dialogues', category_id: '6' });
    const reportId = await reported(id);
    const before = await lists('dingo', '6');
    expect(find(before.search.products, id)?.report).toBe('true');
    expect((await call(server, 'PUT', `/api/report/dismiss/${reportId}`, { as: admin })).status).toBe(200);
    const after = await lists('dingo', '6');
    expect(find(after.search.products, id)?.report).toBe('false');
    expect(find(after.category, id)?.report).toBe('false');
    expect(after.shelf.count).toBe(before.shelf.count);
  });

  it('a paid listing is sold in the lists and leaves the ads list at once', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Echidna Essays', category_id: '7', resale_price: '9' });
    await advertised(id);
    const bookingId = await givenBooking(server, buyer, id);
    const before = await lists('echidna', '7');
    expect(ids(before.ads)).toContain(id);
    expect(find(before.search.products, id)?.paid).toBe(false);

    const intent = await call(server, 'POST', '/api/payment/create/intent', {
      as: buyer,
      body: { price: '9', bookingid: bookingId },
    });
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };
    const confirmed = await call(server, 'POST', '/api/payments/sandbox/confirm', {
      body: { clientSecret: intent.body.clientSecret, card },
    });
    const paid = await call(server, 'POST', '/api/payment/create', {
      as: buyer,
      body: {
        price: '9',
        bookingid: bookingId,
        buyerEmail: buyer.email,
        category_id: id,
        transactionId: confirmed.body.paymentIntent.id,
      },
    });
    expect(paid.status).toBe(201);

    const after = await lists('echidna', '7');
    expect(ids(after.ads)).not.toContain(id);
    expect(find(after.search.products, id)?.paid).toBe(true);
    expect(find(after.category, id)?.paid).toBe(true);
    expect(after.shelf.count).toBe(before.shelf.count);
  });

  it('verifying a seller puts the tick on their listings at once', async () => {
    const newSeller = await givenUser(server, 'seller', 'Vera Verifiable');
    const id = await givenProduct(server, newSeller, { book_name: 'Platypus Papers', category_id: '9' });
    const before = await lists('platypus', '9');
    expect(find(before.search.products, id)?.verify).toBe(false);
    expect((await call(server, 'PUT', `/api/user/seller/verify/${newSeller.id}`, { as: admin })).status).toBe(200);
    const after = await lists('platypus', '9');
    expect(find(after.search.products, id)?.verify).toBe(true);
    expect(find(after.category, id)?.verify).toBe(true);
  });

  it('deleting a seller takes all their listings off every list and the count at once', async () => {
    const leaving = await givenUser(server, 'seller', 'Larry Leaving');
    const first = await givenProduct(server, leaving, { book_name: 'Kiwi Keepsakes', category_id: '1' });
    await givenProduct(server, leaving, { book_name: 'Kiwi Chronicles', category_id: '1' });
    await advertised(first, leaving);
    const before = await lists('kiwi', '1');
    expect(before.search.count).toBe(2);
    expect(ids(before.ads)).toContain(first);
    expect((await call(server, 'DELETE', `/api/user/delete/${leaving.id}`, { as: admin })).body.deletedCount).toBe(1);
    const after = await lists('kiwi', '1');
    expect(after.search).toEqual({ products: [], count: 0 });
    expect(after.shelf.count).toBe(before.shelf.count - 2);
    expect(after.shelf.count).toBe(await visibleListings());
    expect(ids(after.category)).not.toContain(first);
    expect(ids(after.ads)).not.toContain(first);
  });

  it('a listing’s detail, and the booking that copies it, follow every write at once', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Quokka Quarrels', category_id: '2' });
    const detail = () => call(server, 'GET', `/api/product/list/${id}`);
    expect((await detail()).body.addADS).toBe(false);
    await advertised(id);
    expect((await detail()).body.addADS).toBe(true);
    await server.db.update(products).set({ title: 'Wombat Wisdom', resalePrice: '7.25' }).where(eq(products.id, id));
    expect((await detail()).body).toMatchObject({ book_name: 'Wombat Wisdom', resale_price: '7.25' });
    const booking = { category_id: id, phone: '+880 1711 222222', meetingLocation: 'Gate 5' };
    const booked = await call(server, 'POST', '/api/booking/create', { as: buyer, body: booking });
    expect(booked.status).toBe(201);
    const copied = await call(server, 'GET', `/api/booking/list/${booked.body.insertedId}`, { as: buyer });
    expect(copied.body).toMatchObject({ book_name: 'Wombat Wisdom', price: '7.25' });
    const late = await givenUser(server, 'buyer', 'Lou Late');
    await server.db.update(products).set({ sold: true }).where(eq(products.id, id));
    expect((await detail()).body.paid).toBe(true);
    expect((await call(server, 'POST', '/api/booking/create', { as: late, body: booking })).status).toBe(409);
    await server.db.update(products).set({ hidden: true }).where(eq(products.id, id));
    expect((await detail()).status).toBe(404);
    expect((await call(server, 'POST', '/api/booking/create', { as: late, body: booking })).status).toBe(404);
  });

  it('a change written straight to the database, not through the API, is seen at once too', async () => {
    const id = await givenProduct(server, seller, { book_name: 'Wallaby Wanderings', category_id: '2' });
    const before = await lists('wallaby', '2');
    expect(before.search.count).toBe(1);
    await server.db.update(products).set({ title: 'Kangaroo Kingdom' }).where(eq(products.id, id));
    expect((await lists('wallaby', '2')).search).toEqual({ products: [], count: 0 });
    expect(ids((await lists('kangaroo', '2')).search.products)).toEqual([id]);
    await server.db.update(products).set({ hidden: true }).where(eq(products.id, id));
    expect((await lists('kangaroo', '2')).shelf.count).toBe(before.shelf.count - 1);
    expect(await visibleListings()).toBe(before.shelf.count - 1);
  });

  it('a sale or a report keeps the lists’ shape (migration 0012); any other change moves it, and the lists follow', async () => {
    const shape = async () => {
      const state = (await server.db.execute(
        sql`SELECT version::int AS version, shape_version::int AS shape FROM catalog_state`,
      )) as unknown as { rows: { version: number; shape: number }[] };
      return state.rows[0]!;
    };
    const id = await givenProduct(server, seller, { book_name: 'Quokka Quarterly', category_id: '3' });
    await lists('quokka', '3');
    const start = await shape();
    await server.db.update(products).set({ sold: true, advertised: false }).where(eq(products.id, id));
    await server.db.update(products).set({ reported: true }).where(eq(products.id, id));
    const afterFlags = await shape();
    expect(afterFlags.version).toBe(start.version + 2);
    expect(afterFlags.shape).toBe(start.shape);
    // The kept ids serve the search and pages; the rows, read again by id, carry the sale.
    const flagged = await lists('quokka', '3');
    expect(ids(flagged.search.products)).toEqual([id]);
    expect(find(flagged.search.products, id)?.paid).toBe(true);
    expect(find(flagged.shelf.products, id)?.paid).toBe(true);
    expect(find(flagged.category, id)?.paid).toBe(true);
    await server.db.update(products).set({ resalePrice: '7.50' }).where(eq(products.id, id));
    expect((await shape()).shape).toBe(start.shape + 1);
    await server.db.update(products).set({ hidden: true }).where(eq(products.id, id));
    expect((await shape()).shape).toBe(start.shape + 2);
    const hidden = await lists('quokka', '3');
    expect(hidden.search).toEqual({ products: [], count: 0 });
    expect(find(hidden.shelf.products, id)).toBeUndefined();
    expect(find(hidden.category, id)).toBeUndefined();
  });
});

describe('searching and paging many listings', () => {
  const SELLER_LISTINGS = 5_123;

  beforeAll(async () => {
    // More matches than the server keeps ids of (5,000), written in one statement as the benchmark does.
    await server.db.execute(sql`
      INSERT INTO products (id, seller_id, seller_name, seller_email, seller_verified, title, author, category_id,
        category_name, original_price, resale_price, years_of_use, condition, image_url, pickup_location, hidden,
        listed_at)
      SELECT 'bulk' || lpad(i::text, 20, '0'), ${seller.id}, ${seller.name}, ${seller.email}, true,
        'Marsupial Manual ' || i || CASE WHEN i % 100 = 0 THEN ' cassowary' ELSE '' END, 'Bulk Author', '1',
        'Category', '20', '10', '1', 'Good', '/images/bulk.png', 'Dhaka', i % 1000 = 7,
        now() - (i || ' seconds')::interval
      FROM generate_series(1, ${SELLER_LISTINGS}) AS i`);
  });

  async function expected(word: string, offset: number, size: number): Promise<{ ids: string[]; total: number }> {
    const where = sql`NOT hidden AND seller_id IS NOT NULL AND search_text LIKE ${`%${word}%`}`;
    const page = (await server.db.execute(
      sql`SELECT id FROM products WHERE ${where} ORDER BY listed_at DESC, id DESC LIMIT ${size} OFFSET ${offset}`,
    )) as unknown as { rows: { id: string }[] };
    const total = (await server.db.execute(sql`SELECT count(*)::int AS n FROM products WHERE ${where}`)) as unknown as {
      rows: { n: number }[];
    };
    return { ids: page.rows.map((row) => row.id), total: total.rows[0]!.n };
  }

  it('counts a bulk insert exactly, leaving out the hidden listings', async () => {
    const shelf = await call(server, 'GET', '/api/category/list?page=0&size=5');
    expect(shelf.body.count).toBe(await visibleListings());
  });

  it('answers every page of a common and a rare word as the database orders it, with the exact total', async () => {
    for (const [word, pages] of [
      // 499 × 20 is the deepest page a list serves (MAX_LIST_DEPTH).
      ['marsupial', [0, 1, 7, 249, 250, 255, 256, 499]],
      ['cassowary', [0, 1, 2, 3]],
    ] as const) {
      for (const page of pages) {
        const answer = await call(server, 'GET', `/api/category/list?search=${word}&page=${page}&size=20`);
        const want = await expected(word, page * 20, 20);
        expect({ word, page, ids: ids(answer.body.products), count: answer.body.count }).toEqual({
          word,
          page,
          ids: want.ids,
          count: want.total,
        });
      }
    }
  });

  it('a page read before a write and asked again after it is the new page', async () => {
    const before = await call(server, 'GET', '/api/category/list?search=marsupial&page=300&size=5');
    await server.db.execute(sql`UPDATE products SET hidden = true WHERE id = ${before.body.products[0]._id}`);
    const after = await call(server, 'GET', '/api/category/list?search=marsupial&page=300&size=5');
    expect(after.body.count).toBe(before.body.count - 1);
    expect(ids(after.body.products)).toEqual((await expected('marsupial', 1500, 5)).ids);
  });
});

// Several API instances on one PostgreSQL (PGlite is one process): each keeps its own cache, and a write
// through either is seen by the other at its next request.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
onPostgres('two API instances on one PostgreSQL', () => {
  it('a listing created through one instance is on the other’s lists at once', async () => {
    const schema = (
      (await server.db.execute(sql`SELECT current_schema() AS name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, searchPath: schema });
    const other = await prepareServer({ ...server.config, databaseUrl: process.env.DATABASE_URL }, handle);
    try {
      const ask = (url: string) => other.inject({ method: 'GET', url }).then((response) => response.json());
      const before = await ask('/api/category/list?search=bandicoot&page=0&size=5');
      const shelfBefore = await ask('/api/category/list?page=0&size=5');
      expect(before).toEqual({ products: [], count: 0 });
      const id = await givenProduct(server, seller, { book_name: 'Bandicoot Bulletin' });
      const after = await ask('/api/category/list?search=bandicoot&page=0&size=5');
      expect(after.count).toBe(1);
      expect(after.products[0]._id).toBe(id);
      const shelfAfter = await ask('/api/category/list?page=0&size=5');
      expect(shelfAfter.count).toBe(shelfBefore.count + 1);
      expect(shelfAfter.products[0]._id).toBe(id);
      // The other instance's cached detail follows a write through this one.
      expect((await ask(`/api/product/list/${id}`)).addADS).toBe(false);
      expect((await call(server, 'PUT', `/api/product/update/${id}`, { as: seller })).status).toBe(200);
      expect((await ask(`/api/product/list/${id}`)).addADS).toBe(true);
    } finally {
      // Closes its database handle too.
      await other.close();
    }
  });
});
