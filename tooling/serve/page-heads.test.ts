import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keptReleases } from './kept-releases.testing';
import { createPageHeads, withPageHead } from './page-heads.mjs';

// The shell's server writes a public page's head from the server entry of the storefront release each browser
// resolves to. The releases here are folders as `pnpm release build` leaves them, with small hand-written entries
// standing in for the storefront's build (its own entry is tested in remote-storefront/src/server-entry).

const { releases, keepRelease, goLive, shellServer: shellServerOf, closeServers, remove } = keptReleases('page-heads');
afterEach(closeServers);
afterAll(remove);

const PAGE =
  '<!doctype html><html><head><meta name="description" content="Bookswap: buy and sell second hand books"/>' +
  '<title>Bookswap</title></head><body><div id="root"></div></body></html>';

/** A storefront release whose entry names the page after itself, after `delayMs`, or fails when `fails`. */
function keepStorefront(version: string, { delayMs = 0, fails = false } = {}) {
  const entry = `
    exports.PAGE_HEAD_API = 1;
    exports.renderPageHead = async ({ path, search, origin, apiUrl }) => {
      await new Promise((resolve) => setTimeout(resolve, ${delayMs}));
      if (${fails}) throw new Error('the book list answered 503');
      if (path.startsWith('/dashboard')) return null;
      return {
        title: 'Books $& more from ${version}',
        description: path + ' ' + search,
        tags: '<link rel="canonical" href="' + origin + path + '" data-page-head><meta name="api" content="' + apiUrl + '">',
      };
    };`;
  keepRelease('storefront', version, { 'server/page-head.cjs': entry }, { pageHead: 'server/page-head.cjs' });
}

const shellServer = (port: number, env: Record<string, string> = {}) =>
  shellServerOf(port, { BOOKSWAP_PUBLIC_URL: 'https://books.example', ...env });

const pageOf = async (url: string) =>
  (await fetch(url, { headers: { cookie: 'bookswap_browser=' + 'ab'.repeat(16) } })).text();

beforeAll(() => {
  keepRelease('shell', '1.0.0-shell', { 'index.html': PAGE });
  keepStorefront('2.0.0-a');
  keepStorefront('2.0.0-b');
  keepStorefront('2.0.0-slow', { delayMs: 600 });
  keepStorefront('2.0.0-broken', { fails: true });
  // A release that spells its pages' one URL: `/booklist` reads `page` alone, `/` nothing.
  const canonical = `
    let heads = 0;
    exports.PAGE_HEAD_API = 1;
    exports.canonicalPage = (path, search) => {
      if (path === '/') return { path: '/', search: '', renders: true };
      if (!path.startsWith('/booklist')) return null;
      const page = new URLSearchParams(search).get('page');
      const resume = new URLSearchParams(search).get('resume');
      const query = new URLSearchParams([...(page ? [['page', page]] : []), ...(resume ? [['resume', resume]] : [])]);
      return { path: '/booklist', search: query.toString(), renders: !resume };
    };
    exports.renderPageHead = async ({ path, search }) => ({ title: 'head ' + ++heads, description: path + search, tags: '' });`;
  keepRelease(
    'storefront',
    '2.0.0-canonical',
    { 'server/page-head.cjs': canonical },
    { pageHead: 'server/page-head.cjs' },
  );
});

describe('a public page’s one URL', () => {
  it('is where any other spelling of it is sent, so an unknown parameter never makes a head or a render', async () => {
    goLive('2.0.0-canonical');
    const origin = await shellServer(38_566);
    const answer = await fetch(`${origin}/booklist?junk=1&page=2`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/booklist?page=2');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${origin}/?utm_source=mail`, { redirect: 'manual' })).headers.get('location')).toBe('/');
    // Fifty spellings with junk parameters: one head, the canonical page's.
    for (let junk = 0; junk < 50; junk++) await fetch(`${origin}/booklist?page=2&junk=${junk}`);
    expect(await pageOf(`${origin}/booklist?page=2`)).toContain('<title>head 1</title>');
    // The canonical URL itself, and a path that is no public page, are answered as they are.
    expect((await fetch(`${origin}/booklist?page=2`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${origin}/dashboard/myorder?x=1`, { redirect: 'manual' })).status).toBe(200);
  });

  it('refuses a client past its pages a minute (429, held a while), and leaves other clients alone', async () => {
    goLive('2.0.0-canonical');
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
    goLive('2.0.0-canonical');
    const origin = await shellServer(38_567);
    const back = await fetch(`${origin}/booklist?resume=book&junk=1`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/booklist?resume=book');
    expect(await pageOf(`${origin}/booklist?resume=book`)).toContain('<title>Bookswap</title>');
  });
});

describe('the head of a public page, written by the shell’s server', () => {
  it('is the live storefront release’s, with the page’s title, description and elements, before any script', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_561);
    const page = await pageOf(`${origin}/booklist?condition=Good`);
    expect(page).toContain('<title>Books $& more from 2.0.0-a</title>');
    expect(page).toContain('<meta name="description" content="/booklist condition=Good"/>');
    expect(page).toContain(
      '<link rel="canonical" href="https://books.example/booklist" data-page-head><meta name="api" content="http://api.test"></head>',
    );
    // The path goes to the entry as the browser's router reads it, still escaped.
    expect(await pageOf(`${origin}/category/Science%20fiction`)).toContain('content="/category/Science%20fiction "');
    // A page the storefront does not name keeps the shell's head.
    const dashboard = await pageOf(`${origin}/dashboard/myorder`);
    expect(dashboard).toContain('<title>Bookswap</title>');
    expect(dashboard).not.toContain('data-page-head');
  });

  it('changes on the next request after a storefront promote, with no restart', async () => {
    goLive('2.0.0-a');
    const origin = await shellServer(38_562);
    expect(await pageOf(`${origin}/category`)).toContain('from 2.0.0-a</title>');
    goLive('2.0.0-b');
    expect(await pageOf(`${origin}/category`)).toContain('from 2.0.0-b</title>');
  });

  it('leaves the page as it is when the head is not ready within the budget, and uses it once it is', async () => {
    goLive('2.0.0-slow');
    const origin = await shellServer(38_563, { BOOKSWAP_PAGE_HEAD_BUDGET_MS: '100' });
    const started = Date.now();
    const first = await pageOf(`${origin}/booklist`);
    expect(Date.now() - started).toBeLessThan(500);
    expect(first).toContain('<title>Bookswap</title>');
    expect(first).not.toContain('data-page-head');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await pageOf(`${origin}/booklist`)).toContain('from 2.0.0-slow</title>');
  });

  it('leaves the page as it is when the storefront’s entry fails, and says why in the log', async () => {
    goLive('2.0.0-broken');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const origin = await shellServer(38_564);
      const page = await pageOf(`${origin}/booklist?page=2`);
      expect(page).toContain('<title>Bookswap</title>');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('the book list answered 503'));
    } finally {
      warn.mockRestore();
    }
  });
});

describe('createPageHeads', () => {
  const request = (version: string, path = '/booklist') => ({
    file: join(releases, 'storefront', version, 'server', 'page-head.cjs'),
    version,
    path,
    search: '',
    origin: 'https://books.example',
    apiUrl: 'http://api.test',
  });

  it('keeps at most `maxModules` releases’ entries loaded, and heads up to `maxBytes` of text', async () => {
    const heads = createPageHeads({ maxModules: 2, maxBytes: 1_000 });
    for (const version of ['2.0.0-a', '2.0.0-b', '2.0.0-a', '2.0.0-b'])
      for (const path of ['/', '/category', '/booklist']) await heads.headOf(request(version, path));
    keepStorefront('2.0.0-c');
    await heads.headOf(request('2.0.0-c'));
    const held = heads.held();
    expect(held.modules).toBe(2);
    // Each head here weighs about 200 characters: the oldest went once the bound was reached.
    expect(held.bytes).toBeLessThanOrEqual(1_000);
    expect(held.heads).toBeGreaterThan(1);
    expect(held.heads).toBeLessThan(7);
  });

  it('computes a head once per release and URL while it is fresh', async () => {
    const heads = createPageHeads();
    await heads.headOf(request('2.0.0-a'));
    await heads.headOf(request('2.0.0-a'));
    expect(heads.outcomes).toMatchObject({ written: 1, fromCache: 1 });
  });

  /** A storefront entry whose cache tag is the text of `tagFile` (or fails while there is none), counting renders. */
  function keepTaggedStorefront(version: string, tagFile: string) {
    const entry = `
      exports.PAGE_HEAD_API = 1;
      let renders = 0;
      exports.pageHeadCacheTag = async () => require('node:fs').readFileSync(${JSON.stringify(tagFile)}, 'utf8');
      exports.renderPageHead = async ({ path }) => ({ title: 'render ' + ++renders, description: path, tags: '' });`;
    keepRelease('storefront', version, { 'server/page-head.cjs': entry }, { pageHead: 'server/page-head.cjs' });
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('keeps a head while the entry’s cache tag stays; once it moves, serves it while one new head is made', async () => {
    const tagFile = join(releases, 'catalog-version');
    writeFileSync(tagFile, 'catalog 7');
    keepTaggedStorefront('2.0.0-tagged', tagFile);
    // Heads are kept for a minute without a tag: only the tag can make the second render happen sooner.
    const heads = createPageHeads({ tagFreshMs: 0, freshMs: 60_000, taggedMs: 60_000, refreshMs: 0 });
    const titleNow = async () => (await heads.headOf(request('2.0.0-tagged')))?.title;
    expect(await titleNow()).toBe('render 1');
    expect(await titleNow()).toBe('render 1');
    writeFileSync(tagFile, 'catalog 8');
    // The visitor gets the kept head at once; the new one is made behind it, for the next visitor.
    expect(await titleNow()).toBe('render 1');
    await settle();
    expect(await titleNow()).toBe('render 2');
    expect(heads.outcomes).toMatchObject({ written: 1, fromCache: 3, failed: 0 });
  });

  it('makes at most one new head per `refreshMs` however often the tag moves (a burst of listing edits)', async () => {
    const tagFile = join(releases, 'catalog-version-burst');
    writeFileSync(tagFile, 'catalog 1');
    keepTaggedStorefront('2.0.0-burst', tagFile);
    const heads = createPageHeads({ tagFreshMs: 0, refreshMs: 60_000 });
    const titleNow = async () => (await heads.headOf(request('2.0.0-burst')))?.title;
    expect(await titleNow()).toBe('render 1');
    for (let edit = 2; edit <= 100; edit++) {
      writeFileSync(tagFile, `catalog ${edit}`);
      await titleNow();
    }
    await settle();
    expect(await titleNow()).toBe('render 1');
    expect(heads.held().computations).toBe(1);
  });

  it('asks for the tag at most once per `tagFreshMs`, and keeps heads `freshMs` when it cannot be had', async () => {
    const tagFile = join(releases, 'catalog-version-2');
    writeFileSync(tagFile, 'catalog 1');
    keepTaggedStorefront('2.0.0-tagged-2', tagFile);
    const heads = createPageHeads({ tagFreshMs: 60_000, freshMs: 0 });
    const titleNow = async () => (await heads.headOf(request('2.0.0-tagged-2')))?.title;
    expect(await titleNow()).toBe('render 1');
    writeFileSync(tagFile, 'catalog 2');
    // Within tagFreshMs the tag is not asked again: the kept head stays.
    expect(await titleNow()).toBe('render 1');

    rmSync(tagFile);
    const untagged = createPageHeads({ tagFreshMs: 0, freshMs: 0 });
    const pageNow = async () => (await untagged.headOf(request('2.0.0-tagged-2')))?.title;
    // No tag: still rendered (by a new server's own load of the entry), and made again after freshMs (here: at once,
    // behind the kept one).
    expect(await pageNow()).toBe('render 1');
    expect(await pageNow()).toBe('render 1');
    await settle();
    expect(await pageNow()).toBe('render 2');
  });

  it('writes text that holds `$` as text', () => {
    const head = { title: 'A $1 book', description: 'Costs $& less', tags: '<meta name="x" content="$`">' };
    expect(withPageHead(PAGE, head)).toBe(
      '<!doctype html><html><head><meta name="description" content="Costs $& less"/>' +
        '<title>A $1 book</title><meta name="x" content="$`"></head><body><div id="root"></div></body></html>',
    );
  });
});
