// The shell's server calls the API as itself while it renders (docs/decisions/043): each call its renders make to
// the API carries the server's own credential and the visitor it renders for, so the API counts those calls in a
// bucket per visitor of its own, which neither a flood of pages nor a visitor's own browser can empty for the others.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The headers the API reads (server/src/http/rate-limit-key.ts). */
export const RENDER_KEY_HEADER = 'x-bookswap-render-key';
export const RENDER_VISITOR_HEADER = 'x-bookswap-render-for';

const visitors = new AsyncLocalStorage<string>();

/** Runs `work` (a render, a head) for `client`: the API calls it makes name that visitor. */
export function renderingFor<T>(client: string, work: () => T): T {
  return visitors.run(client, work);
}

const urlOf = (input: string | URL | Request): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * Makes the process's `fetch` (the one release entries call) add the credential to calls to `apiUrl`. The entries
 * are the releases' own code and take no headers from their host: the call is changed where it leaves the process.
 * Returns the undo. Without a key nothing changes (the API then counts the calls by this server's address).
 */
export function sendRenderCredential({ apiUrl, key }: { apiUrl: string; key: string | undefined }): () => void {
  if (!key) return () => undefined;
  const origin = new URL(apiUrl).origin;
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    let url: URL;
    try {
      url = new URL(urlOf(input));
    } catch {
      return original(input, init);
    }
    if (url.origin !== origin) return original(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(RENDER_KEY_HEADER, key);
    headers.set(RENDER_VISITOR_HEADER, visitors.getStore() ?? 'shell-server');
    return original(input, { ...init, headers });
  };
  return () => {
    globalThis.fetch = original;
  };
}
