import { startTestServer, type TestServer } from '../testing/test-server';
import { API_SECURITY_HEADERS } from './security-headers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("the API's security headers", () => {
  it.each([
    ['a public list', '/api/category/list?search=&page=0&size=20'],
    ['a refused call', '/api/audit/list'],
    ['an unknown call', '/api/no-such-call'],
  ])('%s answers with nosniff, no framing and no referrer', async (_case, url) => {
    const answer = await server.app.inject({ method: 'GET', url });
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(answer.headers[name]).toBe(value);
  });
});
