import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createCatalogTags } from './catalog-tag.mts';
import { keptReleases } from './kept-releases.testing';
import { SHED } from './kept-answers.mts';
import { createPageRenders, withRenderedPage } from './page-renders.mts';

// The shell's server renders a public page (its head, its body) with the render entries of the shell release and the
// storefront release each browser resolves to. The releases here are folders as `pnpm release build` leaves them,
// with small hand-written entries standing in for the builds (the real ones are tested by
// remote-storefront/src/public-page, shell/src/server-render and e2e/tests/server-render.spec.ts).

const {
  releases,
  keepRelease,
  goLive,
  shellServer: shellServerOf,
  closeServers,
  remove,
} = keptReleases('page-renders');
afterEach(closeServers);
afterAll(remove);

const PAGE =
  '<!doctype html><html><head><meta name="description" content="Bookswap: buy and sell second hand books"/>' +
  '<title>Bookswap</title></head><body><div id="root"></div></body></html>';

// The shell's entry gives the storefront's its "React" (`sharedModule`), and renders what the storefront's routes
// give (here a stand-in `page`, where the real entry runs the route's loader).
const SHELL_ENTRY = `
  const react = { shell: 'the shell release’s own' };
  exports.PAGE_RENDER_API = 2;
  exports.sharedModule = (request) => (request === 'react' ? react : undefined);
  exports.viewportOf = (userAgent) => (/Mobi/.test(userAgent ?? '') ? 'phone' : 'desktop');
  exports.serverRenderMeta = (outcome) => '<meta name="bookswap-server-render" content="' + outcome + '">';
  exports.renderPage = async (request) => {
    const page = await request.storefront.page(request);
    if (!page) return null;
    if (request.body === false) return { head: page.head, body: null, state: null };
    const width = exports.viewportOf(request.userAgent);
    return {
      head: page.head,
      body: '<main>' + page.books + ' at ' + width + ' for ' + request.path + '?' + request.search + '</main>',
      state: '<script type="application/json" id="bookswap-page-state">{}</script>',
    };
  };`;

/**
 * A storefront release whose page names it, after `delayMs`, or fails when `fails`. Its one URL of a page drops
 * `junk`; what sign-in comes back with (`resume`) is kept and left to the browser; `/dashboard` is no public page.
 */
function keepStorefront(version: string, { delayMs = 0, fails = false } = {}) {
  const entry = `
    const react = require('react');
    let renders = 0;
    exports.PAGE_RENDER_API = 2;
    exports.routes = [];
    exports.canonicalPage = (path, search) => {
      if (path.startsWith('/dashboard')) return null;
      const asked = new URLSearchParams(search);
      const query = new URLSearchParams([...asked].filter(([name]) => name !== 'junk'));
      return { path, search: query.toString(), renders: !asked.has('resume') };
    };
    exports.page = async ({ path, search, origin, apiUrl }) => {
      await new Promise((resolve) => setTimeout(resolve, ${delayMs}));
      if (${fails}) throw new Error('the book list answered 503');
      return {
        books: 'books of ${version} with ' + react.shell + ' React, render ' + ++renders,
        head: {
          title: 'Books $& more from ${version}',
          description: path + ' ' + search,
          tags: '<link rel="canonical" href="' + origin + path + '" data-page-head><meta name="api" content="' + apiUrl + '">',
        },
      };
    };`;
  keepRelease('storefront', version, { 'server/page-render.cjs': entry }, { pageRender: 'server/page-render.cjs' });
}

const shellServer = (port: number, env: Record<string, string> = {}) =>
  shellServerOf(port, { BOOKSWAP_PUBLIC_URL: 'https://books.example', ...env });

const pageOf = async (url: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64)') =>
  (await fetch(url, { headers: { cookie: 'bookswap_browser=' + 'ab'.repeat(16), 'user-agent': userAgent } })).text();

beforeAll(() => {
  keepRelease(
    'shell',
    '1.0.0-shell',
    { 'index.html': PAGE, 'server/page-render.cjs': SHELL_ENTRY },
    { pageRender: 'server/page-render.cjs' },
  );
  keepStorefront('2.0.0-a');
  keepStorefront('2.0.0-b');
  keepStorefront('2.0.0-slow', { delayMs: 600 });
  keepStorefront('2.0.0-broken', { fails: true });
});

describe('a public page, rendered by the shell’s server', () => {
  it('has the live releases’ head and body, the storefront’s screens with the shell’s shared modules, before any script', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_571);
    const page = await pageOf(`${origin}/booklist?condition=Good`);
    expect(page).toContain('<title>Books $& more from 2.0.0-a</title>');
    expect(page).toContain('<meta name="description" content="/booklist condition=Good"/>');
    expect(page).toContain(
      '<link rel="canonical" href="https://books.example/booklist" data-page-head><meta name="api" content="http://api.test"></head>',
    );
    expect(page).toMatch(
      /<div id="root"><main>books of 2\.0\.0-a with the shell release’s own React, render \d+ at desktop for \/booklist\?condition=Good<\/main><\/div><script type="application\/json" id="bookswap-page-state">\{\}<\/script>/,
    );
    // Drawn for a phone's width when the browser is a phone's.
    expect(await pageOf(`${origin}/booklist`, 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36')).toContain(
      'at phone for /booklist?',
    );
    // The path goes to the entries as the browser's router reads it, still escaped.
    expect(await pageOf(`${origin}/category/Science%20fiction`)).toContain('content="/category/Science%20fiction "');
    // A page the storefront does not render stays the browser's to draw, with the shell's head.
    const dashboard = await pageOf(`${origin}/dashboard/myorder`);
    expect(dashboard).toContain('<div id="root"></div>');
    expect(dashboard).toContain('<title>Bookswap</title>');
    expect(dashboard).not.toContain('data-page-head');
  });

  it('changes on the next request after a storefront promote, with no restart', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_572);
    expect(await pageOf(`${origin}/category`)).toContain('books of 2.0.0-a');
    goLive('2.0.0-b');
    const promoted = await pageOf(`${origin}/category`);
    expect(promoted).toContain('books of 2.0.0-b');
    expect(promoted).toContain('from 2.0.0-b</title>');
  });

  it('is left out when it is not ready within its budget, or fails: the page goes as the browser renders it, saying why', async () => {
    goLive('2.0.0-slow');
    const origin = await shellServer(38_573, { BOOKSWAP_PAGE_RENDER_BUDGET_MS: '100' });
    const started = Date.now();
    const late = await pageOf(`${origin}/booklist`);
    expect(Date.now() - started).toBeLessThan(550);
    expect(late).toContain('<div id="root"></div>');
    expect(late).toContain('<title>Bookswap</title>');
    // The browser reports it to release health, against the storefront release it loads.
    expect(late).toContain('<meta name="bookswap-server-render" content="over-budget"></head>');
    // The render went on: the next request has it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await pageOf(`${origin}/booklist`)).toContain('books of 2.0.0-slow');

    goLive('2.0.0-broken');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const failed = await pageOf(`${origin}/booklist`);
      expect(failed).toContain('<div id="root"></div>');
      expect(failed).toContain('<meta name="bookswap-server-render" content="failed">');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('the book list answered 503'));
    } finally {
      warn.mockRestore();
    }
  });

  it('has its head alone when BOOKSWAP_PAGE_RENDER is off', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_574, { BOOKSWAP_PAGE_RENDER: 'off' });
    const page = await pageOf(`${origin}/booklist`);
    expect(page).toContain('<div id="root"></div>');
    expect(page).toContain('from 2.0.0-a</title>');
    expect(page).not.toContain('bookswap-server-render');
  });
});

describe('a public page’s one URL', () => {
  it('is where any other spelling of it is sent, so an unknown parameter never makes a render', async () => {
    goLive('2.0.0-b');
    const origin = await shellServer(38_566);
    const answer = await fetch(`${origin}/booklist?junk=1&page=2`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/booklist?page=2');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // Fifty spellings with junk parameters: one render, the canonical page's.
    expect(await pageOf(`${origin}/booklist?page=2`)).toContain('render 1 at');
    for (let junk = 0; junk < 50; junk++) await fetch(`${origin}/booklist?page=2&junk=${junk}`);
    expect(await pageOf(`${origin}/booklist?page=2`)).toContain('render 1 at');
    // The canonical URL itself, and a path that is no public page, are answered as they are.
    expect((await fetch(`${origin}/booklist?page=2`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${origin}/dashboard/myorder?junk=1`, { redirect: 'manual' })).status).toBe(200);
  });

  it('refuses a client past its pages a minute (429, held a while), and leaves other clients alone', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_568, {
      BOOKSWAP_PAGES_PER_CLIENT_MINUTE: '3',
      BOOKSWAP_TRUST_PROXY: 'loopback',
    });
    const from = (client: string) => ({ headers: { 'x-forwarded-for': client } });
    const statuses = [];
    for (let n = 0; n < 3; n++)
      statuses.push((await fetch(`${origin}/booklist?page=${n + 1}`, from('203.0.113.9'))).status);
    const started = Date.now();
    const refused = await fetch(`${origin}/booklist?page=9`, from('203.0.113.9'));
    expect([...statuses, refused.status]).toEqual([200, 200, 200, 429]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Held before it is answered: a flood over a few connections waits instead of asking again at once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await fetch(`${origin}/booklist?page=9`, from('198.51.100.7'))).status).toBe(200);
  });

  it('keeps what sign-in came back with, and leaves that page to the browser', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_567);
    const back = await fetch(`${origin}/booklist?resume=book&junk=1`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/booklist?resume=book');
    const page = await pageOf(`${origin}/booklist?resume=book`);
    expect(page).toContain('<title>Bookswap</title>');
    expect(page).toContain('<div id="root"></div>');
  });
});

describe('createPageRenders', () => {
  const shell = { file: join(releases, 'shell', '1.0.0-shell', 'server', 'page-render.cjs'), version: '1.0.0-shell' };
  const storefront = (version: string) => ({
    file: join(releases, 'storefront', version, 'server', 'page-render.cjs'),
    version,
  });
  const page = (version: string, path = '/booklist', tag: string | null = 'catalog 1') => ({
    shell,
    storefront: storefront(version),
    remotes: [{ name: 'storefront', version }],
    config: {},
    apiUrl: 'http://api.test',
    origin: 'https://books.example',
    tag,
    path,
    search: '',
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('counts each storefront version’s outcomes, for release health', async () => {
    const renders = createPageRenders({ budgetMs: 100, log: () => undefined });
    await renders.pageOf(page('2.0.0-a'));
    await renders.pageOf(page('2.0.0-a'));
    await renders.pageOf(page('2.0.0-broken'));
    await renders.pageOf(page('2.0.0-slow'));
    expect(renders.outcomesOf('2.0.0-a')).toEqual({
      rendered: 1,
      fromCache: 1,
      none: 0,
      failed: 0,
      overBudget: 0,
      shed: 0,
    });
    expect(renders.outcomesOf('2.0.0-broken')).toMatchObject({ failed: 1 });
    expect(renders.outcomesOf('2.0.0-slow')).toMatchObject({ overBudget: 1 });
  });

  it('serves the kept page when the cache tag moves while one render makes the new one, and keeps pages up to `maxBytes`', async () => {
    const renders = createPageRenders({ maxBytes: 900, maxModules: 1, refreshMs: 0, log: () => undefined });
    const first = await renders.pageOf(page('2.0.0-a', '/booklist', 'catalog 1'));
    expect(await renders.pageOf(page('2.0.0-a', '/booklist', 'catalog 2'))).toBe(first);
    await settle();
    expect(await renders.pageOf(page('2.0.0-a', '/booklist', 'catalog 2'))).not.toBe(first);
    expect(renders.outcomesOf('2.0.0-a')).toMatchObject({ rendered: 1, fromCache: 2 });
    expect(renders.held().renders).toBe(2);
    await renders.pageOf(page('2.0.0-a', '/category'));
    await renders.pageOf(page('2.0.0-broken', '/category'));
    await renders.pageOf(page('2.0.0-b', '/category'));
    // One shell entry, and two storefront entries per shell kept: the oldest release's is let go. Each page here
    // weighs about 400 characters with its key: no more than 900 of them are kept.
    expect(renders.held()).toMatchObject({ modules: 3, pages: 2 });
    expect(renders.held().bytes).toBeLessThanOrEqual(900);
  });

  it('makes at most one new render per `refreshMs` however often the tag moves (a burst of listing edits)', async () => {
    const renders = createPageRenders({ refreshMs: 60_000 });
    const first = await renders.pageOf(page('2.0.0-b', '/booklist', 'catalog 1'));
    for (let edit = 2; edit <= 101; edit++) await renders.pageOf(page('2.0.0-b', '/booklist', `catalog ${edit}`));
    await settle();
    expect(await renders.pageOf(page('2.0.0-b', '/booklist', 'catalog 101'))).toBe(first);
    expect(renders.held().renders).toBe(1);
  });

  it('sends a page the pool or the client’s limit does not admit as the browser renders it, counted as shed', async () => {
    const renders = createPageRenders({ log: () => undefined });
    const shed = await renders.pageOf(page('2.0.0-a', '/booklist?x'), async () => SHED);
    expect(shed).toEqual({ meta: '<meta name="bookswap-server-render" content="shed">' });
    expect(renders.outcomesOf('2.0.0-a')).toMatchObject({ shed: 1, failed: 0, rendered: 0 });
    // A kept page needs no admission.
    await renders.pageOf(page('2.0.0-a', '/category'));
    expect(await renders.pageOf(page('2.0.0-a', '/category'), async () => SHED)).toHaveProperty('body');
  });

  it('writes text that holds `$` as text', () => {
    const head = { title: 'A $1 book', description: 'Costs $& less', tags: '<meta name="x" content="$`">' };
    expect(withRenderedPage(PAGE, { head, body: '<p>$& $1</p>', state: '' })).toBe(
      '<!doctype html><html><head><meta name="description" content="Costs $& less"/>' +
        '<title>A $1 book</title><meta name="x" content="$`"></head><body><div id="root"><p>$& $1</p></div></body></html>',
    );
  });
});

describe('the catalog tag pages are kept by', () => {
  it('is the API’s catalog version, asked at most once per `freshMs`, and none while the API cannot answer', async () => {
    let version = 7;
    let asked = 0;
    const api = createServer((request, response) => {
      asked++;
      if (version < 0) return void response.writeHead(503).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    try {
      const tagOf = createCatalogTags({ freshMs: 60_000 });
      expect(await Promise.all([tagOf(apiUrl), tagOf(apiUrl)])).toEqual(['catalog 7', 'catalog 7']);
      version = 8;
      expect(await tagOf(apiUrl)).toBe('catalog 7');
      expect(asked).toBe(1);
      const always = createCatalogTags({ freshMs: 0 });
      expect(await always(apiUrl)).toBe('catalog 8');
      version = -1;
      expect(await always(apiUrl)).toBeNull();
    } finally {
      api.closeAllConnections();
      api.close();
    }
  });
});
