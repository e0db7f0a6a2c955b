import type { SignInAccounts } from '../auth/sign-in-accounts';
import { SIGNED_OUT_EVERYWHERE_MESSAGE } from '../services/users';
import {
  call,
  emulatorIdToken,
  givenUser,
  startTestServer,
  type Person,
  type TestServer,
} from '../testing/test-server';

/** The identity provider's revocations this server asked for, by sign-in account. */
const revoked: string[] = [];
const recordingAccounts: SignInAccounts = {
  revokeSessions: async (uid) => {
    revoked.push(uid);
  },
};

let server: TestServer;
let admin: Person;

beforeAll(async () => {
  server = await startTestServer({}, { signInAccounts: recordingAccounts });
  admin = await givenUser(server, 'admin', 'Ada Admin');
});
afterAll(() => server?.close());
beforeEach(() => {
  revoked.length = 0;
});

const now = () => Math.floor(Date.now() / 1000);

/**
 * The ID token another device holds: signed in a minute ago, renewed just now (a renewal keeps the sign-in's
 * `auth_time` and gets a new `iat`), as the shell sends it after a 401.
 */
const otherDevicesIdToken = (email: string) => emulatorIdToken({ email }, { auth_time: now() - 60, iat: now() });

const trade = (email: string, idToken: string) =>
  call(server, 'GET', `/api/jwt/list?email=${email}`, { headers: { authorization: `Bearer ${idToken}` } });

const myBookings = (person: Person, token: string) =>
  call(server, 'GET', `/api/booking/list?email=${person.email}`, { as: { token } });

describe('signing out of every device', () => {
  it('signs the other device out at its next call: its access token and its renewal are both refused', async () => {
    const person = await givenUser(server, 'buyer', 'Lost Phone Buyer');
    const phone = await trade(person.email, otherDevicesIdToken(person.email));
    expect(phone.status).toBe(200);
    expect((await myBookings(person, phone.body.accessToken)).status).toBe(200);

    const out = await call(server, 'PUT', '/api/jwt/logout', { as: person });
    expect(out.body).toEqual({ acknowledged: true, modifiedCount: 1 });

    expect((await myBookings(person, phone.body.accessToken)).status).toBe(401);
    const renewal = await trade(person.email, otherDevicesIdToken(person.email));
    expect(renewal).toMatchObject({ status: 401, body: { message: SIGNED_OUT_EVERYWHERE_MESSAGE } });
    // An ID token without auth_time counts from its iat.
    const older = emulatorIdToken({ email: person.email }, { auth_time: undefined, iat: now() - 60 });
    expect((await trade(person.email, older)).status).toBe(401);
  });

  it('lets the person sign in again at once, and that new session works', async () => {
    const person = await givenUser(server, 'seller', 'Returning Seller');
    await call(server, 'PUT', '/api/jwt/logout?devices=all', { as: person });
    const again = await trade(person.email, emulatorIdToken({ email: person.email }));
    expect(again.status).toBe(200);
    expect((await myBookings(person, again.body.accessToken)).status).toBe(200);
  });

  it('revokes the sign-in account’s refresh tokens at the identity provider', async () => {
    const person = await givenUser(server, 'buyer', 'Careful Buyer');
    await call(server, 'PUT', '/api/jwt/logout', { as: person });
    expect(revoked).toEqual([`uid-${person.email}`]);
  });
});

describe('signing out of this device only', () => {
  it('ends this device’s access token, while the other device renews its session as before', async () => {
    const person = await givenUser(server, 'buyer', 'Two Laptops Buyer');
    await call(server, 'PUT', '/api/jwt/logout?devices=this', { as: person });

    expect((await myBookings(person, person.token)).status).toBe(401);
    const renewal = await trade(person.email, otherDevicesIdToken(person.email));
    expect(renewal.status).toBe(200);
    expect((await myBookings(person, renewal.body.accessToken)).status).toBe(200);
    expect(revoked).toEqual([]);
  });

  it('refuses an unknown choice of devices', async () => {
    const person = await givenUser(server, 'buyer', 'Typo Buyer');
    const response = await call(server, 'PUT', '/api/jwt/logout?devices=some', { as: person });
    expect(response.status).toBe(400);
    expect((await myBookings(person, person.token)).status).toBe(200);
  });
});

describe('an admin removing a person', () => {
  it('signs out every device of theirs and revokes their sign-in account', async () => {
    const person = await givenUser(server, 'seller', 'Removed Seller');
    const phone = await trade(person.email, otherDevicesIdToken(person.email));
    expect(phone.status).toBe(200);

    expect((await call(server, 'DELETE', `/api/user/delete/${person.id}`, { as: admin })).status).toBe(200);

    const next = await myBookings(person, phone.body.accessToken);
    expect(next).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    const renewal = await trade(person.email, otherDevicesIdToken(person.email));
    expect(renewal).toMatchObject({ status: 403, body: { message: 'This account has been removed by an admin.' } });
    expect(revoked).toEqual([`uid-${person.email}`]);
  });
});
