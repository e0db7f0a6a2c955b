import type { Page } from '@playwright/test';

/** One version of a shared module as the page's federation runtime holds it. */
export interface SharedVersion {
  version: string;
  /** The container that provided it (the shell, or a remote's name). */
  from: string;
  singleton: boolean;
  loaded: boolean;
  /** The module's export names when loaded (what a remote can use of it at run time). */
  names: string[] | null;
}

/**
 * The page's federation share scope (`__FEDERATION__`'s instances, scope `default`): every shared key with the
 * versions registered for it, merged over the shell and each remote container.
 */
export function shareScopeOf(page: Page): Promise<Record<string, SharedVersion[]>> {
  return page.evaluate(() => {
    type Entry = {
      from?: string;
      loaded?: boolean;
      lib?: () => Record<string, unknown>;
      shareConfig?: { singleton?: boolean };
    };
    type Instance = { shareScopeMap?: Record<string, Record<string, Record<string, Entry>>> };
    const federation = (window as unknown as { __FEDERATION__?: { __INSTANCES__?: Instance[] } }).__FEDERATION__;
    const scope: Record<string, SharedVersion[]> = {};
    for (const instance of federation?.__INSTANCES__ ?? []) {
      for (const [key, versions] of Object.entries(instance.shareScopeMap?.default ?? {})) {
        for (const [version, entry] of Object.entries(versions)) {
          const list = (scope[key] ??= []);
          if (list.some((known) => known.version === version && known.from === (entry.from ?? ''))) continue;
          const loaded = Boolean(entry.loaded || entry.lib);
          list.push({
            version,
            from: entry.from ?? '',
            singleton: Boolean(entry.shareConfig?.singleton),
            loaded,
            names: entry.lib ? Object.keys(entry.lib()).filter((name) => name !== '__esModule') : null,
          });
        }
      }
    }
    return scope;
  });
}
