import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import {
  accessTokenFor,
  ADA_ADMIN,
  BEA_BUYER,
  call,
  emulatorIdToken,
  givenProduct,
  givenUser,
  SAM_SELLER,
  serverForThisFile,
} from '../testing/test-server';

const { server, admin, seller, buyer } = serverForThisFile(
  { admin: ADA_ADMIN, seller: SAM_SELLER, buyer: BEA_BUYER },
  { adminEmails: ['boss@example.test'] },
);

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

  it('makes the admins of ADMIN_EMAILS at start', async () => {
    const token = await accessTokenFor(server, 'boss@example.test');
    const me = await call(server, 'GET', '/api/user/list/boss@example.test', { as: { token } });
    expect(me.body).toMatchObject({ userEmail: 'boss@example.test', role: 'admin' });
  });
});

describe('creating a user record at sign-up', () => {
  it('creates a buyer or seller for the caller’s own email, once', async () => {
    const email = 'newseller@example.test';
    const idToken = emulatorIdToken({ email });
    const first = await call(server, 'POST', '/api/user/create', {
      headers: { authorization: `Bearer ${idToken}` },
      body: { userEmail: email, userName: 'New Seller', role: 'seller' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const second = await call(server, 'POST', '/api/user/create', {
      headers: { authorization: `Bearer ${idToken}` },
      body: { userEmail: email, userName: 'Renamed', role: 'buyer' },
    });
    expect(second.status).toBe(409);
    const [row] = await server.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'New Seller', role: 'seller', verified: false });
  });

  it('never creates an admin, nor a record for someone else’s email', async () => {
    const email = 'climber@example.test';
    const asAdmin = await call(server, 'POST', '/api/user/create', {
      headers: { authorization: `Bearer ${emulatorIdToken({ email })}` },
      body: { userEmail: email, userName: 'Climber', role: 'admin' },
    });
    expect(asAdmin.status).toBe(400);
    expect(asAdmin.body.field).toBe('role');
    const forOther = await call(server, 'POST', '/api/user/create', {
      headers: { authorization: `Bearer ${emulatorIdToken({ email })}` },
      body: { userEmail: 'victim@example.test', userName: 'Victim', role: 'buyer' },
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
