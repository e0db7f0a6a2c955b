import type { Database } from '../db/database';
import { pingDatabase } from '../repositories/health-repository';

/** Healthy when the database answers; throws otherwise. */
export async function checkHealth(db: Database): Promise<{ status: 'ok' }> {
  await pingDatabase(db);
  return { status: 'ok' };
}
