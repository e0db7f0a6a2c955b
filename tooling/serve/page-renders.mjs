// A public storefront page rendered on the shell's server (docs/decisions/036, 037, 045, 065): the shell release's
// render entry runs the page's own route loader from the storefront release this browser resolves to, and answers the
// head (for crawlers and link previews that run no script) and the body drawn by those releases' screens, so the page
// paints from HTML and the browser hydrates it with the same releases.
import { LRUCache } from 'lru-cache';
import { keptAnswers, SHED } from './kept-answers.mts';
import { LATE, loadModule, withinBudget } from './release-modules.mjs';

/** The interface version of the render entries this server calls (shell/src/server-render, the storefront's). */
export const PAGE_RENDER_API = 2;

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page as sent: for a rendered one, its head (title, description, the head's own elements) and its body inside
 * `#root` with the state the browser hydrates with after it; for a render that failed, missed its budget or was not
 * admitted, the page as the browser renders it, its head saying so (release health counts it).
 */
export function withRenderedPage(page, rendered) {
  if ('meta' in rendered) return page.replace('</head>', () => `${rendered.meta}</head>`);
  const { head, body, state } = rendered;
  // Replaced through functions: a `$` in a book's title is text, not a replacement pattern.
  const withHead = page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${head.title}</title>`)
    .replace(/(<meta name="description" content=")[^"]*"/, (_, start) => `${start}${head.description}"`)
    .replace('</head>', () => `${head.tags}</head>`);
  return body === null ? withHead : withHead.replace(EMPTY_ROOT, () => `<div id="root">${body}</div>${state}`);
}

const OUTCOMES = ['rendered', 'fromCache', 'none', 'failed', 'overBudget', 'shed'];

/** Admits every render at once: a server with no pool and no limits (the tests of one render). */
const ADMIT_ALL = (work) => work();

const weightOf = (rendered) =>
  rendered
    ? rendered.head.title.length +
      rendered.head.description.length +
      rendered.head.tags.length +
      (rendered.body?.length ?? 0) +
      (rendered.state?.length ?? 0)
    : 0;

/**
 * @param {object} options
 * @param {number} [options.budgetMs]  a page not ready within it goes as the browser renders it (kept when it comes)
 * @param {number} [options.freshMs]   how long a page is kept when there is no cache tag
 * @param {number} [options.taggedMs]  how long a page is kept at most while its cache tag stays the same
 * @param {number} [options.refreshMs]  how soon a page kept from an older cache tag is rendered again (meanwhile the
 *   kept one is served): a burst of listing edits makes at most one render per page per interval
 * @param {number} [options.staleMs]  how long a page may be served stale at most
 * @param {number} [options.maxModules]  render entries kept loaded, per kind
 * @param {number} [options.maxBytes]  what the kept pages may weigh in all (their text's length)
 * @param {(line: string) => void} [options.log]
 */
export function createPageRenders({
  budgetMs = 150,
  freshMs = 10_000,
  taggedMs = 5 * 60_000,
  refreshMs = 10_000,
  staleMs = 30 * 60_000,
  maxModules = 4,
  maxBytes = 64 * 1024 * 1024,
  log = (line) => console.warn(line),
} = {}) {
  const shells = new LRUCache({ max: maxModules });
  // A storefront's entry is loaded once per shell that renders it: it is bound to that shell's React and router.
  const storefronts = new LRUCache({ max: maxModules * 2 });
  const pages = keptAnswers({
    maxBytes,
    sizeOf: weightOf,
    keepMs: taggedMs,
    freshMs,
    refreshMs,
    staleMs,
    giveUpMs: Math.max(5_000, budgetMs * 10),
  });
  /** Public pages' one URL, by the URL asked and the releases' entries (null for no public page). */
  const canonicals = new LRUCache({ max: 10_000 });
  /** Renders run so far (admitted ones: a shed one runs none). */
  let renders = 0;
  /** Render outcomes per storefront version, for release health. */
  const outcomes = new Map();

  const checked = (entry, file, needs) => {
    if (entry.PAGE_RENDER_API !== PAGE_RENDER_API || needs.some((name) => !(name in entry)))
      throw new Error(`${file} is not a page-render entry of interface ${PAGE_RENDER_API}`);
    return entry;
  };
  function shellOf(file) {
    let entry = shells.get(file);
    if (!entry)
      shells.set(file, (entry = checked(loadModule(file), file, ['renderPage', 'sharedModule', 'viewportOf'])));
    return entry;
  }
  function storefrontOf(shellFile, file) {
    const key = `${shellFile}\n${file}`;
    let entry = storefronts.get(key);
    if (!entry) {
      const shell = shellOf(shellFile);
      entry = checked(
        loadModule(file, (request) => shell.sharedModule(request)),
        file,
        ['routes', 'canonicalPage'],
      );
      storefronts.set(key, entry);
    }
    return entry;
  }
  /** One answer per shell release and outcome, so the page sent with it is prepared once. */
  const fellBackAnswers = new LRUCache({ max: maxModules * 2 });
  /** What a render that failed or missed its budget answers: the meta the shell release writes (none before it did). */
  function fellBack(shellFile, outcome) {
    const key = `${shellFile}\n${outcome}`;
    let answer = fellBackAnswers.get(key);
    if (answer === undefined) {
      const meta = shells.get(shellFile)?.serverRenderMeta;
      fellBackAnswers.set(key, (answer = typeof meta === 'function' ? { meta: meta(outcome) } : null));
    }
    return answer;
  }
  function count(version, outcome) {
    let counts = outcomes.get(version);
    if (!counts) outcomes.set(version, (counts = Object.fromEntries(OUTCOMES.map((name) => [name, 0]))));
    counts[outcome]++;
  }

  return {
    /** Render outcomes of one storefront version so far: rendered, fromCache, none, failed, overBudget, shed. */
    outcomesOf: (version) => ({ ...(outcomes.get(version) ?? Object.fromEntries(OUTCOMES.map((name) => [name, 0]))) }),
    /**
     * The one URL of a public page as the storefront release spells it (`{ path, search, renders }`), read from its
     * route modules with the shell release's router; null for no public page or releases without render entries.
     * Throws when an entry cannot be loaded.
     * @param {{ shell: string | null, storefront: string | null }} files
     */
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
    /**
     * The page's head, body and state (only the head when `body` is false); for an error, a render not done within
     * the budget (kept for the next request when it comes) or one not admitted, the meta that says so; or null: no
     * render entries, a page not rendered on the server. Kept per (shell release, remotes' releases, width, origin,
     * URL), and served while a newer cache tag's render is under way: anonymous pages only, so any browser with the
     * same releases may have it. `admit` runs a render that is not kept, or answers SHED (render-admission.mts).
     * @param {import('./page-renders.mjs').PageToRender} page
     * @param {(work: () => Promise<unknown>) => Promise<unknown>} [admit]
     */
    async pageOf(page, admit = ADMIT_ALL) {
      const { shell, storefront, remotes, config, apiUrl, origin, tag, path, search, userAgent, body = true } = page;
      if (!shell.file || !storefront.file) return null;
      const releaseSet = [shell.version, ...remotes.map(({ name, version }) => `${name}@${version ?? ''}`)].join(' ');
      // A page is drawn for a phone's, a tablet's or a desktop's width (the shell's entry tells which).
      let viewport;
      try {
        viewport = body ? shellOf(shell.file).viewportOf(userAgent) : 'head only';
      } catch (error) {
        count(storefront.version, 'failed');
        log(`[page-render] shell ${shell.version}: ${error?.message ?? error}`);
        return null;
      }
      const key = `${releaseSet}\n${viewport}\n${origin}\n${path}?${search}`;
      const { answer, kept } = pages.take(key, tag, (signal, { refresh }) =>
        admit(
          () => {
            renders++;
            return shellOf(shell.file).renderPage({
              path,
              search,
              userAgent,
              apiUrl,
              origin,
              config,
              remotes,
              signal,
              body,
              storefront: storefrontOf(shell.file, storefront.file),
            });
          },
          { refresh },
        ),
      );
      try {
        const rendered = await withinBudget(answer, budgetMs);
        if (rendered === LATE) {
          count(storefront.version, 'overBudget');
          return fellBack(shell.file, 'over-budget');
        }
        if (rendered === SHED) {
          count(storefront.version, 'shed');
          return fellBack(shell.file, 'shed');
        }
        count(storefront.version, rendered ? (kept ? 'fromCache' : 'rendered') : 'none');
        return rendered;
      } catch (error) {
        count(storefront.version, 'failed');
        log(`[page-render] ${path}?${search} (storefront ${storefront.version}): ${error?.stack ?? error}`);
        return fellBack(shell.file, 'failed');
      }
    },
    /** How many render entries and pages are held now, what the pages weigh, and renders started so far. */
    held: () => {
      const { count: kept, bytes } = pages.held();
      return { modules: shells.size + storefronts.size, pages: kept, bytes, renders };
    },
  };
}
