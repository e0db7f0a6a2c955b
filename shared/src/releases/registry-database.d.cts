import type { Registry } from './registry';

/** One connection of a pool: pg's PoolClient fits. */
export interface RegistryConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  release(): void;
}

/** A connection pool: pg's Pool fits. */
export interface RegistryPool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<RegistryConnection>;
}

/** Where the release registry is kept (docs/decisions/020, 061): a file on one host, or PostgreSQL. */
export interface ReleaseRegistryStore {
  /** The whole record; `history: false` leaves each unit's history empty (what remotes.json needs). */
  read(options?: { history?: boolean }): Promise<Registry>;
  /**
   * `change` applied to the record and written, with no other change in between; it may throw (nothing written),
   * and returning the registry it was given writes nothing.
   */
  update(change: (registry: Registry) => Registry): Promise<Registry>;
}

export interface RegistryReader {
  start(): Promise<void>;
  current(): Registry;
  stop(): void;
}

export declare function databaseRegistryStore(pool: RegistryPool): ReleaseRegistryStore;
export declare function pollingRegistryReader(
  store: Pick<ReleaseRegistryStore, 'read'>,
  options?: { intervalMs?: number; onError?: (error: unknown) => void },
): RegistryReader;
