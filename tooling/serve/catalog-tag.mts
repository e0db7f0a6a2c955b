// What the shell's server keeps rendered pages by (docs/decisions/065, 043, 045): the catalog's version, which moves
// with every change to the listings, asked of the API at most once a `freshMs` and shared by the requests meanwhile.
import { LRUCache } from 'lru-cache';

export interface CatalogTagOptions {
  /** how often the version is asked again: the most a kept page lags behind an edit */
  freshMs?: number;
  /** a question not answered within it gives no tag (pages are then kept briefly) */
  timeoutMs?: number;
}

/** Per API: the last tag, when it was asked, and the question under way. */
interface KnownTag {
  value: string | null;
  at: number;
  asking: Promise<void> | null;
}

export function createCatalogTags({ freshMs = 1_000, timeoutMs = 1_000 }: CatalogTagOptions = {}): (
  apiUrl: string,
) => Promise<string | null> {
  const known = new LRUCache<string, KnownTag>({ max: 8 });

  async function ask(apiUrl: string): Promise<string> {
    const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/api/catalog/version`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the catalog version answered ${response.status}`);
    const { version } = (await response.json()) as { version?: unknown };
    if (!Number.isInteger(version)) throw new Error('the catalog version answered no version');
    return `catalog ${version}`;
  }

  /** The API's catalog tag, or null when it cannot be had. */
  return async function tagOf(apiUrl: string): Promise<string | null> {
    let entry = known.get(apiUrl);
    if (!entry) known.set(apiUrl, (entry = { value: null, at: 0, asking: null }));
    const tag = entry;
    // A failed question is not asked again sooner either: an API that cannot answer is not asked per page.
    if (tag.at > 0 && Date.now() - tag.at < freshMs) return tag.value;
    tag.asking ??= (async () => {
      const askedAt = Date.now();
      try {
        Object.assign(tag, { value: await ask(apiUrl), at: askedAt });
      } catch {
        Object.assign(tag, { value: null, at: askedAt });
      } finally {
        tag.asking = null;
      }
    })();
    await tag.asking;
    return tag.value;
  };
}
