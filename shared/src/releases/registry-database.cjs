// The release registry in PostgreSQL (docs/decisions/061), one implementation for all who read or change it: the
// release commands, the API (its automatic rollout and the admin Releases calls) and the shell's servers. CommonJS,
// and given a connection pool (pg's Pool, or anything with its `connect` and `query`), so the servers load it in
// plain Node as it is and this package needs no database driver. The tables are the API's migration
// 0021_release_registry.sql.

const UNITS = require('./units.cjs').units.map((unit) => unit.name);

const emptyRecord = () => ({ live: null, canary: null, history: [] });

/** A record as the file registry keeps it: no `rollout` key unless a rollout runs. */
function recordOf(row) {
  return { live: row.live, canary: row.canary, ...(row.rollout ? { rollout: row.rollout } : {}), history: [] };
}

async function readWith(client, { history = true, lock = false } = {}) {
  // Every row locked in one order: two commands wait for each other instead of deadlocking.
  const { rows } = await client.query(
    `SELECT unit, live, canary, rollout FROM release_registry ORDER BY unit${lock ? ' FOR UPDATE' : ''}`,
  );
  const registry = { remotes: Object.fromEntries(UNITS.map((unit) => [unit, emptyRecord()])) };
  for (const row of rows) registry.remotes[row.unit] = recordOf(row);
  if (history) {
    const entries = await client.query('SELECT unit, entry FROM release_history ORDER BY id');
    for (const { unit, entry } of entries.rows) registry.remotes[unit]?.history.push(entry);
  }
  return registry;
}

const sameJson = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const jsonOrNull = (value) => (value == null ? null : JSON.stringify(value));

/** The history entries `next` adds to `before`'s: a change only ever appends to a unit's history. */
function addedEntries(unit, before, next) {
  const kept = next.history.slice(0, before.history.length);
  if (kept.length < before.history.length || !sameJson(kept, before.history))
    throw new Error(`the release history of ${unit} only grows: a change rewrote it`);
  return next.history.slice(before.history.length);
}

async function writeChanges(client, before, next) {
  for (const [unit, record] of Object.entries(next.remotes)) {
    const old = before.remotes[unit] ?? emptyRecord();
    const added = addedEntries(unit, old, record);
    const unchanged =
      old.live === record.live && sameJson(old.canary, record.canary) && sameJson(old.rollout, record.rollout);
    if (unchanged && added.length === 0) continue;
    await client.query(
      `INSERT INTO release_registry (unit, live, canary, rollout, changed_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (unit) DO UPDATE
       SET live = excluded.live, canary = excluded.canary, rollout = excluded.rollout, changed_at = excluded.changed_at`,
      [unit, record.live, jsonOrNull(record.canary), jsonOrNull(record.rollout)],
    );
    for (const entry of added)
      await client.query(
        `INSERT INTO release_history (unit, at, action, from_version, to_version, entry)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [unit, entry.at, entry.action, entry.from, entry.to, JSON.stringify(entry)],
      );
  }
}

async function inTransaction(pool, begin, work) {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The registry store on PostgreSQL. `update` is one transaction: every unit's row locked (`SELECT ... FOR UPDATE`,
 * in place of the file registry's lock file), the record read, `change` applied, what it changed written, committed.
 * A change that throws writes nothing; returning the registry it was given writes nothing either.
 */
function databaseRegistryStore(pool) {
  return {
    async read(options = {}) {
      if (options.history === false) return readWith(pool, { history: false });
      // The rows and the history from one snapshot: a command committing in between is in both or in neither.
      return inTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (client) => readWith(client));
    },
    update(change) {
      return inTransaction(pool, 'BEGIN', async (client) => {
        const before = await readWith(client, { lock: true });
        const next = change(before);
        if (next !== before) await writeChanges(client, before, next);
        return next;
      });
    },
  };
}

/**
 * What the shell's servers answer remotes.json from: live and canary (no history) read every `intervalMs` (half a
 * second), so a promote is served by every instance within a second, and read synchronously per request. When a read
 * fails the last one is kept, so a database restart does not take the shell down; `start` waits for the first.
 */
function pollingRegistryReader(store, { intervalMs = 500, onError = () => undefined } = {}) {
  let current = null;
  let timer = null;
  let reading = null;
  const refresh = () =>
    (reading ??= store
      .read({ history: false })
      .then((registry) => {
        current = registry;
      })
      .finally(() => {
        reading = null;
      }));
  return {
    async start() {
      await refresh();
      timer ??= setInterval(() => refresh().catch(onError), intervalMs);
      timer.unref();
    },
    current() {
      if (!current) throw new Error('the release registry reader was not started');
      return current;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

module.exports = { databaseRegistryStore, pollingRegistryReader };
