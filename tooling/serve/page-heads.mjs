// The head of a public storefront page, written by the shell's server into the page it sends (docs/decisions/036):
// computed by the server entry of the storefront release this browser resolves to, so a crawler or a link preview
// that runs no script reads the page's own title, description, canonical URL, Open Graph tags and JSON-LD.
import { LRUCache } from 'lru-cache';
import { keptAnswers, SHED } from './kept-answers.mjs';
import { LATE, loadModule, withinBudget } from './release-modules.mjs';

/** Admits every head at once: a server with no pool and no limits (the tests of one head). */
const ADMIT_ALL = (work) => work();

/** The interface version of `renderPageHead` this server calls (remote-storefront/src/server-entry). */
export const PAGE_HEAD_API = 1;

/** The page with the head written in: its title, its description, and the head's own elements before `</head>`. */
export function withPageHead(page, head) {
  // Replaced through functions: a `$` in a book's title is text, not a replacement pattern.
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${head.title}</title>`)
    .replace(/(<meta name="description" content=")[^"]*"/, (_, start) => `${start}${head.description}"`)
    .replace('</head>', () => `${head.tags}</head>`);
}

/**
 * @param {object} options
 * @param {number} [options.budgetMs]  a head not ready within it is left out (the page goes as it is)
 * @param {number} [options.freshMs]   how long a head is kept per (release, URL) when the entry gives no cache tag
 * @param {number} [options.taggedMs]  how long a head is kept at most while its entry's cache tag stays the same
 * @param {number} [options.tagFreshMs]  how often an entry's cache tag is asked again: the most a kept head lags
 * @param {number} [options.refreshMs]  how soon a head kept from an older cache tag is computed again (meanwhile the
 *   kept one is served)
 * @param {number} [options.staleMs]  how long a head may be served stale at most
 * @param {number} [options.maxModules]  releases' entries kept loaded (the live one and a canary, with room)
 * @param {number} [options.maxBytes]  what the kept heads may weigh in all (their text's length)
 * @param {(line: string) => void} [options.log]
 */
export function createPageHeads({
  budgetMs = 150,
  freshMs = 10_000,
  taggedMs = 5 * 60_000,
  tagFreshMs = 1_000,
  refreshMs = 10_000,
  staleMs = 30 * 60_000,
  maxModules = 4,
  maxBytes = 16 * 1024 * 1024,
  log = (line) => console.warn(line),
} = {}) {
  const modules = new LRUCache({ max: maxModules });
  const heads = keptAnswers({
    maxBytes,
    sizeOf: (head) => (head ? head.title.length + head.description.length + head.tags.length : 0),
    keepMs: taggedMs,
    freshMs,
    refreshMs,
    staleMs,
    giveUpMs: Math.max(5_000, budgetMs * 10),
  });
  /** Per entry and API: the last cache tag, when it was asked, and the question under way. */
  const tags = new LRUCache({ max: maxModules * 2 });
  const outcomes = { written: 0, fromCache: 0, none: 0, failed: 0, overBudget: 0, shed: 0 };
  /** Heads computed so far (admitted ones: a shed one computes none). */
  let computed = 0;

  function moduleOf(file) {
    let loaded = modules.get(file);
    if (!loaded) {
      loaded = loadModule(file);
      if (loaded.PAGE_HEAD_API !== PAGE_HEAD_API || typeof loaded.renderPageHead !== 'function')
        throw new Error(`${file} is not a page-head entry of interface ${PAGE_HEAD_API}`);
      modules.set(file, loaded);
    }
    return loaded;
  }

  /**
   * The entry's cache tag (the storefront's: the catalog's version), asked at most once per `tagFreshMs` and shared by
   * the requests meanwhile; null when the entry has none or it cannot be had (its heads are then kept `freshMs`).
   */
  async function tagOf(file, apiUrl) {
    const ask = moduleOf(file).pageHeadCacheTag;
    if (typeof ask !== 'function') return null;
    const key = `${file}\n${apiUrl}`;
    let known = tags.get(key);
    if (!known) tags.set(key, (known = { value: null, at: 0, asking: null }));
    if (known.value !== null && Date.now() - known.at < tagFreshMs) return known.value;
    known.asking ??= (async () => {
      const askedAt = Date.now();
      try {
        const value = await ask({ apiUrl, signal: AbortSignal.timeout(Math.max(1_000, budgetMs * 4)) });
        Object.assign(known, { value: typeof value === 'string' ? value : null, at: askedAt });
      } catch {
        known.value = null;
      } finally {
        known.asking = null;
      }
    })();
    await known.asking;
    return known.value;
  }

  return {
    outcomes,
    /**
     * The head of a page, or null: a path that is no public storefront page, a release with no server entry, an
     * error, a head not admitted, or one not ready within the budget (then it is still kept for the next request
     * when it comes). A head is kept per (release, URL); once the catalog's version (its cache tag) moves, the kept
     * head is served while one background computation makes the new one. `admit` runs a head that is not kept.
     * @param {{ file: string | null, version: string, path: string, search: string, origin: string, apiUrl: string }} page
     * @param {(work: () => Promise<unknown>) => Promise<unknown>} [admit]
     */
    async headOf({ file, version, path, search, origin, apiUrl }, admit = ADMIT_ALL) {
      if (!file) return null;
      let wasKept = false;
      const head = (async () => {
        const tag = await tagOf(file, apiUrl);
        const key = `${version}\n${origin}\n${path}?${search}`;
        const { answer, kept } = heads.take(key, tag, (signal, { refresh }) =>
          admit(
            () => {
              computed++;
              return moduleOf(file).renderPageHead({ path, search, origin, apiUrl, signal });
            },
            { refresh },
          ),
        );
        wasKept = kept;
        return answer;
      })();
      try {
        const first = await withinBudget(head, budgetMs);
        if (first === LATE) {
          outcomes.overBudget++;
          return null;
        }
        if (first === SHED) {
          outcomes.shed++;
          return null;
        }
        outcomes[first ? (wasKept ? 'fromCache' : 'written') : 'none']++;
        return first;
      } catch (error) {
        outcomes.failed++;
        log(`[page-head] ${path}?${search} (storefront ${version}): ${error?.message ?? error}`);
        return null;
      }
    },
    tagOf,
    /**
     * The one URL of a public page as the release's entry spells it (`{ path, search, renders }`), or null for a
     * path that is no public page or an entry that names none (a release from before canonical URLs).
     */
    canonicalOf(file, path, search) {
      const canonical = file ? moduleOf(file).canonicalPage : undefined;
      return typeof canonical === 'function' ? canonical(path, search) : null;
    },
    /** How many releases' entries and heads are held now, what the heads weigh, and heads computed so far. */
    held: () => {
      const { count, bytes } = heads.held();
      return { modules: modules.size, heads: count, bytes, computations: computed };
    },
  };
}
