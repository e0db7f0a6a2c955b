import type { RemoteName, RouteAccess, RouteLayout, RouteMenu, RouteOwner } from '@bookswap/contract/routing';

/** A route as data: what the shell needs to guard, mount and list it before any of the remote's code loads. */
export interface RouteFacts {
  path: string;
  access: RouteAccess;
  layout: RouteLayout;
  title: string;
  menu?: RouteMenu;
}

/** What a release needs from the shell that hosts it (docs/decisions/020). */
export interface ReleaseContract {
  /** The `@bookswap/contract` version the release was built against (contract/package.json's `version`). */
  runtime: string;
  /** Each shared singleton's required range, as the release's federation config asks for it. */
  singletons: Record<string, string>;
  /**
   * The library versions the release was built with (`@bookswap/shared`): for the record only, since a release
   * whose major is not the shell's loads its own copy (docs/decisions/028).
   */
  libraries?: Record<string, string>;
}

/** What ships as releases of its own: the shell and each remote (docs/decisions/020 and 029). */
export type ReleaseUnit = 'shell' | RemoteName;

/** `release.json`, written beside a release's `mf-manifest.json` and never changed after. */
export interface ReleaseManifest {
  /** The release unit: a remote, or the shell. */
  remote: ReleaseUnit;
  version: string;
  commit: string;
  builtAt: string;
  contract: ReleaseContract;
  routes: RouteFacts[];
  /** A shell release: what it offers its remotes (the runtime contract, each singleton's version, its route rules). */
  provides?: ShellContract;
}

/** What a shell build offers its remotes: the versions it provides and the route rules it was built with. */
export interface ShellContract {
  /** The `@bookswap/contract` version the shell provides. */
  runtime: string;
  /** Each singleton's provided version. */
  singletons: Record<string, string>;
  routes: (RouteFacts & { owner: RouteOwner })[];
}

/** One entry of the shell's `remotes.json`, as resolved for one browser from the release registry. */
export interface ResolvedRemote {
  name: string;
  /** The `mf-manifest.json` URL of the release this browser uses. */
  entry: string;
  version?: string;
  channel?: 'live' | 'canary';
  contract?: ReleaseContract;
  routes?: RouteFacts[];
}
