import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What index.html's inline script started before the shell's code arrived (docs/decisions/015). */
interface EarlyStart {
  config?: Promise<unknown>;
  remotes?: Promise<unknown>;
  /** Manifests by URL, as parsed JSON. */
  manifests?: Record<string, Promise<unknown> | undefined>;
}

declare global {
  interface Window {
    __bookswapEarly?: EarlyStart;
  }
}

/** config.json or remotes.json as index.html already asked for it, once; undefined when it did not (then fetch it). */
export function takeEarlyStartUpFile(file: 'config' | 'remotes'): Promise<unknown> | undefined {
  const early = window.__bookswapEarly;
  const started = early?.[file];
  if (early) early[file] = undefined;
  return started;
}

/**
 * Hands the federation runtime a manifest index.html already fetched, once: a retry after a failure asks the
 * remote's server afresh. A failed early fetch falls back to the runtime's own request.
 */
export function earlyManifests(): ModuleFederationRuntimePlugin {
  return {
    name: 'bookswap-early-manifests',
    fetch(url, init) {
      const manifests = window.__bookswapEarly?.manifests;
      const early = manifests?.[url];
      if (!manifests || !early) return;
      manifests[url] = undefined;
      return early.then(
        (manifest) => new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }),
        () => fetch(url, init),
      );
    },
  };
}
