import { databaseRegistryStore, type ReleaseRegistryStore } from '@bookswap/shared/release-registry';
import { fileRegistryStore } from '@bookswap/shared/release-registry-file';
import type { ReleaseSettings } from '../../config';
import { registryPool } from '../../db/registry-pool';

/**
 * Where the API reads and changes the release registry (docs/decisions/061): PostgreSQL when
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
