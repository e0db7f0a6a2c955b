// What the shell's server keeps rendered pages by (docs/decisions/043, 045): the catalog's version, which moves with
// every change to the listings, asked of the API at most once a `freshMs` and shared by the requests meanwhile.
import { LRUCache } from 'lru-cache';

/**
 * @param {object} options
 * @param {number} [options.freshMs]  how often the version is asked again: the most a kept page lags behind an edit
 * @param {number} [options.timeoutMs]  a question not answered within it gives no tag (pages are then kept briefly)
 */
export function createCatalogTags({ freshMs = 1_000, timeoutMs = 1_000 } = {}) {
  /** Per API: the last tag, when it was asked, and the question under way. */
  const known = new LRUCache({ max: 8 });

  async function ask(apiUrl) {
    const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/api/catalog/version`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the catalog version answered ${response.status}`);
    const { version } = await response.json();
    if (!Number.isInteger(version)) throw new Error('the catalog version answered no version');
    return `catalog ${version}`;
  }

  /** The API's catalog tag, or null when it cannot be had. */
  return async function tagOf(apiUrl) {
    let entry = known.get(apiUrl);
    if (!entry) known.set(apiUrl, (entry = { value: null, at: 0, asking: null }));
    // A failed question is not asked again sooner either: an API that cannot answer is not asked per page.
    if (entry.at > 0 && Date.now() - entry.at < freshMs) return entry.value;
    entry.asking ??= (async () => {
      const askedAt = Date.now();
      try {
        Object.assign(entry, { value: await ask(apiUrl), at: askedAt });
      } catch {
        Object.assign(entry, { value: null, at: askedAt });
      } finally {
        entry.asking = null;
      }
    })();
    await entry.asking;
    return entry.value;
  };
}
