import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGES, servePackage, type ServedPackage, type StaticServer } from './serve-package.mts';

const made: string[] = [];
const servers: StaticServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A releases folder holding one build of `unit`: a script and the source map written beside it. */
function releasesWith(unit: ServedPackage['name'], version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bookswap-served-'));
  made.push(dir);
  const folder = join(dir, unit, version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'main.0123456789.js'), 'console.log("hi");\n');
  writeFileSync(join(folder, 'main.0123456789.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return dir;
}

async function served(unit: ServedPackage['name'], releases: string, port: number): Promise<string> {
  const pkg = PACKAGES.find((candidate) => candidate.name === unit)!;
  const server = servePackage(releases, pkg, port, { BOOKSWAP_RELEASES_DIR: releases });
  servers.push(server);
  await server.listen();
  return `http://127.0.0.1:${port}`;
}

describe('source maps on the production origins', () => {
  it("a remote's origin serves a release's scripts but not their source maps", async () => {
    const origin = await served('seller', releasesWith('seller', 'v1'), 38_471);
    expect((await fetch(`${origin}/v1/main.0123456789.js`)).status).toBe(200);
    const map = await fetch(`${origin}/v1/main.0123456789.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });

  it("the shell's origin does not serve a shell release's source maps either", async () => {
    const origin = await served('shell', releasesWith('shell', 'v1'), 38_472);
    expect((await fetch(`${origin}/_shell/v1/main.0123456789.js`)).status).toBe(200);
    expect((await fetch(`${origin}/_shell/v1/main.0123456789.js.map`)).status).toBe(404);
    expect((await fetch(`${origin}/_shell/v1/MAIN.0123456789.JS.MAP`)).status).toBe(404);
  });
});

describe('static files', () => {
  it('answers a range of a file with 206 and its bytes, and an unsatisfiable one with 416', async () => {
    const origin = await served('seller', releasesWith('seller', 'v1'), 38_473);
    const part = await fetch(`${origin}/v1/main.0123456789.js`, { headers: { range: 'bytes=0-6' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-6/19');
    expect(await part.text()).toBe('console');
    const beyond = await fetch(`${origin}/v1/main.0123456789.js`, { headers: { range: 'bytes=100-200' } });
    expect(beyond.status).toBe(416);
  });

  it('sends an ETag with each file, answering 304 to a browser that holds it, gzipped or not', async () => {
    const origin = await served('seller', releasesWith('seller', 'v1'), 38_474);
    const url = `${origin}/v1/main.0123456789.js`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const zipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(zipped.headers.get('etag')).toBe(etag);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // As a browser revalidates (fetch() would add `no-cache` to a conditional request, which asks for the whole file).
    const revalidating = { 'cache-control': 'max-age=0', 'if-none-match': etag };
    for (const encoding of ['identity', 'gzip']) {
      const again = await fetch(url, { headers: { 'accept-encoding': encoding, ...revalidating } });
      expect(again.status).toBe(304);
    }
    const changed = await fetch(url, { headers: { 'if-none-match': 'W/"other"' } });
    expect(changed.status).toBe(200);
  });

  it('sends the security headers and CORS on every answer of a remote, a 404 too', async () => {
    const origin = await served('seller', releasesWith('seller', 'v1'), 38_475);
    const missing = await fetch(`${origin}/v1/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    expect(missing.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await fetch(`${origin}/v1/main.0123456789.js`, { method: 'POST' })).status).toBe(405);
  });
});

describe("the shell's page", () => {
  it('arrives whole, with its length and a ticket of its own, gzipped or not', async () => {
    const releases = releasesWith('shell', 'v1');
    const page = `<!doctype html><html><head><title>Bookswap</title></head><body><div id="root"></div>${'<p>x</p>'.repeat(2_000)}</body></html>`;
    writeFileSync(join(releases, 'shell', 'v1', 'index.html'), page);
    const release = { version: 'v1', builtAt: new Date().toISOString() };
    writeFileSync(join(releases, 'shell', 'v1', 'release.json'), JSON.stringify(release));
    const origin = await served('shell', releases, 38_474);
    const tickets = new Set<string>();
    for (const encoding of ['identity', 'gzip', 'identity']) {
      const answer = await fetch(`${origin}/`, { headers: { 'accept-encoding': encoding } });
      expect(answer.status).toBe(200);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const text = bytes.toString();
      if (encoding === 'identity') expect(answer.headers.get('content-length')).toBe(String(bytes.length));
      else expect(answer.headers.get('content-encoding')).toBe('gzip');
      expect(text.startsWith('<!doctype html><html><head><meta name="bookswap-shell-release"')).toBe(true);
      // Every byte of the page, with the ticket written in before its end.
      const ticket = /<meta name="bookswap-page-load" content="([^"]+)">/.exec(text)![0];
      expect(text.replace(ticket, '').replace(/<meta name="bookswap-shell-release"[^>]*>/, '')).toBe(page);
      tickets.add(ticket);
    }
    expect(tickets.size).toBe(3);
  });
});
