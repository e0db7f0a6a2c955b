import { inArray } from 'drizzle-orm';
import { users } from '../db/schema';
import { accessTokenFor, call, startTestServer, type TestServer } from '../testing/test-server';
import { applyConfiguredAdmins, grantAdmin } from './admins';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ adminEmails: ['kept@example.test', 'removed@example.test'] });
});
afterAll(async () => {
  await server?.close();
});

async function rolesOf(...emails: string[]) {
  const rows = await server.db.select().from(users).where(inArray(users.email, emails));
  return Object.fromEntries(rows.map((row) => [row.email, row.role]));
}

describe('admins of ADMIN_EMAILS', () => {
  it('are demoted at the next start once their address leaves ADMIN_EMAILS; command grants stay', async () => {
    await grantAdmin(server.db, 'commanded@example.test');
    // Listed in ADMIN_EMAILS too: the command's grant is the one that counts.
    await applyConfiguredAdmins(server.db, ['kept@example.test', 'removed@example.test', 'commanded@example.test']);
    expect(await rolesOf('kept@example.test', 'removed@example.test', 'commanded@example.test')).toEqual({
      'kept@example.test': 'admin',
      'removed@example.test': 'admin',
      'commanded@example.test': 'admin',
    });
    const removedToken = await accessTokenFor(server, 'removed@example.test');

    // What the next start does with ADMIN_EMAILS=kept@example.test.
    expect(await applyConfiguredAdmins(server.db, ['kept@example.test'])).toEqual(['removed@example.test']);
    expect(await rolesOf('kept@example.test', 'removed@example.test', 'commanded@example.test')).toEqual({
      'kept@example.test': 'admin',
      'removed@example.test': 'buyer',
      'commanded@example.test': 'admin',
    });
    // The role is read at every request: the old access token no longer opens admin calls.
    expect((await call(server, 'GET', '/api/user/role?role=seller', { as: { token: removedToken } })).status).toBe(403);

    // An empty ADMIN_EMAILS takes back every grant it made.
    expect(await applyConfiguredAdmins(server.db, [])).toEqual(['kept@example.test']);
    expect((await rolesOf('commanded@example.test'))['commanded@example.test']).toBe('admin');
  });
});
