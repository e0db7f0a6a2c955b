import type { Database } from './database';

/**
 * One `T` per database handle, made on first use: per server, since the tests run several servers in one
 * process. Gone with its handle.
 */
export function perDatabase<T extends object>(create: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let found = made.get(db);
    if (!found) {
      found = create(db);
      made.set(db, found);
    }
    return found;
  };
}
