import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGES, servePackage, serveShellBuild, type StaticServer } from './serve-package.mts';

const SHELL = PACKAGES.find((pkg) => pkg.name === 'shell')!;
const releases = mkdtempSync(join(tmpdir(), 'bookswap-crawler-'));
const servers: StaticServer[] = [];
let api: Server | undefined;
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
  api = undefined;
});
afterAll(() => rmSync(releases, { recursive: true, force: true }));

/**
 * The API faked at its HTTP boundary, on a port the system picks: GET /api/category/list answers `count` books and
 * facet counts per category.
 */
async function fakeApi(count: number): Promise<{ url: string; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((request, response) => {
    calls.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ products: [], count, facets: { condition: {}, category: { '1': 3, '2': 0 } } }));
  });
  api = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

/** An API address nothing listens on (a port the system gave and took back): the API is down. */
async function downApi(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function shellServer(port: number, env: Record<string, string>): Promise<string> {
  const server = servePackage(releases, SHELL, port, { BOOKSWAP_RELEASES_DIR: releases, ...env });
  servers.push(server);
  await server.listen();
  return `http://127.0.0.1:${port}`;
}

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('what the shell’s origin tells search engines', () => {
  it('robots.txt keeps the dashboard and the sign-in screens out and names the sitemap on the public origin', async () => {
    const origin = await shellServer(38_481, { BOOKSWAP_PUBLIC_URL: 'https://books.example/' });
    const answer = await fetch(`${origin}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await answer.text();
    expect(text.split('\n')).toEqual(
      expect.arrayContaining(['Allow: /', 'Disallow: /dashboard', 'Disallow: /login', 'Disallow: /signup']),
    );
    expect(text).toContain('Sitemap: https://books.example/sitemap.xml');
  });

  it('sitemap.xml lists the public pages, each category and the first list pages, asking the API once in a while', async () => {
    const fake = await fakeApi(23);
    const origin = await shellServer(38_483, { BOOKSWAP_API_URL: fake.url });
    const answer = await fetch(`${origin}/sitemap.xml`);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const xml = await answer.text();
    const own = origin.replace('127.0.0.1', 'localhost');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    // No public origin named: this server's own, on loopback.
    expect(locations(xml)).toEqual([
      `${own}/`,
      `${own}/category`,
      `${own}/booklist`,
      `${own}/booklist?page=1`,
      `${own}/booklist?page=2`,
      `${own}/booklist?page=3`,
      `${own}/booklist?page=4`,
      `${own}/category/1`,
      `${own}/category/2`,
    ]);
    // Whatever Host a request names: a forged one is never the pages' origin.
    const forged = await new Promise<string>((resolve, reject) =>
      get(`${origin}/robots.txt`, { headers: { host: 'evil.example' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      }).on('error', reject),
    );
    expect(forged).toContain(`Sitemap: ${own}/sitemap.xml`);
    expect(forged).not.toContain('evil.example');
    await fetch(`${origin}/sitemap.xml`);
    expect(fake.calls).toEqual(['/api/category/list?size=5&facets=1']);
  });

  it('sitemap.xml still answers, with the fixed pages, while the API is down', async () => {
    const origin = await shellServer(38_484, {
      BOOKSWAP_API_URL: await downApi(),
      BOOKSWAP_PUBLIC_URL: 'https://books.example',
    });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await fetch(`${origin}/sitemap.xml`);
    expect(answer.status).toBe(200);
    expect(locations(await answer.text())).toEqual([
      'https://books.example/',
      'https://books.example/category',
      'https://books.example/booklist',
    ]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('[sitemap] the catalog could not be read'));
    errors.mockRestore();
  });

  it('refuses to serve beyond loopback without a public origin', () => {
    expect(() =>
      serveShellBuild(releases, 38_487, {
        BOOKSWAP_SERVE_HOST: '0.0.0.0',
        BOOKSWAP_PAGE_LOAD_SECRET: 'a'.repeat(48),
      }),
    ).toThrow('BOOKSWAP_PUBLIC_URL is required to serve the shell on 0.0.0.0');
  });

  it('the page learns the public origin the deployer named from config.json', async () => {
    writeFileSync(join(releases, 'config.json'), JSON.stringify({ apiUrl: 'http://api.example' }));
    const server = serveShellBuild(releases, 38_486, { BOOKSWAP_PUBLIC_URL: 'https://books.example/' });
    servers.push(server);
    await server.listen();
    const config = (await (await fetch('http://127.0.0.1:38486/config.json')).json()) as Record<string, string>;
    expect(config).toMatchObject({ apiUrl: 'http://api.example', publicUrl: 'https://books.example' });
  });
});
