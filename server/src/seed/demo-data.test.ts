import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { CATEGORY_CHOICES } from '@bookswap/shared/schemas';
import { accessTokenFor, call, imagesOf, startTestServer, type TestServer } from '../testing/test-server';
import { sql } from 'drizzle-orm';
import { databaseIsEmpty, seedIfEmpty, wipeData } from './demo-data';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
});
afterAll(() => server?.close());

describe('the demo marketplace of a first start', () => {
  it('has every demo account with its role, and the sign-in emulator’s list is the same list', async () => {
    const admin = { token: await accessTokenFor(server, 'admin@bookswap.test') };
    const everyone = await call(server, 'GET', '/api/user/list', { as: admin });
    expect(
      everyone.body
        .map((u: { userEmail: string; role: string; verify: boolean }) => [u.userEmail, u.role, u.verify])
        .sort(),
    ).toEqual(DEMO_USERS.map((u) => [u.email, u.role, u.verify]).sort());
  });

  it('has books in all nine categories, with covers that load', async () => {
    const all = await call(server, 'GET', '/api/category/list?size=20');
    expect(all.body.count).toBeGreaterThanOrEqual(55);
    for (const category of CATEGORY_CHOICES) {
      const list = await call(server, 'GET', `/api/category/list/${category.category_id}`);
      expect(list.body.length).toBeGreaterThan(0);
    }
    const cover = new URL(all.body.products[0].img);
    const served = await server.app.inject({ method: 'GET', url: cover.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('has advertised, sold and reported books and open bookings to pay', async () => {
    const ads = await call(server, 'GET', '/api/product/Ads/list');
    expect(ads.body.length).toBeGreaterThan(2);
    const seller = { token: await accessTokenFor(server, 'seller@bookswap.test') };
    const seller2 = { token: await accessTokenFor(server, 'seller2@bookswap.test') };
    const mine = [
      ...(await call(server, 'GET', '/api/product/list?email=seller@bookswap.test', { as: seller })).body,
      ...(await call(server, 'GET', '/api/product/list?email=seller2@bookswap.test', { as: seller2 })).body,
    ];
    // One paid and waiting for its hand-over, one handed over and reviewed.
    expect(mine.filter((p: { paid: boolean }) => p.paid)).toHaveLength(2);
    expect(mine.filter((p: { report: string }) => p.report === 'true')).toHaveLength(1);
    const buyer = { token: await accessTokenFor(server, 'buyer@bookswap.test') };
    const orders = await call(server, 'GET', '/api/booking/list?email=buyer@bookswap.test', { as: buyer });
    expect(orders.body.filter((b: { paid: boolean }) => !b.paid).length).toBeGreaterThan(0);
    expect(orders.body.filter((b: { paid: boolean }) => b.paid)).toHaveLength(1);
  });

  it('gives the demo seller booking requests and the demo buyer a notification (decision 024)', async () => {
    const seller = { token: await accessTokenFor(server, 'seller@bookswap.test') };
    const requests = await call(server, 'GET', '/api/booking/requests', { as: seller });
    expect(requests.body.count).toBeGreaterThan(0);
    expect(requests.body.bookings[0]).toMatchObject({ phone: expect.any(String), meetingLocation: expect.any(String) });
    const sellerTold = await call(server, 'GET', '/api/notification/list', { as: seller });
    expect(sellerTold.body.unread).toBeGreaterThan(0);
    const buyer = { token: await accessTokenFor(server, 'buyer@bookswap.test') };
    const buyerTold = await call(server, 'GET', '/api/notification/list', { as: buyer });
    expect(buyerTold.body.notifications).toEqual([expect.objectContaining({ kind: 'payment-receipt' })]);
  });

  it('gives the demo buyer a thread with the seller on the paid booking, its answer unread (decision 030)', async () => {
    const buyer = { token: await accessTokenFor(server, 'buyer@bookswap.test') };
    const orders = await call(server, 'GET', '/api/booking/list?email=buyer@bookswap.test', { as: buyer });
    const paid = orders.body.find((b: { paid: boolean }) => b.paid);
    const thread = await call(server, 'GET', `/api/booking/${paid._id}/messages`, { as: buyer });
    expect(thread.body).toMatchObject({ open: true, unread: 1 });
    expect(thread.body.messages.map((m: { mine: boolean }) => m.mine)).toEqual([true, false]);
    const bell = await call(server, 'GET', '/api/notification/list', { as: buyer });
    expect(bell.body.unreadMessages).toBe(1);
  });

  it('shows the demo seller’s rating from a handed-over booking both parties reviewed (decision 034)', async () => {
    const admin = { token: await accessTokenFor(server, 'admin@bookswap.test') };
    const everyone = await call(server, 'GET', '/api/user/list', { as: admin });
    const seller = everyone.body.find((u: { userEmail: string }) => u.userEmail === 'seller@bookswap.test');
    const reviews = await call(server, 'GET', `/api/seller/${seller._id}/reviews`);
    expect(reviews.body.rating).toEqual({ average: 5, count: 1 });
    expect(reviews.body.reviews).toEqual([expect.objectContaining({ authorParty: 'buyer', stars: 5 })]);
  });

  it('gives the demo buyer a saved search, whose book list it opens (decision 035)', async () => {
    const buyer = { token: await accessTokenFor(server, 'buyer@bookswap.test') };
    const saved = await call(server, 'GET', '/api/saved-search/list', { as: buyer });
    expect(saved.body).toEqual([
      expect.objectContaining({ listQuery: 'category=7&condition=Excellent&condition=Good&maxPrice=15' }),
    ]);
  });

  it('is not seeded twice', async () => {
    expect(await seedIfEmpty(server.db, imagesOf(server))).toBe(false);
    expect(await imagesOf(server).read('cover-0.png')).not.toBeNull();
  });

  // Last: it empties this file's database.
  it('is emptied whole by seed --reset, threads included, and seeds again', async () => {
    await wipeData(server.db);
    expect(await seedIfEmpty(server.db, imagesOf(server))).toBe(true);
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
onPostgres('seed --reset beside a running server on PostgreSQL', () => {
  let running: TestServer;
  beforeAll(async () => {
    running = await startTestServer({ seed: 'demo' });
  });
  afterAll(() => running?.close());

  const truncateWaitsForALock = async () => {
    for (;;) {
      const waiting = (await running.db.execute(
        sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'TRUNCATE%'`,
      )) as unknown as { rows: { waiting: number }[] };
      if (waiting.rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('empties every table even when PostgreSQL ends it to break a deadlock with another transaction', async () => {
    // The other transaction holds the wipe's last table, then asks for its first: a deadlock, whose victim is the
    // wipe (it waited first, so it is the one that finds the cycle).
    let wiping: Promise<void> | undefined;
    await running.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE rate_limit_counters IN ROW EXCLUSIVE MODE`);
      wiping = wipeData(running.db);
      // Awaited below, once this transaction has let go; until then a failure must not count as unhandled.
      wiping.catch(() => undefined);
      await truncateWaitsForALock();
      await tx.execute(sql`LOCK TABLE review_reminders IN ROW EXCLUSIVE MODE`);
    });
    await wiping;
    expect(await databaseIsEmpty(running.db)).toBe(true);
  }, 20_000);
});
