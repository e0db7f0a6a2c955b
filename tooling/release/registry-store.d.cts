import type { ReleaseRegistryStore } from '@bookswap/shared/release-registry';
import type { Env, Registry } from './release-store.cjs';

export interface RegistryReader {
  start(): Promise<void>;
  current(): Registry;
  stop(): Promise<void>;
}

export declare function openRegistryStore(env?: Env): ReleaseRegistryStore & { close(): Promise<void> };
export declare function openRegistryReader(env?: Env): RegistryReader;
