// Which folder is served on which port and how (docs/architecture.md "Ports").
import type { IncomingMessage } from 'node:http';
import { dirname, extname, join } from 'node:path';
import type { ReleaseManifest } from '@bookswap/shared/releases';
import { LRUCache } from 'lru-cache';
import * as releaseStore from '../release/release-store.mts';
import type { Env, Registry } from '../release/release-store.mts';
import * as remotesForBrowser from '../release/remotes-for-browser.mts';
import * as registryStore from '../release/registry-store.mts';
import { createCatalogTags } from './catalog-tag.mts';
import { crawlerAnswers } from './crawler-files.mts';
import { SHELL_FILE, servedFolder, type ServedPackage } from './packages.mts';
import { createPageLoadTickets } from './page-load-tickets.mts';
import {
  createPageRenders,
  withRenderedPage,
  type Admit,
  type CanonicalPage,
  type PageRenders,
  type PageToRender,
} from './page-renders.mts';
import { preparedAnswer, type PreparedAnswer } from './prepared-answers.mts';
import { createRenderAdmission, type RenderAdmission } from './render-admission.mts';
import { renderingFor, sendRenderCredential } from './render-api-calls.mts';
import { REMOTE_HELMET, SHELL_HELMET, shellPagePolicy, type PolicyDirectives } from './security-headers.mts';
import { configJson, publicOriginOf, remotesJson, requirePublicOrigin } from './shell-runtime-files.mts';
import { createStaticServer, IMMUTABLE, type Routed, type StaticServer as FileServer } from './static-server.mts';

const { browserIdFrom, releaseOf, shellForBrowser, versionForBrowser } = remotesForBrowser;

export { PACKAGES, SHELL_RELEASE_PATH, servedFile, servedFolder, type ServedPackage } from './packages.mts';

/** The shell's render pool and what it shed, and what its kept pages weigh. */
export interface RenderState {
  admission: ReturnType<RenderAdmission['state']>;
  pages: ReturnType<PageRenders['held']>;
}

export interface StaticServer extends FileServer {
  /** The shell's server only: its render pool, what it shed, and what its kept pages weigh. */
  renderState?: () => RenderState;
}

/** `release.json` with the server entries its build wrote (tooling/release/build-release.ts). */
type ReleaseWithServer = ReleaseManifest & { server?: Record<string, string> };

/**
 * A shell's server and the release registry it answers from (the file, or PostgreSQL's rows as last read: docs/
 * decisions/020), read before the server listens and let go when it closes.
 */
function withRegistry(env: Env, serve: (registry: () => Registry) => StaticServer): StaticServer {
  requirePublicOrigin(env);
  const reader = registryStore.openRegistryReader(env);
  const server = serve(() => reader.current());
  return {
    port: server.port,
    renderState: server.renderState,
    underPressure: server.underPressure,
    async listen() {
      await reader.start();
      await server.listen();
    },
    async close() {
      await server.close();
      await reader.stop();
    },
  };
}

/**
 * One shell build's folder as it is (the one-bundle baseline of `pnpm bench:lighthouse`): every path answers its
 * index.html, and config.json and remotes.json come from `env`. The product's shell is served from releases.
 */
export function serveShellBuild(dist: string, port: number, env: Env = process.env): StaticServer {
  const tickets = createPageLoadTickets(env);
  return withRegistry(env, (registry) =>
    createStaticServer({
      root: dist,
      port,
      spa: true,
      // Its page carries a page-load ticket as the product's does (docs/decisions/042), so both weigh the same.
      route: (request, pathname): Routed =>
        extname(pathname) ? { pathname } : { pathname: '/index.html', rewrite: tickets.pageAsRead },
      helmet: SHELL_HELMET,
      pagePolicy: (file) =>
        shellPagePolicy({
          config: configJson(dist, env),
          remotes: remotesJson(dist, env, undefined, registry()).body as { entry: string }[],
          indexFile: file,
          env,
        }),
      generated: {
        '/config.json': () => ({ body: configJson(dist, env) }),
        '/remotes.json': (request) => remotesJson(dist, env, request.headers.cookie, registry()),
      },
      answers: crawlerAnswers({ env, apiUrl: () => configJson(dist, env).apiUrl }),
    }),
  );
}

const SHELL_PAGE_CACHING = 'private, no-cache';

/** The meta tag through which the page tells the shell its release and channel (its health reports carry them). */
export const SHELL_RELEASE_META = 'bookswap-shell-release';
const namingShellRelease = (version: string, channel: string) => (page: string) =>
  page.replace('<head>', `<head><meta name="${SHELL_RELEASE_META}" content="${version} ${channel}">`);

/**
 * The shell's origin, from its releases (`<releases>/shell/<version>/`): every page path answers the page of the shell
 * release this browser resolves to (live, or the canary its draw gives it, as remotes.json resolves the remotes),
 * every kept release's files are served under `/_shell/<version>/` for good, and config.json and remotes.json come
 * from that release and `env`.
 */
export function serveShell(releases: string, port: number, env: Env = process.env): StaticServer {
  return withRegistry(env, (registry) => serveShellFrom(releases, port, env, registry));
}

/** A positive whole number from the environment, else `fallback`. */
const settingOf = <Fallback extends number | undefined>(value: string | undefined, fallback: Fallback) =>
  Number(value) > 0 ? Number(value) : fallback;

/** A browser's shell release (none: no shell release is kept), and the cookie that keeps its draw when it had none. */
type BrowsersShell = { browserId: string; setCookie: string | null } & (
  | { folder: string; version: string; channel: 'live' | 'canary' }
  | { folder: null; version: undefined; channel: undefined }
);

/** A public page's one URL, as sent (`location`) and as asked. */
type CanonicalAnswer = CanonicalPage & { location: string; asked: string };

function serveShellFrom(releases: string, port: number, env: Env, registry: () => Registry): StaticServer {
  const tickets = createPageLoadTickets(env);
  /** This browser's shell release, and the cookie that keeps its draw when it had none. */
  const shellOf = (request: IncomingMessage): BrowsersShell => {
    const { id, setCookie } = browserIdFrom(request.headers.cookie);
    const shell = shellForBrowser({ browserId: id, env, registry: registry() });
    return shell
      ? {
          folder: join(releases, shell.version),
          version: shell.version,
          channel: shell.channel,
          browserId: id,
          setCookie,
        }
      : { folder: null, version: undefined, channel: undefined, browserId: id, setCookie };
  };
  const catalogTagOf = createCatalogTags();
  const pageRenders = createPageRenders({
    budgetMs: settingOf(env.BOOKSWAP_PAGE_RENDER_BUDGET_MS, 150),
    freshMs: settingOf(env.BOOKSWAP_PAGE_FRESH_MS, 10_000),
    refreshMs: settingOf(env.BOOKSWAP_PAGE_REFRESH_MS, 10_000),
    maxBytes: settingOf(env.BOOKSWAP_PAGE_CACHE_MB, 64) * 1024 * 1024,
  });
  // What a visitor may start when a page is not kept (docs/decisions/043): a place in the render pool, within the
  // client's allowance of uncached pages a minute; past either the page goes as the browser renders it.
  const admission = createRenderAdmission({
    concurrency: settingOf(env.BOOKSWAP_RENDERS_IN_FLIGHT, undefined),
    queue: settingOf(env.BOOKSWAP_RENDER_QUEUE, undefined),
    // Unset: createRenderAdmission's own 50 (decision 043), below what the API lets one visitor's renders search.
    perClientPerMinute:
      env.BOOKSWAP_RENDERS_PER_CLIENT_MINUTE === undefined ? undefined : Number(env.BOOKSWAP_RENDERS_PER_CLIENT_MINUTE),
    trustProxy: env.BOOKSWAP_TRUST_PROXY ?? '',
    // @fastify/under-pressure's view of the process (load-pressure.mts): no render starts while it is over a bound.
    underPressure: () => server.underPressure(),
    pagesPerClientMinute:
      env.BOOKSWAP_PAGES_PER_CLIENT_MINUTE === undefined ? 1_200 : Number(env.BOOKSWAP_PAGES_PER_CLIENT_MINUTE),
  });
  /** The API origins whose calls carry this server's credential (BOOKSWAP_RENDER_KEY), and how to stop that. */
  const credentialed = new Map<string, () => void>();
  const withCredential = (apiUrl: string) => {
    if (!credentialed.has(apiUrl))
      credentialed.set(apiUrl, sendRenderCredential({ apiUrl, key: env.BOOKSWAP_RENDER_KEY }));
  };
  /**
   * Pages as sent, by shell release and the identities of their head and body (kept answers are the same objects),
   * up to BOOKSWAP_PAGE_CACHE_MB of page text as the kept bodies are.
   */
  const answers = new LRUCache<string, PreparedAnswer>({
    maxSize: settingOf(env.BOOKSWAP_PAGE_CACHE_MB, 64) * 1024 * 1024,
    sizeCalculation: (answer) => answer.body.length || 1,
  });
  const ids = new WeakMap<object, number>();
  let lastId = 0;
  const idOf = (value: object | null) => {
    if (!value) return 0;
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = ++lastId));
    return id;
  };
  /** A kept release's render entry (`pageRender`), as a file, or null when it has none. */
  const serverFileOf = (unit: string, version: string | null | undefined, entry: string) => {
    if (!version) return null;
    const file = (releaseOf(unit, version, env) as ReleaseWithServer | null)?.server?.[entry];
    return file ? join(releaseStore.releasesDir(env), unit, version, file) : null;
  };
  /** The storefront release this browser resolves to (live, or its canary). */
  const storefrontOf = (browserId: string) => versionForBrowser(registry(), 'storefront', browserId, env).version;
  /**
   * The request's public page in its one spelling, as the storefront release this browser gets spells it (its path
   * still escaped, as the browser's router reads it), or null: no public page, or a release that names none.
   */
  const canonicalOf = (request: IncomingMessage, shell: BrowsersShell): CanonicalAnswer | null => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    try {
      const files = {
        shell: serverFileOf('shell', shell.version, 'pageRender'),
        storefront: serverFileOf('storefront', storefrontOf(shell.browserId), 'pageRender'),
      };
      const canonical = pageRenders.canonicalOf(files, url.pathname, url.search.slice(1));
      if (!canonical) return null;
      const location = `${canonical.path}${canonical.search ? `?${canonical.search}` : ''}`;
      return { ...canonical, location, asked: `${url.pathname}${url.search}` };
    } catch (error) {
      console.warn(`[page-render] ${url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
  /**
   * The shell's page for this request, naming its release; for a public page, the head and (unless
   * BOOKSWAP_PAGE_RENDER is `off`) the body rendered by the shell's and the storefront's releases, in one render.
   */
  const pageFor =
    (request: IncomingMessage, shell: BrowsersShell & { folder: string }, canonical: CanonicalAnswer | null) =>
    async (read: () => Promise<string>): Promise<PreparedAnswer> => {
      const version = storefrontOf(shell.browserId);
      // The path as the browser's router reads it: still escaped (the router decodes a category's id once).
      const url = new URL(request.url ?? '/', 'http://localhost');
      const config = configJson(shell.folder, env);
      // The API as this server reaches it (BOOKSWAP_SERVER_API_URL), else the one the page calls.
      // A release's config.json always names one (the build writes it); none would make every call fail, as before.
      const apiUrl = env.BOOKSWAP_SERVER_API_URL || config.apiUrl || '';
      withCredential(apiUrl);
      // One admission per page; the API calls its render makes name this visitor.
      const client = admission.clientOf(request);
      const admitted = admission.forRequest(client);
      const admit: Admit = (work, options) => admitted(() => renderingFor(client, work), options);
      // A public page only, and not one just back from signing in (what to resume is in its URL): the browser's alone.
      const rendered =
        canonical?.renders === true
          ? await pageRenders.pageOf(
              {
                shell: { file: serverFileOf('shell', shell.version, 'pageRender'), version: shell.version },
                storefront: { file: serverFileOf('storefront', version, 'pageRender'), version: version ?? '' },
                remotes: remotesJson(shell.folder, env, request.headers.cookie, registry())
                  .body as PageToRender['remotes'],
                config,
                apiUrl,
                origin: publicOriginOf(env, request),
                // The catalog's version, as the pages are kept by: a change to the listings renders anew.
                tag: await catalogTagOf(apiUrl),
                path: url.pathname,
                search: url.search.slice(1),
                userAgent: request.headers['user-agent'],
                body: env.BOOKSWAP_PAGE_RENDER !== 'off',
              },
              admit,
            )
          : null;
      // The same release and render make the same page: it is put together, encoded and hashed once.
      const key = `${shell.version} ${shell.channel} ${idOf(rendered)}`;
      let answer = answers.get(key);
      if (!answer) {
        const named = namingShellRelease(shell.version, shell.channel)(await read());
        answer = preparedAnswer(rendered ? withRenderedPage(named, rendered) : named);
        answers.set(key, answer);
      }
      return tickets.ticketed(answer);
    };
  /** The page policies made, by the registry they were made from (a promote makes them anew), then by page file. */
  const policies = new WeakMap<Registry, Map<string, PolicyDirectives>>();
  const noRelease = () => {
    throw new Error('no shell release is kept: build one with pnpm release build shell');
  };
  const server = createStaticServer({
    root: releases,
    port,
    async route(request, pathname) {
      const file = SHELL_FILE.exec(pathname);
      // A release's own files never change: an open tab finds its lazy chunks for as long as the release is kept.
      if (file) return { pathname: `/${file[1]}${file[2]}`, cacheControl: IMMUTABLE, unchanging: true };
      const shell = shellOf(request);
      if (!shell.version) return null;
      const { version, setCookie } = shell;
      // Client-side routes (/dashboard/myproduct) get the page; a file's path is looked up in the same release.
      if (!extname(pathname)) {
        // Pages, cached or not, within the client's allowance a minute: a flood is refused at the door.
        const page = await admission.pageAllowed(admission.clientOf(request));
        if (!page.allowed) return { tooMany: page };
        // A public page has one URL: any other spelling of it (an unknown parameter, a default written out, another
        // order) is sent there, so it never makes a render of its own.
        const canonical = canonicalOf(request, shell);
        if (canonical && canonical.location !== canonical.asked) return { redirect: canonical.location, setCookie };
        return {
          pathname: `/${version}/index.html`,
          setCookie,
          cacheControl: SHELL_PAGE_CACHING,
          unchanging: true,
          rewrite: pageFor(request, shell, canonical),
        };
      }
      return { pathname: `/${version}${pathname}`, setCookie, unchanging: true };
    },
    helmet: SHELL_HELMET,
    // The page's Content-Security-Policy names this deployment's API, remotes and providers; the shell's own scripts
    // need none (the page's policy covers what they do). A release's files never change, so it is made once per
    // release and registry as read (measured: a tenth of a cached page's time when made per request).
    pagePolicy: (file) => {
      const current = registry();
      let byFile = policies.get(current);
      if (!byFile) policies.set(current, (byFile = new Map()));
      let policy = byFile.get(file);
      if (!policy)
        byFile.set(
          file,
          (policy = shellPagePolicy({
            config: configJson(dirname(file), env),
            remotes: remotesJson(dirname(file), env, undefined, current).body as { entry: string }[],
            indexFile: file,
            env,
          })),
        );
      return policy;
    },
    generated: {
      '/config.json': (request) => ({ body: configJson(shellOf(request).folder ?? noRelease(), env) }),
      '/remotes.json': (request) =>
        remotesJson(shellOf(request).folder ?? noRelease(), env, request.headers.cookie, registry()),
    },
    answers: crawlerAnswers({
      env,
      apiUrl: (request) => {
        const folder = shellOf(request).folder;
        return folder ? configJson(folder, env).apiUrl : env.BOOKSWAP_API_URL;
      },
    }),
  });
  return {
    ...server,
    async close() {
      await server.close();
      for (const stop of credentialed.values()) stop();
      credentialed.clear();
    },
    /** What the render pool holds and has shed, and what the kept pages weigh (the bench reads them). */
    renderState: () => ({ admission: admission.state(), pages: pageRenders.held() }),
  };
}

export function servePackage(root: string, pkg: ServedPackage, port = pkg.port, env: Env = process.env): StaticServer {
  const folder = servedFolder(root, pkg, env);
  if (pkg.name === 'shell') return serveShell(folder, port, env);
  // A release's files are never rewritten, so every one of them (its manifest too) may be cached for good.
  return createStaticServer({ root: folder, port, cors: true, immutable: true, helmet: REMOTE_HELMET });
}
