import type { RuntimeConfig } from '@bookswap/contract/config';
import { takeEarlyStartUpFile } from '../federation/early-start';
import { readRemoteManifestList, type RemoteManifestList } from '../federation/remote-manifest-list';

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(path, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/** index.html's early fetch of the file when it made one (a failed one is asked again), else a fetch now. */
function startUpFile(file: 'config' | 'remotes'): Promise<unknown> {
  const path = `/${file}.json`;
  return takeEarlyStartUpFile(file)?.catch(() => fetchJson(path)) ?? fetchJson(path);
}

/**
 * The deployed `config.json` and `remotes.json` beside index.html: read at start-up, never built in,
 * so one build serves any API, sign-in project and remote locations.
 */
export async function readStartUpConfig(): Promise<{ config: Partial<RuntimeConfig>; remotes: RemoteManifestList }> {
  const [config, remotes] = await Promise.all([startUpFile('config'), startUpFile('remotes')]);
  return { config: (config ?? {}) as Partial<RuntimeConfig>, remotes: readRemoteManifestList(remotes) };
}
