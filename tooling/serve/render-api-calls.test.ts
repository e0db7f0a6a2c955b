import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RENDER_KEY_HEADER, RENDER_VISITOR_HEADER, renderingFor, sendRenderCredential } from './render-api-calls.mts';

// A render's calls to the API carry the shell server's credential and the visitor it renders for; calls elsewhere
// carry nothing of it.

let api: Server;
let apiUrl: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  api = createServer((request, response) => {
    seen.push(request.headers);
    response.end('{}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));
beforeEach(() => (seen.length = 0));

describe('sendRenderCredential', () => {
  it('adds the key and the visitor to calls to the API made while rendering for that visitor', async () => {
    const stop = sendRenderCredential({ apiUrl, key: 'server-secret' });
    try {
      await renderingFor('203.0.113.9', () => fetch(`${apiUrl}/api/product/list?x=1`, { headers: { accept: 'a/b' } }));
      await fetch(`${apiUrl}/api/catalog/version`);
    } finally {
      stop();
    }
    expect(seen[0]).toMatchObject({ [RENDER_KEY_HEADER]: 'server-secret', [RENDER_VISITOR_HEADER]: '203.0.113.9' });
    expect(seen[0]?.accept).toBe('a/b');
    // Outside a visitor's render (the catalog's version, shared by every page) it names the server itself.
    expect(seen[1]).toMatchObject({ [RENDER_VISITOR_HEADER]: 'shell-server' });
  });

  it('adds nothing without a key, to another origin, or once undone', async () => {
    sendRenderCredential({ apiUrl, key: undefined })();
    await fetch(`${apiUrl}/a`);
    const stop = sendRenderCredential({ apiUrl: 'http://127.0.0.1:1', key: 'server-secret' });
    await fetch(`${apiUrl}/b`);
    stop();
    await fetch(`${apiUrl}/c`);
    expect(seen.map((headers) => headers[RENDER_KEY_HEADER])).toEqual([undefined, undefined, undefined]);
  });
});
