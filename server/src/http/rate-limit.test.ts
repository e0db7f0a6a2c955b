import { call, emulatorIdToken, givenUser, startTestServer, type TestServer } from '../testing/test-server';

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serverWith(overrides: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(overrides);
  servers.push(server);
  return server;
}

/** The token call from a client behind the proxy at 10.0.0.1, as the proxy forwards it. */
function tokenCallVia(server: TestServer, email: string, clientAddress: string) {
  return server.app.inject({
    method: 'GET',
    url: `/api/jwt/list?email=${email}`,
    remoteAddress: '10.0.0.1',
    headers: { authorization: `Bearer ${emulatorIdToken({ email })}`, 'x-forwarded-for': clientAddress },
  });
}

describe('rate limits behind a TLS proxy', () => {
  it('with TRUST_PROXY, counts each client behind the proxy apart, so one cannot block sign-in for all', async () => {
    const server = await serverWith({
      trustProxy: '10.0.0.1',
      rateLimits: { tokenPerMinute: 2, writesPerMinute: 100, searchPerMinute: 100, telemetryPerMinute: 10_000 },
    });
    const person = await givenUser(server, 'buyer', 'Proxied Buyer');
    const flood = [];
    for (let i = 0; i < 3; i++) flood.push((await tokenCallVia(server, 'junk@example.test', '203.0.113.9')).statusCode);
    expect(flood).toEqual([404, 404, 429]);
    expect((await tokenCallVia(server, person.email, '198.51.100.7')).statusCode).toBe(200);
  });

  it('without TRUST_PROXY, takes no client’s word for its address', async () => {
    const server = await serverWith({
      rateLimits: { tokenPerMinute: 2, writesPerMinute: 100, searchPerMinute: 100, telemetryPerMinute: 10_000 },
    });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push((await tokenCallVia(server, 'junk@example.test', client)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 429]);
  });
});

describe('rate limits of signed-in users', () => {
  it('counts a signed-in user’s writes against that user, not against their shared address', async () => {
    const server = await serverWith({
      rateLimits: { tokenPerMinute: 100, writesPerMinute: 2, searchPerMinute: 100, telemetryPerMinute: 10_000 },
    });
    const [hasty, patient] = [
      await givenUser(server, 'buyer', 'Hasty Neighbour'),
      await givenUser(server, 'buyer', 'Patient Neighbour'),
    ];
    const write = (person: { token: string }) =>
      call(server, 'POST', '/api/report/create', { as: person, body: { reason: 'Other' } });
    const hastyStatuses = [];
    for (let i = 0; i < 3; i++) hastyStatuses.push((await write(hasty!)).status);
    expect(hastyStatuses).toEqual([400, 400, 429]);
    // Same address (inject's 127.0.0.1), another user: their own bucket.
    expect((await write(patient!)).status).toBe(400);
  });
});

describe('rate limits of public search', () => {
  it('limits searches per client, and leaves plain browsing alone', async () => {
    const server = await serverWith({
      rateLimits: { tokenPerMinute: 100, writesPerMinute: 100, searchPerMinute: 2, telemetryPerMinute: 10_000 },
    });
    const searches = [];
    for (let i = 0; i < 3; i++) {
      searches.push((await call(server, 'GET', `/api/category/list?search=book${i}&page=0&size=5`)).status);
    }
    expect(searches).toEqual([200, 200, 429]);
    for (let i = 0; i < 3; i++) {
      expect((await call(server, 'GET', '/api/category/list?page=0&size=5')).status).toBe(200);
      expect((await call(server, 'GET', '/api/category/list?search=&page=0&size=5')).status).toBe(200);
    }
  });
});

describe('rate limits of filtered lists', () => {
  it('counts each filtered list like a search, so new price ranges cannot miss the cache without end', async () => {
    const server = await serverWith({
      rateLimits: { tokenPerMinute: 100, writesPerMinute: 100, searchPerMinute: 2, telemetryPerMinute: 10_000 },
    });
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await call(server, 'GET', `/api/category/list?page=0&size=5&minPrice=${i}`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(answers[2]!.body).toEqual({ message: expect.stringMatching(/^Too many requests; try again in \d+ s$/) });
    // A category's list counts its filters in its own bucket, as its searches.
    const inCategory = [];
    for (const filter of ['maxPrice=9', 'condition=Good', 'sort=price_asc'])
      inCategory.push((await call(server, 'GET', `/api/category/list/1?${filter}`)).status);
    expect(inCategory).toEqual([200, 200, 429]);
    // Plain browsing and the facet counts beside it stay free.
    expect((await call(server, 'GET', '/api/category/list?page=1&size=5&facets=1')).status).toBe(200);
    expect((await call(server, 'GET', '/api/category/list/1')).status).toBe(200);
  });
});

// The counters in PostgreSQL (http/rate-limit-store.ts) count hits arriving together in one statement. (The
// plugin's own memory store, used with PGlite, answers every hit of a key with one shared counter object, so
// in-process requests sent at once may all read the final count: it can refuse more than the limit, never fewer.)
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
onPostgres('rate limits counted in PostgreSQL', () => {
  it('counts searches sent at once exactly: as many pass as the limit allows, no more, no fewer', async () => {
    const server = await serverWith({
      rateLimits: { tokenPerMinute: 100, writesPerMinute: 100, searchPerMinute: 3, telemetryPerMinute: 10_000 },
    });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(server, 'GET', `/api/category/list?search=burst${i}&page=0&size=5`).then((answer) => answer.status),
      ),
    );
    expect(statuses.sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });
});

describe('rate limits of the shell servers’ renders', () => {
  const search = (server: TestServer, word: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: `/api/category/list?search=${word}&page=0&size=5`, headers });
  const asRenderer = (visitor: string, key = 'render-secret') => ({
    'x-bookswap-render-key': key,
    'x-bookswap-render-for': visitor,
  });

  it('counts a render’s calls against the visitor it renders for, apart from every other bucket', async () => {
    const server = await serverWith({
      renderKey: 'render-secret',
      rateLimits: { tokenPerMinute: 100, writesPerMinute: 100, searchPerMinute: 2, telemetryPerMinute: 10_000 },
    });
    // One visitor's flood of pages empties that visitor's render bucket, and only it.
    const flood = [];
    for (let i = 0; i < 3; i++) flood.push((await search(server, `flood${i}`, asRenderer('203.0.113.9'))).statusCode);
    expect(flood).toEqual([200, 200, 429]);
    expect((await search(server, 'quiet', asRenderer('198.51.100.7'))).statusCode).toBe(200);
    // The renders all come from the shell server's one address: its own browsing is a bucket of its own too.
    expect((await search(server, 'browser1')).statusCode).toBe(200);
    expect((await search(server, 'browser2')).statusCode).toBe(200);
  });

  it('takes the visitor’s name only with the right key', async () => {
    const server = await serverWith({
      renderKey: 'render-secret',
      rateLimits: { tokenPerMinute: 100, writesPerMinute: 100, searchPerMinute: 2, telemetryPerMinute: 10_000 },
    });
    // A forged key is a plain call from its address: naming other visitors gets it no new bucket.
    const forged = [];
    for (const visitor of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      forged.push((await search(server, visitor, asRenderer(visitor, 'guess-secret'))).statusCode);
    expect(forged).toEqual([200, 200, 429]);
  });
});
