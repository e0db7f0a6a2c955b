// A public storefront page rendered on the shell's server (docs/decisions/036, 037, 045, 065): the shell release's
// render entry runs the page's own route loader from the storefront release this browser resolves to, and answers the
// head (for crawlers and link previews that run no script) and the body drawn by those releases' screens, so the page
// paints from HTML and the browser hydrates it with the same releases.
import { LRUCache } from 'lru-cache';
import { keptAnswers, SHED } from './kept-answers.mts';
import { LATE, loadModule, withinBudget } from './release-modules.mts';
import type { Admit } from './render-admission.mts';

export type { Admit } from './render-admission.mts';

/** The interface version of the render entries this server calls (shell/src/server-render, the storefront's). */
export const PAGE_RENDER_API = 2;

/** What a shell release's render entry answers: the head, and the inside of `#root` with the state element. */
export interface RenderedPage {
  head: { title: string; description: string; tags: string };
  /** Null when only the head was asked for. */
  body: string | null;
  state: string | null;
}

/** A render that failed, missed its budget or was shed: the head element that says so, for the page sent unrendered. */
export interface FellBackPage {
  meta: string;
}

export type RenderOutcome = 'rendered' | 'fromCache' | 'none' | 'failed' | 'overBudget' | 'shed';

export interface PageToRender {
  shell: { file: string | null; version: string };
  storefront: { file: string | null; version: string };
  remotes: { name: string; version?: string }[];
  config: object;
  apiUrl: string;
  /** The public origin the page names itself on. */
  origin: string;
  tag: string | null;
  path: string;
  /** The query without its `?`. */
  search: string;
  userAgent?: string;
  /** False: the head alone. */
  body?: boolean;
}

/** A public page's one URL as a storefront release spells it, and whether it is rendered on the server. */
export interface CanonicalPage {
  path: string;
  search: string;
  renders: boolean;
}

/** A shell release's render entry (shell/src/server-render), as this server calls it. */
interface ShellRenderEntry {
  PAGE_RENDER_API: number;
  renderPage(request: object): Promise<RenderedPage | null>;
  /** The shell's copy of a module the storefront's entry left to its host (React, the router). */
  sharedModule(request: string): unknown;
  viewportOf(userAgent: string | undefined): string;
  /** The head element a page sent unrendered carries (older shell releases have none). */
  serverRenderMeta?: (outcome: string) => string;
}

/** A storefront release's render entry: its routes and its public pages' one URL. */
interface StorefrontRenderEntry {
  PAGE_RENDER_API: number;
  routes: unknown;
  canonicalPage(path: string, search: string): CanonicalPage | null;
}

export interface PageRenders {
  /** Render outcomes of one storefront version so far: rendered, fromCache, none, failed, overBudget, shed. */
  outcomesOf(version: string): Record<RenderOutcome, number>;
  /**
   * The one URL of a public page as the storefront release spells it, read from its route modules with the shell
   * release's router; null for no public page or releases without render entries. Throws when an entry cannot be
   * loaded.
   */
  canonicalOf(
    files: { shell: string | null; storefront: string | null },
    path: string,
    search: string,
  ): CanonicalPage | null;
  /**
   * The page's head, body and state (only the head when `body` is false); for an error, a render not done within
   * the budget (kept for the next request when it comes) or one not admitted, the meta that says so; or null: no
   * render entries, a page not rendered on the server. Kept per (shell release, remotes' releases, width, origin,
   * URL), and served while a newer cache tag's render is under way: anonymous pages only, so any browser with the
   * same releases may have it. `admit` runs a render that is not kept, or answers SHED (render-admission.mts).
   */
  pageOf(page: PageToRender, admit?: Admit): Promise<RenderedPage | FellBackPage | null>;
  /** How many render entries and pages are held now, what the pages weigh, and renders started so far. */
  held(): { modules: number; pages: number; bytes: number; renders: number };
}

export interface PageRendersOptions {
  /** a page not ready within it goes as the browser renders it (kept when it comes) */
  budgetMs?: number;
  /** how long a page is kept when there is no cache tag */
  freshMs?: number;
  /** how long a page is kept at most while its cache tag stays the same */
  taggedMs?: number;
  /**
   * how soon a page kept from an older cache tag is rendered again (meanwhile the kept one is served): a burst of
   * listing edits makes at most one render per page per interval
   */
  refreshMs?: number;
  /** how long a page may be served stale at most */
  staleMs?: number;
  /** render entries kept loaded, per kind */
  maxModules?: number;
  /** what the kept pages may weigh in all (their text's length) */
  maxBytes?: number;
  log?: (line: string) => void;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page as sent: for a rendered one, its head (title, description, the head's own elements) and its body inside
 * `#root` with the state the browser hydrates with after it; for a render that failed, missed its budget or was not
 * admitted, the page as the browser renders it, its head saying so (release health counts it).
 */
export function withRenderedPage(page: string, rendered: RenderedPage | FellBackPage): string {
  if ('meta' in rendered) return page.replace('</head>', () => `${rendered.meta}</head>`);
  const { head, body, state } = rendered;
  // Replaced through functions: a `$` in a book's title is text, not a replacement pattern.
  const withHead = page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${head.title}</title>`)
    .replace(/(<meta name="description" content=")[^"]*"/, (_, start: string) => `${start}${head.description}"`)
    .replace('</head>', () => `${head.tags}</head>`);
  return body === null ? withHead : withHead.replace(EMPTY_ROOT, () => `<div id="root">${body}</div>${state}`);
}

const OUTCOMES: readonly RenderOutcome[] = ['rendered', 'fromCache', 'none', 'failed', 'overBudget', 'shed'];
const noOutcomes = () => Object.fromEntries(OUTCOMES.map((name) => [name, 0])) as Record<RenderOutcome, number>;

/** Admits every render at once: a server with no pool and no limits (the tests of one render). */
const ADMIT_ALL: Admit = (work) => work();

const weightOf = (rendered: RenderedPage | null) =>
  rendered
    ? rendered.head.title.length +
      rendered.head.description.length +
      rendered.head.tags.length +
      (rendered.body?.length ?? 0) +
      (rendered.state?.length ?? 0)
    : 0;

export function createPageRenders({
  budgetMs = 150,
  freshMs = 10_000,
  taggedMs = 5 * 60_000,
  refreshMs = 10_000,
  staleMs = 30 * 60_000,
  maxModules = 4,
  maxBytes = 64 * 1024 * 1024,
  log = (line) => console.warn(line),
}: PageRendersOptions = {}): PageRenders {
  const shells = new LRUCache<string, ShellRenderEntry>({ max: maxModules });
  // A storefront's entry is loaded once per shell that renders it: it is bound to that shell's React and router.
  const storefronts = new LRUCache<string, StorefrontRenderEntry>({ max: maxModules * 2 });
  const pages = keptAnswers<RenderedPage>({
    maxBytes,
    sizeOf: weightOf,
    keepMs: taggedMs,
    freshMs,
    refreshMs,
    staleMs,
    giveUpMs: Math.max(5_000, budgetMs * 10),
  });
  /** Public pages' one URL, by the URL asked and the releases' entries (null for no public page). */
  const canonicals = new LRUCache<string, { canonical: CanonicalPage | null }>({ max: 10_000 });
  /** Renders run so far (admitted ones: a shed one runs none). */
  let renders = 0;
  /** Render outcomes per storefront version, for release health. */
  const outcomes = new Map<string, Record<RenderOutcome, number>>();

  /** The entry a release's file exports, once it has this interface's version and the functions named. */
  const checked = <Entry,>(entry: unknown, file: string, needs: (keyof Entry & string)[]): Entry => {
    const exported = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (exported.PAGE_RENDER_API !== PAGE_RENDER_API || needs.some((name) => !(name in exported)))
      throw new Error(`${file} is not a page-render entry of interface ${PAGE_RENDER_API}`);
    return exported as Entry;
  };
  function shellOf(file: string): ShellRenderEntry {
    let entry = shells.get(file);
    if (!entry)
      shells.set(
        file,
        (entry = checked<ShellRenderEntry>(loadModule(file), file, ['renderPage', 'sharedModule', 'viewportOf'])),
      );
    return entry;
  }
  function storefrontOf(shellFile: string, file: string): StorefrontRenderEntry {
    const key = `${shellFile}\n${file}`;
    let entry = storefronts.get(key);
    if (!entry) {
      const shell = shellOf(shellFile);
      entry = checked<StorefrontRenderEntry>(
        loadModule(file, (request) => shell.sharedModule(request)),
        file,
        ['routes', 'canonicalPage'],
      );
      storefronts.set(key, entry);
    }
    return entry;
  }
  /** One answer per shell release and outcome, so the page sent with it is prepared once. */
  const fellBackAnswers = new LRUCache<string, { answer: FellBackPage | null }>({ max: maxModules * 2 });
  /** What a render that failed or missed its budget answers: the meta the shell release writes (none before it did). */
  function fellBack(shellFile: string, outcome: 'over-budget' | 'shed' | 'failed'): FellBackPage | null {
    const key = `${shellFile}\n${outcome}`;
    let known = fellBackAnswers.get(key);
    if (known === undefined) {
      const meta = shells.get(shellFile)?.serverRenderMeta;
      fellBackAnswers.set(key, (known = { answer: typeof meta === 'function' ? { meta: meta(outcome) } : null }));
    }
    return known.answer;
  }
  function count(version: string, outcome: RenderOutcome) {
    let counts = outcomes.get(version);
    if (!counts) outcomes.set(version, (counts = noOutcomes()));
    counts[outcome]++;
  }

  return {
    outcomesOf: (version) => ({ ...(outcomes.get(version) ?? noOutcomes()) }),
    canonicalOf({ shell, storefront }, path, search) {
      if (!shell || !storefront) return null;
      // Kept per URL: matching the route table costs more than a kept page's answer (a tenth of the server's time
      // under bench:ssr's cached pages); bounded, since any visitor may send any URL.
      const key = `${shell}\n${storefront}\n${path}?${search}`;
      let known = canonicals.get(key);
      if (!known)
        canonicals.set(key, (known = { canonical: storefrontOf(shell, storefront).canonicalPage(path, search) }));
      return known.canonical;
    },
    async pageOf(page, admit = ADMIT_ALL) {
      const { shell, storefront, remotes, config, apiUrl, origin, tag, path, search, userAgent, body = true } = page;
      const [shellFile, storefrontFile] = [shell.file, storefront.file];
      if (!shellFile || !storefrontFile) return null;
      const releaseSet = [shell.version, ...remotes.map(({ name, version }) => `${name}@${version ?? ''}`)].join(' ');
      // A page is drawn for a phone's, a tablet's or a desktop's width (the shell's entry tells which).
      let viewport: string;
      try {
        viewport = body ? shellOf(shellFile).viewportOf(userAgent) : 'head only';
      } catch (error) {
        count(storefront.version, 'failed');
        log(`[page-render] shell ${shell.version}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
      const key = `${releaseSet}\n${viewport}\n${origin}\n${path}?${search}`;
      const { answer, kept } = pages.take(key, tag, (signal, { refresh }) =>
        admit(
          () => {
            renders++;
            return shellOf(shellFile).renderPage({
              path,
              search,
              userAgent,
              apiUrl,
              origin,
              config,
              remotes,
              signal,
              body,
              storefront: storefrontOf(shellFile, storefrontFile),
            });
          },
          { refresh },
        ),
      );
      try {
        const rendered = await withinBudget(answer, budgetMs);
        if (rendered === LATE) {
          count(storefront.version, 'overBudget');
          return fellBack(shellFile, 'over-budget');
        }
        if (rendered === SHED) {
          count(storefront.version, 'shed');
          return fellBack(shellFile, 'shed');
        }
        count(storefront.version, rendered ? (kept ? 'fromCache' : 'rendered') : 'none');
        return rendered;
      } catch (error) {
        count(storefront.version, 'failed');
        const stack = error instanceof Error ? error.stack : undefined;
        log(`[page-render] ${path}?${search} (storefront ${storefront.version}): ${stack ?? String(error)}`);
        return fellBack(shellFile, 'failed');
      }
    },
    held: () => {
      const { count: kept, bytes } = pages.held();
      return { modules: shells.size + storefronts.size, pages: kept, bytes, renders };
    },
  };
}
