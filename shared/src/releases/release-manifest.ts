import type { RouteAccess } from '../routing/route-access';
import type { RemoteName, RouteLayout, RouteMenu, RouteOwner } from '../routing/paths';

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
  /** The `@bookswap/shared` version the release was built against (shared/package.json's `version`). */
  shared: string;
  /** Each shared singleton's required range, as the release's federation config asks for it. */
  singletons: Record<string, string>;
}

/** `release.json`, written beside a release's `mf-manifest.json` and never changed after. */
export interface ReleaseManifest {
  remote: RemoteName;
  version: string;
  commit: string;
  builtAt: string;
  contract: ReleaseContract;
  routes: RouteFacts[];
}

/** What a shell build offers its remotes: the versions it provides and the route rules it was built with. */
export interface ShellContract {
  shared: string;
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
