import type { ReleaseManifest, ResolvedRemote } from '@bookswap/shared/releases';
import type { Env, Registry, RemoteName } from './release-store.cjs';

export declare const BROWSER_COOKIE: string;
export declare const REMOTE_PORTS: Record<RemoteName, number>;
export declare function baseUrlOf(remote: string, env: Env): string;
export declare function browserIdFrom(cookieHeader: string | undefined): { id: string; setCookie: string | null };
export declare function bucketOf(browserId: string, remote: string): number;
/** A kept release's release.json, read once per process; null when it cannot be read. */
export declare function releaseOf(remote: string, version: string, env: Env): ReleaseManifest | null;
export declare function remotesForBrowser(options: {
  browserId: string;
  env?: Env;
  fallback?: { name: string; entry: string }[];
  registry?: Registry;
}): ResolvedRemote[];
export declare function shellForBrowser(options: {
  browserId: string;
  env?: Env;
  registry?: Registry;
}): { version: string; channel: 'live' | 'canary'; release: ReleaseManifest } | null;
