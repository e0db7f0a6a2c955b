import { contractMismatches, type ShellContract } from '@bookswap/shared/releases';
import type { RemoteRoutes } from '@bookswap/contract/routing';
import type { RemoteManifestList } from './remote-manifest-list';
import type { RemoteName } from './route-ownership';
import { failureStage, RemoteIncompatibleError, RemoteUnavailableError, reasonOf } from './remote-unavailable-error';

/** The two federation runtime calls the shell makes; injected so tests can fake a remote. */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null | undefined>;
}

const NO_CONTRACT = 'its remotes.json entry names no contract, so this shell cannot check it';

interface RoutesModule {
  default: RemoteRoutes;
}

/**
 * Loads each remote's `./routes` once it succeeds, and tries afresh after a failure: the federation
 * runtime caches a failed manifest or entry, so a retry first re-registers that remote (force) to drop it.
 * A release whose contract this shell cannot meet is never loaded, so the page never gets a second React or a
 * shared module without the export the release needs (docs/decisions/020); nor, in a production shell (one that
 * knows what it provides), is an entry without a contract (docs/decisions/062).
 */
export class RemoteRoutesLoader {
  private readonly loaded = new Map<RemoteName, RemoteRoutes>();
  private readonly pending = new Map<RemoteName, Promise<RemoteRoutes>>();
  private readonly failed = new Set<RemoteName>();

  constructor(
    private readonly runtime: FederationRuntime,
    private readonly remotes: RemoteManifestList,
    private readonly shell: ShellContract | null = null,
  ) {
    runtime.registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
  }

  load(name: RemoteName): Promise<RemoteRoutes> {
    const routes = this.loaded.get(name);
    if (routes) return Promise.resolve(routes);
    let pending = this.pending.get(name);
    if (!pending) {
      pending = this.fetchRoutes(name).finally(() => this.pending.delete(name));
      this.pending.set(name, pending);
    }
    return pending;
  }

  private async fetchRoutes(name: RemoteName): Promise<RemoteRoutes> {
    const remote = this.remotes.find((candidate) => candidate.name === name);
    if (!remote) throw new RemoteUnavailableError(name, 'it is not listed in remotes.json', 'manifest');
    if (this.shell) {
      // A production shell loads only what it could check: an entry that names no contract might need anything.
      const mismatches = remote.contract
        ? contractMismatches(name, { contract: remote.contract, routes: remote.routes ?? [] }, this.shell)
        : [NO_CONTRACT];
      if (mismatches.length) throw new RemoteIncompatibleError(name, remote.version ?? 'unknown', mismatches);
    }
    if (this.failed.has(name)) this.runtime.registerRemotes([{ name, entry: remote.entry }], { force: true });
    try {
      const module = await this.runtime.loadRemote<RoutesModule>(`${name}/routes`);
      if (!module || !Array.isArray(module.default)) throw new Error('its entry has no route table');
      this.failed.delete(name);
      this.loaded.set(name, module.default);
      return module.default;
    } catch (error) {
      this.failed.add(name);
      throw error instanceof RemoteUnavailableError
        ? error
        : new RemoteUnavailableError(name, reasonOf(error), failureStage(error));
    }
  }
}
