import type { RemoteName } from '@bookswap/contract/routing';
import type { HistoryEntry, Registry, ReleaseManifest, ReleaseUnit, RemoteRecord } from '@bookswap/shared/releases';

export type { HistoryEntry, Registry, ReleaseUnit, RemoteName, RemoteRecord };

export type Env = Record<string, string | undefined>;

export declare const REMOTES: readonly RemoteName[];
export declare const UNITS: readonly ReleaseUnit[];
export declare const ROOT: string;
export declare function releasesDir(env?: Env): string;
export declare function registryPath(env?: Env): string;
export declare function readRegistry(file?: string): Registry;
export declare function registryFromText(text: string): Registry;
export declare function writeRegistryAtomically(registry: Registry, file?: string): void;
export declare function updateRegistry(
  change: (registry: Registry) => Registry,
  file?: string,
  options?: { retries?: number },
): Promise<Registry>;
export declare function readRelease(remote: string, version: string, env?: Env): ReleaseManifest | null;
export declare function keptReleases(remote: string, env?: Env): ReleaseManifest[];
export declare function lastBuildPath(env?: Env): string;
export declare function readLastBuild(env?: Env): Partial<Record<ReleaseUnit, string>>;
