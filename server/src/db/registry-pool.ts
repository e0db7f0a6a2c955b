import pg from 'pg';

const pools = new Map<string, pg.Pool>();

/**
 * The connections to the release registry's PostgreSQL (docs/decisions/061), one small pool per database and
 * schema in a process: a command holds one for a moment, so two are plenty beside the API's own pool. It lets the
 * process exit when idle.
 */
export function registryPool(url: string, schema?: string): pg.Pool {
  const key = `${url}\n${schema ?? ''}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: url,
      max: 2,
      allowExitOnIdle: true,
      ...(schema ? { options: `-c search_path=${schema},public` } : {}),
    });
    // As the API's pool (database.ts): a lost idle connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    pools.set(key, pool);
  }
  return pool;
}
