import type { Cache, State } from 'swr';
import type { ServerRenderOutcome } from '@bookswap/shared/schemas';
import { PAGE_STATE_ID } from '@bookswap/shared/ui';
import type { RemoteManifestList } from '../federation/remote-manifest-list';

/** The element of a server-rendered page that carries what the browser hydrates with (the screens look for it). */
export { PAGE_STATE_ID };

/**
 * What a server render used, written into its page as JSON so the browser's first render is the same: the releases
 * it rendered with (the browser loads exactly these), the answers its screens read (SWR cache entries by their
 * serialized keys) and the route loaders' data.
 */
export interface PageState {
  remotes: RemoteManifestList;
  cache: [key: string, data: unknown][];
  loaderData: Record<string, unknown>;
  /** The width the page was rendered for (viewport.ts): the browser hydrates at it. */
  viewportWidth: number;
}

/** The state as the text of a `<script type="application/json">`: a `<` in a book's title cannot end the element. */
export function pageStateScript(state: PageState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`;
}

/** The page's server state, or null for a page the server did not render (or whose state cannot be read). */
export function readPageState(document: Document): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<PageState>;
    return Array.isArray(state.remotes) &&
      Array.isArray(state.cache) &&
      typeof state.loaderData === 'object' &&
      typeof state.viewportWidth === 'number'
      ? (state as PageState)
      : null;
  } catch {
    return null;
  }
}

/**
 * The meta the shell's server writes into the page it sends unrendered because the render failed or missed its
 * budget (tooling/serve/page-renders.mts), its content the outcome.
 */
export const SERVER_RENDER_META = 'bookswap-server-render';

/** The meta saying a render was tried and the page went unrendered, as the shell's server writes it into the head. */
export function serverRenderMeta(outcome: Exclude<ServerRenderOutcome, 'rendered'>): string {
  return `<meta name="${SERVER_RENDER_META}" content="${outcome}">`;
}

/**
 * How the shell's server answered this page, for release health: rendered (it carries its state), left to the
 * browser after a failed or late render (the meta says which), or null when no render was tried.
 */
export function serverRenderOf(document: Document, state: PageState | null): ServerRenderOutcome | null {
  if (state) return 'rendered';
  const outcome = document.querySelector(`meta[name="${SERVER_RENDER_META}"]`)?.getAttribute('content');
  return outcome === 'failed' || outcome === 'over-budget' ? outcome : null;
}

/**
 * An SWR cache holding a render's answers as settled (not loading, not validating), for the server's render and the
 * browser's hydration alike: both then render the answers, not a spinner, and alike. The browser's screens still ask
 * again once mounted, as after any cached answer.
 */
export function answeredCache(answers: PageState['cache']): Cache {
  const settled = (data: unknown): State => ({ data, isLoading: false, isValidating: false });
  return new Map(answers.map(([key, data]) => [key, settled(data)])) as Cache;
}
