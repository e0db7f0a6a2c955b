import type { ReleaseContract, ResolvedRemote, RouteFacts } from '@bookswap/shared/releases';

/**
 * `remotes.json`, computed per browser by the shell's server from the release registry (docs/decisions/020), or
 * written by hand (docs/decisions/004): each remote's `mf-manifest.json` URL and, for a release, its version, channel,
 * contract and routes.
 */
export type RemoteManifestList = ResolvedRemote[];

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

function isAbsoluteUrl(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    return Boolean(new URL(text));
  } catch {
    return false;
  }
}

function isContract(value: unknown): value is ReleaseContract {
  return (
    isObject(value) &&
    typeof value.runtime === 'string' &&
    isObject(value.singletons) &&
    Object.values(value.singletons).every((range) => typeof range === 'string')
  );
}

function isRoute(value: unknown): value is RouteFacts {
  return (
    isObject(value) &&
    typeof value.path === 'string' &&
    value.path.startsWith('/') &&
    typeof value.access === 'string' &&
    typeof value.layout === 'string' &&
    typeof value.title === 'string' &&
    (value.menu === undefined ||
      (isObject(value.menu) && typeof value.menu.place === 'string' && typeof value.menu.label === 'string'))
  );
}

function readRemote(remote: unknown): ResolvedRemote | null {
  if (!isObject(remote) || typeof remote.name !== 'string' || !remote.name || !isAbsoluteUrl(remote.entry)) return null;
  const { name, entry, version, channel, contract, routes } = remote;
  const read: ResolvedRemote = { name, entry: entry as string };
  if (version !== undefined) {
    if (typeof version !== 'string') return null;
    read.version = version;
  }
  if (channel !== undefined) {
    if (channel !== 'live' && channel !== 'canary') return null;
    read.channel = channel;
  }
  if (contract !== undefined) {
    if (!isContract(contract)) return null;
    read.contract = contract;
  }
  if (routes !== undefined) {
    if (!Array.isArray(routes) || !routes.every(isRoute)) return null;
    read.routes = routes;
  }
  return read;
}

/** Checked by hand, not with the schema library, which the shell's first load does without. */
export function readRemoteManifestList(data: unknown): RemoteManifestList {
  const remotes = Array.isArray(data) ? data.map(readRemote) : [null];
  if (remotes.some((remote) => remote === null))
    throw new Error(
      'remotes.json must list each remote as { "name", "entry": an absolute URL } (with, for a release, its "version", "channel", "contract" and "routes")',
    );
  return remotes as RemoteManifestList;
}
