import { databaseRegistryStore, type ReleaseRegistryStore } from '@bookswap/shared/release-registry';
import type { ReleaseSettings } from '../../config';
import { registryPool } from '../../db/registry-pool';
import { readRegistryFile, updateRegistryFile } from './registry-file';

/** The file registry (the local and single-host default): the whole record, changed under its lock file. */
export function fileRegistryStore(file: string): ReleaseRegistryStore {
  return { read: () => readRegistryFile(file), update: (change) => updateRegistryFile(file, change) };
}

/**
 * Where the API reads and changes the release registry (docs/decisions/020): PostgreSQL when
 * RELEASE_REGISTRY_DATABASE_URL names it, else the file the release commands write.
 */
export function registryStoreOf(
  settings: Pick<ReleaseSettings, 'registryFile' | 'registryDatabase'>,
): ReleaseRegistryStore {
  const database = settings.registryDatabase;
  return database
    ? databaseRegistryStore(registryPool(database.url, database.schema))
    : fileRegistryStore(settings.registryFile);
}
