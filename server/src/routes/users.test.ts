import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import {
  accessTokenFor,
  ADA_ADMIN,
  BEA_BUYER,
  call,
  emulatorIdToken,
  givenBooking,
  givenProduct,
  givenUser,
  SAM_SELLER,
  serverForThisFile,
  TEST_COVER_URL,
} from '../testing/test-server';

const { server, admin, seller, buyer } = serverForThisFile(
  { admin: ADA_ADMIN, seller: SAM_SELLER, buyer: BEA_BUYER },
  { adminEmails: ['boss@example.test'] },
);

/** The sign-up screen's call: a user record asked for with the caller's ID token. */
const askForUserRecord = (idToken: string, body: Record<string, unknown>) =>
  call(server, 'POST', '/api/user/create', { headers: { authorization: `Bearer ${idToken}` }, body });

describe('trading the sign-in token for an access token', () => {
  it('gives an access token to a person whose ID token carries the asked email', async () => {
    const response = await call(server, 'GET', `/api/jwt/list?email=${buyer.email}`, {
      headers: { authorization: `Bearer ${emulatorIdToken({ email: buyer.email })}` },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ accessToken: expect.any(String) });
    const [, payload] = response.body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(12 * 3600);
    expect(claims.email).toBe(buyer.email);
  });

  it('answers 404 while the email has no user record, so the shell can create one', async () => {
    const response = await call(server, 'GET', '/api/jwt/list?email=new@example.test', {
      headers: { authorization: `Bearer ${emulatorIdToken({ email: 'new@example.test' })}` },
    });
    expect(response.status).toBe(404);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('refuses an ID token of another email, an expired one and one for another project', async () => {
    const other = await call(server, 'GET', `/api/jwt/list?email=${buyer.email}`, {
      headers: { authorization: `Bearer ${emulatorIdToken({ email: seller.email })}` },
    });
    expect(other.status).toBe(403);
    const expired = await call(server, 'GET', `/api/jwt/list?email=${buyer.email}`, {
      headers: { authorization: `Bearer ${emulatorIdToken({ email: buyer.email }, { exp: 1000 })}` },
    });
    expect(expired.status).toBe(401);
    const foreign = await call(server, 'GET', `/api/jwt/list?email=${buyer.email}`, {
      headers: { authorization: `Bearer ${emulatorIdToken({ email: buyer.email }, { aud: 'someone-else' })}` },
    });
    expect(foreign.status).toBe(401);
    const none = await call(server, 'GET', `/api/jwt/list?email=${buyer.email}`);
    expect(none.status).toBe(401);
  });

  it('in emulator mode lets a record follow the emulator’s current account (its accounts come and go)', async () => {
    const wiped = await call(server, 'GET', `/api/jwt/list?email=${buyer.email}`, {
      headers: { authorization: `Bearer ${emulatorIdToken({ email: buyer.email, uid: 'after-an-emulator-wipe' })}` },
    });
    expect(wiped.status).toBe(200);
    const [row] = await server.db.select().from(users).where(eq(users.email, buyer.email));
    expect(row?.firebaseUid).toBe('after-an-emulator-wipe');
  });

  it('makes the admins of ADMIN_EMAILS at start', async () => {
    const token = await accessTokenFor(server, 'boss@example.test');
    const me = await call(server, 'GET', '/api/user/list/boss@example.test', { as: { token } });
    expect(me.body).toMatchObject({ userEmail: 'boss@example.test', role: 'admin' });
  });
});

describe('signing in with a long email', () => {
  it('completes for an email longer than 100 characters (the token, then one’s own record)', async () => {
    const longName = `Longname ${'x'.repeat(92)}`;
    const person = await givenUser(server, 'buyer', longName);
    expect(person.email.length).toBeGreaterThan(100);
    const me = await call(server, 'GET', `/api/user/list/${encodeURIComponent(person.email)}`, { as: person });
    expect(me.status).toBe(200);
    expect(me.body.userEmail).toBe(person.email);
  });
});

describe('creating a user record at sign-up', () => {
  it('creates a buyer or seller for the caller’s own email, once', async () => {
    const email = 'newseller@example.test';
    const idToken = emulatorIdToken({ email });
    const first = await askForUserRecord(idToken, { userEmail: email, userName: 'New Seller', role: 'seller' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const second = await askForUserRecord(idToken, { userEmail: email, userName: 'Renamed', role: 'buyer' });
    expect(second.status).toBe(409);
    const [row] = await server.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'New Seller', role: 'seller', verified: false });
  });

  it('never creates an admin, nor a record for someone else’s email', async () => {
    const email = 'climber@example.test';
    const asAdmin = await askForUserRecord(emulatorIdToken({ email }), {
      userEmail: email,
      userName: 'Climber',
      role: 'admin',
    });
    expect(asAdmin.status).toBe(400);
    expect(asAdmin.body.field).toBe('role');
    const forOther = await askForUserRecord(emulatorIdToken({ email }), {
      userEmail: 'victim@example.test',
      userName: 'Victim',
      role: 'buyer',
    });
    expect(forOther.status).toBe(403);
    expect(await server.db.select().from(users).where(eq(users.email, 'victim@example.test'))).toHaveLength(0);
  });
});

describe('reading users', () => {
  it('gives the admin everyone and anyone else only their own record', async () => {
    const all = await call(server, 'GET', '/api/user/list', { as: admin });
    expect(all.status).toBe(200);
    expect(all.body.map((u: { userEmail: string }) => u.userEmail)).toEqual(
      expect.arrayContaining([buyer.email, seller.email]),
    );
    const own = await call(server, 'GET', '/api/user/list', { as: buyer });
    expect(own.body).toEqual([
      { _id: buyer.id, userName: buyer.name, userEmail: buyer.email, role: 'buyer', verify: false },
    ]);
  });

  it('reads one’s own record by email, and lists users by role for the admin', async () => {
    const me = await call(server, 'GET', `/api/user/list/${seller.email}`, { as: seller });
    expect(me.body).toEqual({
      _id: seller.id,
      userName: seller.name,
      userEmail: seller.email,
      role: 'seller',
      verify: false,
    });
    const sellers = await call(server, 'GET', '/api/user/role?role=seller', { as: admin });
    expect(sellers.body.every((u: { role: string }) => u.role === 'seller')).toBe(true);
    expect(sellers.body.map((u: { _id: string }) => u._id)).toContain(seller.id);
    const missing = await call(server, 'GET', '/api/user/list/nobody@example.test', { as: admin });
    expect(missing.status).toBe(404);
  });
});

describe('admin moderation of users', () => {
  it('verifies a seller, whose listings then carry the tick', async () => {
    const productId = await givenProduct(server, seller);
    const verified = await call(server, 'PUT', `/api/user/seller/verify/${seller.id}`, { as: admin });
    expect(verified.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    const again = await call(server, 'PUT', `/api/user/seller/verify/${seller.id}`, { as: admin });
    expect(again.body.modifiedCount).toBe(0);
    const product = await call(server, 'GET', `/api/product/list/${productId}`);
    expect(product.body.verify).toBe(true);
    const notSeller = await call(server, 'PUT', `/api/user/seller/verify/${buyer.id}`, { as: admin });
    expect(notSeller.status).toBe(409);
  });

  it('deletes a seller, whose token stops working and whose listings leave every public list', async () => {
    const doomed = await givenUser(server, 'seller', 'Doomed Seller');
    const productId = await givenProduct(server, doomed, { book_name: 'Zyzzyva Quartet' });
    const deleted = await call(server, 'DELETE', `/api/user/delete/${doomed.id}`, { as: admin });
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call(server, 'GET', `/api/product/list/${productId}`)).status).toBe(404);
    const search = await call(server, 'GET', '/api/category/list?search=zyzzyva');
    expect(search.body).toEqual({ products: [], count: 0 });
    expect((await call(server, 'GET', '/api/category/list/2')).body.map((p: { _id: string }) => p._id)).not.toContain(
      productId,
    );
    expect((await call(server, 'GET', '/api/user/list', { as: doomed })).status).toBe(401);
  });

  it('does not let an admin delete themselves', async () => {
    const response = await call(server, 'DELETE', `/api/user/delete/${admin.id}`, { as: admin });
    expect(response.status).toBe(403);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('applies a changed role at the next request, without a new token', async () => {
    const switcher = await givenUser(server, 'buyer', 'Role Switcher');
    expect((await call(server, 'GET', `/api/product/list?email=${switcher.email}`, { as: switcher })).status).toBe(403);
    await server.db.update(users).set({ role: 'seller' }).where(eq(users.id, switcher.id));
    expect((await call(server, 'GET', `/api/product/list?email=${switcher.email}`, { as: switcher })).status).toBe(200);
  });
});

describe('deleting a user is a ban', () => {
  const REMOVED = 'This account has been removed by an admin.';

  it('a deleted buyer can never again get an access token nor a fresh user record', async () => {
    const email = 'banned.buyer@example.test';
    const idToken = emulatorIdToken({ email });
    const created = await askForUserRecord(idToken, { userEmail: email, userName: 'Banned Buyer', role: 'buyer' });
    expect(created.status).toBe(201);
    const deleted = await call(server, 'DELETE', `/api/user/delete/${created.body.insertedId}`, { as: admin });
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1 });

    const token = await call(server, 'GET', `/api/jwt/list?email=${email}`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(token).toMatchObject({ status: 403, body: { message: REMOVED } });
    for (const role of ['buyer', 'seller']) {
      const again = await askForUserRecord(emulatorIdToken({ email, uid: `new-account-${role}` }), {
        userEmail: email.toUpperCase(),
        userName: 'Fresh Start',
        role,
      });
      expect(again).toMatchObject({ status: 403, body: { message: REMOVED } });
    }
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('a deleted seller’s listings leave every public list, while the bookings buyers made keep their copies', async () => {
    const doomed = await givenUser(server, 'seller', 'Banned Seller');
    const productId = await givenProduct(server, doomed, {
      book_name: 'Xylophone Almanac',
      resale_price: '6.75',
      img: TEST_COVER_URL,
    });
    expect((await call(server, 'PUT', `/api/product/update/${productId}`, { as: doomed })).body.modifiedCount).toBe(1);
    const bookingId = await givenBooking(server, buyer, productId);
    const ids = (list: { _id: string }[]) => list.map((p) => p._id);
    const newest = async () => ids((await call(server, 'GET', '/api/category/list?page=0&size=20')).body.products);
    expect(await newest()).toContain(productId);
    expect(ids((await call(server, 'GET', '/api/product/Ads/list')).body)).toContain(productId);

    await call(server, 'DELETE', `/api/user/delete/${doomed.id}`, { as: admin });

    expect(await newest()).not.toContain(productId);
    expect((await call(server, 'GET', '/api/category/list?search=xylophone')).body).toEqual({ products: [], count: 0 });
    expect(ids((await call(server, 'GET', '/api/category/list/2')).body)).not.toContain(productId);
    expect(ids((await call(server, 'GET', '/api/product/Ads/list')).body)).not.toContain(productId);
    expect((await call(server, 'GET', `/api/product/list/${productId}`)).status).toBe(404);

    const booking = await call(server, 'GET', `/api/booking/list/${bookingId}`, { as: buyer });
    expect(booking.body).toMatchObject({
      book_name: 'Xylophone Almanac',
      img: TEST_COVER_URL,
      price: '6.75',
      paid: false,
    });
    const pay = await call(server, 'POST', '/api/payment/create/intent', {
      as: buyer,
      body: { price: '6.75', bookingid: bookingId },
    });
    expect(pay.status).toBe(409);
    const token = await call(server, 'GET', `/api/jwt/list?email=${doomed.email}`, {
      headers: { authorization: `Bearer ${emulatorIdToken({ email: doomed.email })}` },
    });
    expect(token).toMatchObject({ status: 403, body: { message: REMOVED } });
  });

  it('an unknown user answers 404 and bans nobody', async () => {
    const response = await call(server, 'DELETE', `/api/user/delete/${'b'.repeat(24)}`, { as: admin });
    expect(response.status).toBe(404);
    const stranger = await askForUserRecord(emulatorIdToken({ email: 'stranger@example.test' }), {
      userEmail: 'stranger@example.test',
      userName: 'Stranger',
      role: 'buyer',
    });
    expect(stranger.status).toBe(201);
  });
});

describe('verifying a seller', () => {
  it('shows the tick on every listing they already have, in every list, and on the ones they add later', async () => {
    const newcomer = await givenUser(server, 'seller', 'Tick Seller');
    const first = await givenProduct(server, newcomer, { book_name: 'Wombat Ledger' });
    const second = await givenProduct(server, newcomer, { book_name: 'Wombat Ledger II', category_id: '5' });
    await call(server, 'PUT', `/api/product/update/${second}`, { as: newcomer });
    const verifyOf = async (id: string) => (await call(server, 'GET', `/api/product/list/${id}`)).body.verify;
    expect([await verifyOf(first), await verifyOf(second)]).toEqual([false, false]);

    expect((await call(server, 'PUT', `/api/user/seller/verify/${newcomer.id}`, { as: admin })).body).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });

    expect([await verifyOf(first), await verifyOf(second)]).toEqual([true, true]);
    const ours = (list: { _id: string; verify: boolean }[]) =>
      list.filter((p) => p._id === first || p._id === second).map((p) => p.verify);
    expect(ours((await call(server, 'GET', '/api/category/list?search=wombat')).body.products)).toEqual([true, true]);
    expect(ours((await call(server, 'GET', '/api/category/list/2')).body)).toEqual([true]);
    expect(ours((await call(server, 'GET', '/api/product/Ads/list')).body)).toEqual([true]);
    expect(
      ours((await call(server, 'GET', `/api/product/list?email=${newcomer.email}`, { as: newcomer })).body),
    ).toEqual([true, true]);
    const later = await givenProduct(server, newcomer, { book_name: 'Wombat Ledger III' });
    expect(await verifyOf(later)).toBe(true);
  });
});

describe('signing out', () => {
  it('ends the session on the server: the old access token is refused, a new sign-in works', async () => {
    const person = await givenUser(server, 'buyer', 'Leaving Buyer');
    const mine = () => call(server, 'GET', `/api/booking/list?email=${person.email}`, { as: person });
    expect((await mine()).status).toBe(200);
    expect((await call(server, 'PUT', '/api/jwt/logout', { as: person })).body).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    const after = await mine();
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Your session has ended; sign in again' });
    const again = await call(server, 'GET', `/api/jwt/list?email=${person.email}`, {
      as: { token: emulatorIdToken({ email: person.email }) },
    });
    expect(again.status).toBe(200);
    const fresh = { ...person, token: again.body.accessToken as string };
    expect((await call(server, 'GET', `/api/booking/list?email=${person.email}`, { as: fresh })).status).toBe(200);
  });
});
