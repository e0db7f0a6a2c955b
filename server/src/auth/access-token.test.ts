import { accessTokens } from './access-token';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-tests-0000';
const claims = { userId: 'u1', email: 'u1@example.test', uid: 'uid-1', role: 'buyer' as const };

afterEach(() => jest.restoreAllMocks());

describe('access tokens', () => {
  it('accepts a token it issued, again and again, with the same claims', async () => {
    const tokens = accessTokens(SECRET, 3600);
    const token = await tokens.issue(claims);
    for (let i = 0; i < 3; i++) expect(await tokens.check(token)).toEqual(claims);
  });

  it('refuses a token once it has expired, even after it was accepted', async () => {
    const tokens = accessTokens(SECRET, 60);
    const token = await tokens.issue(claims);
    expect(await tokens.check(token)).toEqual(claims);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(await tokens.check(token)).toBeNull();
  });

  it('refuses a token signed with another secret, and one changed after signing', async () => {
    const tokens = accessTokens(SECRET, 3600);
    const token = await tokens.issue(claims);
    expect(await tokens.check(token)).toEqual(claims);
    const foreign = await accessTokens(`${SECRET}-other`, 3600).issue(claims);
    expect(await tokens.check(foreign)).toBeNull();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: 'admin1', role: 'admin' })).toString('base64url');
    expect(await tokens.check(`${header}.${payload}.${signature}`)).toBeNull();
  });

  it('gives each caller its own copy of the claims', async () => {
    const tokens = accessTokens(SECRET, 3600);
    const token = await tokens.issue(claims);
    const first = (await tokens.check(token))!;
    first.role = 'admin';
    expect((await tokens.check(token))!.role).toBe('buyer');
  });
});
