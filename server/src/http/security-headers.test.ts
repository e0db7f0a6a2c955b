import { startTestServer, TEST_COVER_URL, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What every answer of the API carries (helmet with API_HELMET). */
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The answer's headers but those that say nothing of its security (its length, date, connection, CORS, limits). */
function securityHeadersOf(headers: Record<string, unknown>) {
  const own = /^(content-type|content-length|date|connection|vary|cache-control|access-control-.*|x-ratelimit-.*)$/;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !own.test(name)));
}

describe("the API's security headers", () => {
  it.each([
    ['a public list', 'GET', '/api/category/list?search=&page=0&size=20', undefined, 200],
    ['a refused call', 'GET', '/api/audit/list', undefined, 401],
    ['an unknown call', 'GET', '/api/no-such-call', undefined, 404],
    ['a body that is not JSON', 'POST', '/api/telemetry', '{', 400],
  ] as const)('%s answers with them all, and nothing else', async (_case, method, url, payload, status) => {
    const answer = await server.app.inject({
      method,
      url,
      payload,
      headers: { origin: 'http://localhost:3000', ...(payload ? { 'content-type': 'application/json' } : {}) },
    });
    expect(answer.statusCode).toBe(status);
    expect(securityHeadersOf(answer.headers)).toEqual(SECURITY_HEADERS);
    expect(answer.headers['x-powered-by']).toBeUndefined();
  });

  it("serves the image store's files with them, their policy the route's own (run nothing)", async () => {
    const answer = await server.app.inject({ method: 'GET', url: new URL(TEST_COVER_URL).pathname });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(securityHeadersOf(answer.headers)).toEqual({
      ...SECURITY_HEADERS,
      'content-security-policy': "default-src 'none'",
    });
  });
});
