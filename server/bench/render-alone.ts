// bench:ssr's `render alone` case: what one public page's render costs the shell's server when nothing else asks,
// one page at a time on one core. The last build's render entries are called in this process, as
// tooling/serve/page-renders.mjs calls them; each page's API answers are read once and then kept, so the time is the
// render alone (React drawing the shell's layout and the storefront's screen, with their styles). Its inverse is the
// most uncached pages a second one rendering core can give, whatever else the machine does.
import path from 'node:path';
import { readLastBuild, readRelease, releasesDir } from '../../tooling/release/release-store.cjs';
import { loadModule } from '../../tooling/serve/release-modules.mjs';
import { percentile, round1 } from './bench-setup';

/** The pages timed: the three public screens, and a list with a search, a filter and a page. */
export const RENDERED_PAGES = ['/', '/category', '/booklist', '/booklist?search=castle&condition=Good&page=2'];

interface PageQueriesRequest {
  path: string;
  search: string;
  apiUrl: string;
}
interface StorefrontEntry {
  pageQueries(request: PageQueriesRequest): Promise<unknown[] | null>;
}
interface RenderRequest extends PageQueriesRequest {
  remotes: unknown;
  config: object;
  storefront: StorefrontEntry;
}
interface ShellEntry {
  sharedModule(request: string): unknown;
  renderPage(request: RenderRequest): Promise<{ body: string } | null>;
}

export interface RenderAloneResult {
  page: string;
  renders: number;
  medianMs: number;
  p95Ms: number;
  /** 1,000 / median: the uncached pages a second of one core that does nothing else. */
  pagesPerSecond: number;
  /** Elements of the rendered body, its `<style>` elements left out. */
  elements: number;
  /** Of those, the roots of MUI components (a `Mui…-root` class): each one drawn with its styles. */
  muiComponents: number;
  styleElements: number;
  bodyKb: number;
}

/** The render entry a built release carries (named in its release.json), as the shell's server finds it. */
function renderEntryOf(unit: 'shell' | 'storefront', version: string): string {
  const release = readRelease(unit, version) as { server?: { pageRender?: string } } | null;
  if (!release?.server?.pageRender) throw new Error(`${unit} ${version} carries no render entry`);
  return path.join(releasesDir(), unit, version, release.server.pageRender);
}

/** The rendered body's elements, MUI components and style elements, and its size. */
export function countsOf(
  body: string,
): Pick<RenderAloneResult, 'elements' | 'muiComponents' | 'styleElements' | 'bodyKb'> {
  const styleElements = body.match(/<style[\s>]/g)?.length ?? 0;
  return {
    elements: (body.match(/<[a-z][a-z0-9]*[\s>]/g)?.length ?? 0) - styleElements,
    muiComponents: body.match(/<[a-z][a-z0-9]*[^>]*\sclass="[^"]*\bMui\w+-root\b/g)?.length ?? 0,
    styleElements,
    bodyKb: round1(Buffer.byteLength(body) / 1024),
  };
}

/**
 * Renders each page for `seconds` (at least 20 times) after 20 renders that warm it up, one at a time.
 * `remotes` and `config` as the shell's server gives them to a browser (its /remotes.json and /config.json).
 */
export async function renderAlone(options: {
  apiUrl: string;
  remotes: unknown;
  config: object;
  seconds: number;
}): Promise<RenderAloneResult[]> {
  const built = readLastBuild();
  if (!built.shell || !built.storefront) throw new Error('Build the product first: node scripts/build-all.mjs');
  const shell = loadModule(renderEntryOf('shell', built.shell)) as ShellEntry;
  const storefront = loadModule(renderEntryOf('storefront', built.storefront), (request: string) =>
    shell.sharedModule(request),
  ) as StorefrontEntry;
  const results: RenderAloneResult[] = [];
  for (const page of RENDERED_PAGES) {
    const url = new URL(page, 'http://localhost');
    const place = { path: url.pathname, search: url.search.slice(1), apiUrl: options.apiUrl };
    const request: RenderRequest = { ...place, remotes: options.remotes, config: options.config, storefront };
    // The first render reads the answers through the API (the shell's render points the storefront's client at it).
    let answers: Promise<unknown[] | null> | undefined;
    await shell.renderPage({
      ...request,
      storefront: { ...storefront, pageQueries: (asked) => (answers = storefront.pageQueries(asked)) },
    });
    const kept = await answers;
    if (!kept) throw new Error(`${page} is not rendered on the server`);
    request.storefront = { ...storefront, pageQueries: () => Promise.resolve(kept) };
    const render = async () => {
      const rendered = await shell.renderPage(request);
      if (!rendered) throw new Error(`${page} was not rendered`);
      return rendered.body;
    };
    let body = '';
    for (let i = 0; i < 20; i++) body = await render();
    const times: number[] = [];
    const ends = performance.now() + options.seconds * 1000;
    while (times.length < 20 || performance.now() < ends) {
      const start = performance.now();
      await render();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    results.push({
      page,
      renders: times.length,
      medianMs: round1(median),
      p95Ms: round1(percentile(times, 95)),
      pagesPerSecond: round1(1000 / median),
      ...countsOf(body),
    });
  }
  return results;
}
