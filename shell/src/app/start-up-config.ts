import type { RuntimeConfig } from '@bookswap/shared/config';
import { takeEarlyRemotesJson } from '../federation/early-start';
import { readRemoteManifestList, type RemoteManifestList } from '../federation/remote-manifest-list';

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(path, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/**
 * The deployed `config.json` and `remotes.json` beside index.html: read at start-up, never built in,
 * so one build serves any API, sign-in project and remote locations.
 */
export async function readStartUpConfig(): Promise<{ config: Partial<RuntimeConfig>; remotes: RemoteManifestList }> {
  const early = takeEarlyRemotesJson()?.catch(() => fetchJson('/remotes.json'));
  const [config, remotes] = await Promise.all([fetchJson('/config.json'), early ?? fetchJson('/remotes.json')]);
  return { config: (config ?? {}) as Partial<RuntimeConfig>, remotes: readRemoteManifestList(remotes) };
}
