import type { Registry } from './registry';
import type { ReleaseRegistryStore } from './registry-database.cjs';

export declare function registryFromText(text: string): Registry;
export declare function readRegistryFile(file: string): Promise<Registry>;
export declare function readRegistryFileSync(file: string): Registry;
export declare function writeJsonAtomically(value: unknown, file: string): Promise<void>;
export declare function writeJsonAtomicallySync(value: unknown, file: string): void;
export declare function updateRegistryFile(
  file: string,
  change: (registry: Registry) => Registry,
  options?: { retries?: number },
): Promise<Registry>;
export declare function fileRegistryStore(file: string): ReleaseRegistryStore;
