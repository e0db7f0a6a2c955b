import { join } from 'node:path';
import { keptReleases } from './kept-releases.testing';
import { SHED } from './kept-answers.mjs';
import { createPageRenders, withPageBody } from './page-renders.mjs';

// The shell's server renders a public page's body with the render entries of the shell release and the storefront
// release each browser resolves to. The releases here are folders as `pnpm release build` leaves them, with small
// hand-written entries standing in for the builds (the real ones are tested by e2e/tests/server-render.spec.ts).

const { releases, keepRelease, goLive, shellServer, closeServers, remove } = keptReleases('page-renders');
afterEach(closeServers);
afterAll(remove);

const PAGE = '<!doctype html><html><head><title>Bookswap</title></head><body><div id="root"></div></body></html>';

// The shell's entry gives the storefront's its "React" (`sharedModule`), and renders what the storefront's gives.
const SHELL_ENTRY = `
  const react = { shell: 'the shell release’s own' };
  exports.PAGE_RENDER_API = 1;
  exports.sharedModule = (request) => (request === 'react' ? react : undefined);
  exports.viewportOf = (userAgent) => (/Mobi/.test(userAgent ?? '') ? 'phone' : 'desktop');
  exports.serverRenderMeta = (outcome) => '<meta name="bookswap-server-render" content="' + outcome + '">';
  exports.renderPage = async (request) => {
    const answers = await request.storefront.pageQueries(request);
    if (!answers) return null;
    const width = exports.viewportOf(request.userAgent);
    return {
      body: '<main>' + answers.join(' ') + ' at ' + width + ' for ' + request.path + '?' + request.search + '</main>',
      state: '<script type="application/json" id="bookswap-page-state">{}</script>',
    };
  };`;

/** A storefront release whose screens name it, after `delayMs`, or fail when `fails`; `/dashboard` is not its. */
function keepStorefront(version: string, { delayMs = 0, fails = false } = {}) {
  const entry = `
    const react = require('react');
    exports.PAGE_RENDER_API = 1;
    exports.routes = [];
    exports.pageQueries = async ({ path }) => {
      await new Promise((resolve) => setTimeout(resolve, ${delayMs}));
      if (${fails}) throw new Error('the book list answered 503');
      if (path.startsWith('/dashboard')) return null;
      return ['books of ${version} with ' + react.shell + ' React'];
    };`;
  keepRelease('storefront', version, { 'server/page-render.cjs': entry }, { pageRender: 'server/page-render.cjs' });
}

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

describe('the body of a public page, rendered by the shell’s server', () => {
  it('is drawn by the live releases, the storefront’s screens with the shell’s shared modules, before any script', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_571);
    const page = await pageOf(`${origin}/booklist?condition=Good`);
    expect(page).toContain(
      '<div id="root"><main>books of 2.0.0-a with the shell release’s own React at desktop for /booklist?condition=Good</main></div>' +
        '<script type="application/json" id="bookswap-page-state">{}</script>',
    );
    // Drawn for a phone's width when the browser is a phone's.
    expect(await pageOf(`${origin}/booklist`, 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36')).toContain(
      'at phone for /booklist?',
    );
    // A page the storefront does not render stays the browser's to draw.
    expect(await pageOf(`${origin}/dashboard/myorder`)).toContain('<div id="root"></div>');
  });

  it('changes on the next request after a storefront promote, with no restart', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_572);
    expect(await pageOf(`${origin}/category`)).toContain('books of 2.0.0-a');
    goLive('2.0.0-b');
    expect(await pageOf(`${origin}/category`)).toContain('books of 2.0.0-b');
  });

  it('is left out when it is not ready within its budget, or fails: the page goes as the browser renders it, saying why', async () => {
    goLive('2.0.0-slow');
    const origin = await shellServer(38_573, { BOOKSWAP_PAGE_RENDER_BUDGET_MS: '100' });
    const started = Date.now();
    const late = await pageOf(`${origin}/booklist`);
    expect(Date.now() - started).toBeLessThan(550);
    expect(late).toContain('<div id="root"></div>');
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

  it('is not rendered when BOOKSWAP_PAGE_RENDER is off', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_574, { BOOKSWAP_PAGE_RENDER: 'off' });
    const page = await pageOf(`${origin}/booklist`);
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('bookswap-server-render');
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
    tag,
    path,
    search: '',
  });

  it('counts each storefront version’s outcomes, for release health', async () => {
    const renders = createPageRenders({ budgetMs: 100, log: () => undefined });
    await renders.pageOf(page('2.0.0-a'));
    await renders.pageOf(page('2.0.0-a'));
    await renders.pageOf(page('2.0.0-a', '/dashboard/myorder'));
    await renders.pageOf(page('2.0.0-broken'));
    await renders.pageOf(page('2.0.0-slow'));
    expect(renders.outcomesOf('2.0.0-a')).toEqual({
      rendered: 1,
      fromCache: 1,
      none: 1,
      failed: 0,
      overBudget: 0,
      shed: 0,
    });
    expect(renders.outcomesOf('2.0.0-broken')).toMatchObject({ failed: 1 });
    expect(renders.outcomesOf('2.0.0-slow')).toMatchObject({ overBudget: 1 });
  });

  it('serves the kept body when the cache tag moves while one render makes the new one, and keeps bodies up to `maxBytes`', async () => {
    const renders = createPageRenders({ maxBytes: 500, maxModules: 1, refreshMs: 0, log: () => undefined });
    const first = await renders.pageOf(page('2.0.0-a', '/booklist', 'catalog 1'));
    expect(await renders.pageOf(page('2.0.0-a', '/booklist', 'catalog 2'))).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await renders.pageOf(page('2.0.0-a', '/booklist', 'catalog 2'))).not.toBe(first);
    expect(renders.outcomesOf('2.0.0-a')).toMatchObject({ rendered: 1, fromCache: 2 });
    expect(renders.held().renders).toBe(2);
    await renders.pageOf(page('2.0.0-a', '/category'));
    await renders.pageOf(page('2.0.0-broken', '/category'));
    await renders.pageOf(page('2.0.0-b', '/category'));
    // One shell entry, and two storefront entries per shell kept: the oldest release's is let go. Each body here
    // weighs about 220 characters with its key: no more than 500 of them are kept.
    expect(renders.held()).toMatchObject({ modules: 3, pages: 2 });
    expect(renders.held().bytes).toBeLessThanOrEqual(500);
  });

  it('sends a page the pool or the client’s limit does not admit as the browser renders it, counted as shed', async () => {
    const renders = createPageRenders({ log: () => undefined });
    const shed = await renders.pageOf(page('2.0.0-a', '/booklist?x'), async () => SHED);
    expect(shed).toEqual({ head: '<meta name="bookswap-server-render" content="shed">' });
    expect(renders.outcomesOf('2.0.0-a')).toMatchObject({ shed: 1, failed: 0, rendered: 0 });
    // A kept page needs no admission.
    await renders.pageOf(page('2.0.0-a', '/category'));
    expect(await renders.pageOf(page('2.0.0-a', '/category'), async () => SHED)).toHaveProperty('body');
  });

  it('writes a body that holds `$` as text', () => {
    expect(withPageBody(PAGE, { body: '<p>$& $1</p>', state: '' })).toContain('<div id="root"><p>$& $1</p></div>');
  });
});
