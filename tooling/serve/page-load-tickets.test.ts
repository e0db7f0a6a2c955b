import { gunzipSync, gzipSync } from 'node:zlib';
import { pageLoadTickets } from '../../server/src/services/page-load-tickets';
import { keptReleases } from './kept-releases.testing';
import { createPageLoadTickets, pageLoadSecretOf } from './page-load-tickets.mts';

// Every page the shell's server sends carries a page-load ticket the API can verify (docs/decisions/042).

const SECRET = 'a-page-load-secret-shared-with-the-api-00000';
const PAGE = '<!doctype html><html><head><title>Bookswap</title></head><body><div id="root"></div></body></html>';
/** A page as the shell's server keeps it for a release, head and body (prepared-answers.mts `preparedAnswer`). */
const preparedAnswer = (text: string) => {
  const body = Buffer.from(text);
  return { body, etag: '"kept"', gzipped: () => gzipSync(body) };
};
const ticketIn = (page: string) => /<meta name="bookswap-page-load" content="([^"]+)">/.exec(page)?.[1];

const { releases, keepRelease, goLive, shellServer, closeServers, remove } = keptReleases('page-load-tickets');
afterEach(closeServers);
afterAll(remove);

describe('page-load tickets of the shell’s server', () => {
  it('writes a fresh ticket into each copy of a kept page, which the API verifies, gzipped or not', () => {
    const tickets = createPageLoadTickets({ BOOKSWAP_PAGE_LOAD_SECRET: SECRET });
    const kept = preparedAnswer(
      PAGE.replace('<div id="root"></div>', `<div id="root">${'a book '.repeat(5000)}</div>`),
    );
    const first = tickets.ticketed(kept);
    const second = tickets.ticketed(kept);
    const api = pageLoadTickets(SECRET, 30 * 60);
    for (const answer of [first, second]) {
      const text = answer.body.toString();
      expect(gunzipSync(answer.gzipped()).toString()).toBe(text);
      expect(text.replace(/<meta name="bookswap-page-load" content="[^"]+">/, '')).toBe(kept.body.toString());
      expect(api.check(ticketIn(text))).toMatchObject({ id: expect.any(String) });
      // Never 304: a copy the browser kept carries a ticket already used.
      expect(answer.etag).toBeNull();
    }
    expect(ticketIn(first.body.toString())).not.toBe(ticketIn(second.body.toString()));
    expect(
      pageLoadTickets('another-secret-of-more-than-32-bytes-0000', 1800).check(ticketIn(first.body.toString())),
    ).toBeNull();
  });

  it('is required to listen beyond loopback, and made up locally', () => {
    expect(() => pageLoadSecretOf({ BOOKSWAP_SERVE_HOST: '0.0.0.0' })).toThrow(/BOOKSWAP_PAGE_LOAD_SECRET is not set/);
    expect(() => pageLoadSecretOf({ BOOKSWAP_PAGE_LOAD_SECRET: 'short' })).toThrow(/shorter than 32 bytes/);
    expect(pageLoadSecretOf({ BOOKSWAP_SERVE_HOST: '0.0.0.0', BOOKSWAP_PAGE_LOAD_SECRET: SECRET })).toBe(SECRET);
    expect(pageLoadSecretOf({})).toHaveLength(43);
  });

  it('sends every page with its own ticket, a dashboard page as a public one, and never answers 304', async () => {
    keepRelease('shell', '1.0.0-shell', { 'index.html': PAGE, 'config.json': '{}', 'remotes.json': '[]' });
    keepRelease('storefront', '1.0.0-front', { 'mf-manifest.json': '{}' });
    goLive('1.0.0-front');
    const origin = await shellServer(38_581, { BOOKSWAP_PAGE_LOAD_SECRET: SECRET, BOOKSWAP_PAGE_RENDER: 'off' });
    const api = pageLoadTickets(SECRET, 30 * 60);
    const seen = new Set<string>();
    for (const path of ['/', '/', '/dashboard/myproduct']) {
      const answer = await fetch(origin + path, { headers: { 'if-none-match': '"anything"' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).toBeNull();
      const ticket = ticketIn(await answer.text());
      expect(api.check(ticket)).not.toBeNull();
      seen.add(ticket!);
    }
    expect(seen.size).toBe(3);
    expect(releases).toBeTruthy();
  });
});
