// bench:ssr's `render alone` case: what one public page's render costs the shell's server when nothing else asks,
// one page at a time on one core. The last build's render entries are called in this process, as
// tooling/serve/page-renders.mts calls them; each API answer the page's loader reads is fetched once and then given
// again from memory, so the time is the render alone (React drawing the shell's layout and the storefront's screen, with their styles). Its inverse is the
// most uncached pages a second one rendering core can give, whatever else the machine does.
import path from 'node:path';
import { readLastBuild, readRelease, releasesDir } from '../../tooling/release/release-store.mts';
import { loadModule } from '../../tooling/serve/release-modules.mts';
import { percentile, round1 } from './bench-setup';

/** The pages timed: the three public screens, and a list with a search, a filter and a page. */
export const RENDERED_PAGES = ['/', '/category', '/booklist', '/booklist?search=castle&condition=Good&page=2'];

interface RenderRequest {
  path: string;
  search: string;
  apiUrl: string;
  origin: string;
  remotes: unknown;
  config: object;
  storefront: unknown;
}
interface ShellEntry {
  sharedModule(request: string): unknown;
  renderPage(request: RenderRequest): Promise<{ body: string | null } | null>;
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
  );
  const results: RenderAloneResult[] = [];
  const restoreFetch = answerEachUrlOnce();
  try {
    for (const page of RENDERED_PAGES) results.push(await timeRenders(shell, storefront, page, options));
  } finally {
    restoreFetch();
  }
  return results;
}

/**
 * Every GET this process makes, answered through the network the first time and from memory after (the loaders
 * read the API through the global `fetch`, as the shell's server runs them); gives the real `fetch` back.
 */
function answerEachUrlOnce(): () => void {
  const real = globalThis.fetch;
  const kept = new Map<string, { body: string; status: number; headers: Headers }>();
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    let answer = kept.get(url);
    if (!answer) {
      const response = await real(input, init);
      answer = { body: await response.text(), status: response.status, headers: response.headers };
      kept.set(url, answer);
    }
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  return () => {
    globalThis.fetch = real;
  };
}

async function timeRenders(
  shell: ShellEntry,
  storefront: unknown,
  page: string,
  options: { apiUrl: string; remotes: unknown; config: object; seconds: number },
): Promise<RenderAloneResult> {
  const url = new URL(page, 'http://localhost');
  const request: RenderRequest = {
    path: url.pathname,
    search: url.search.slice(1),
    apiUrl: options.apiUrl,
    origin: 'http://localhost:3000',
    remotes: options.remotes,
    config: options.config,
    storefront,
  };
  const render = async () => {
    const rendered = await shell.renderPage(request);
    if (!rendered?.body) throw new Error(`${page} was not rendered`);
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
  return {
    page,
    renders: times.length,
    medianMs: round1(median),
    p95Ms: round1(percentile(times, 95)),
    pagesPerSecond: round1(1000 / median),
    ...countsOf(body),
  };
}
