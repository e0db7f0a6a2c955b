import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  liveLine,
  promoteCanary,
  promoteLive,
  promoteSet,
  ReleaseRefusal,
  rollBack,
  UNIT_NAMES,
  rollBackSet,
  startRollout,
  type ChangeContext,
} from '@bookswap/shared/releases';
import {
  databaseRegistryStore,
  pollingRegistryReader,
  type ReleaseRegistryStore,
} from '@bookswap/shared/release-registry';
import { fileRegistryStore } from '@bookswap/shared/release-registry-file';
import { readMigrations } from '../../db/migrate';

/**
 * The release registry's stores (docs/decisions/061) behave alike: the file (the local default) and PostgreSQL (on
 * the run whose DATABASE_URL names one; each run of the suite gets a schema of its own). What a command changes is
 * what the next reader sees, a refused change leaves the record as it was, and commands at once all apply in turn.
 */
const databaseUrl = process.env.DATABASE_URL;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-registry-store-'));
const schema = `registry_${randomBytes(4).toString('hex')}`;
const pools: pg.Pool[] = [];

function schemaPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` });
  pools.push(pool);
  return pool;
}

beforeAll(async () => {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path = ${schema}`);
  for (const statement of readMigrations().find((migration) => migration.version === '0021_release_registry')!
    .statements)
    await client.query(statement);
  await client.end();
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Each test on a store of its own: a new file, or the database's tables emptied of what an earlier test wrote. */
type StoreKind = 'file' | 'PostgreSQL';
let fileCount = 0;
async function freshStores(kind: StoreKind): Promise<[ReleaseRegistryStore, ReleaseRegistryStore]> {
  if (kind === 'file') {
    const file = path.join(folder, `registry-${(fileCount += 1)}.json`);
    return [fileRegistryStore(file), fileRegistryStore(file)];
  }
  const pool = schemaPool();
  await pool.query('DELETE FROM release_history');
  await pool.query('UPDATE release_registry SET live = NULL, canary = NULL, rollout = NULL');
  // Two pools: two API instances, or a command and the API, each with connections of its own.
  return [databaseRegistryStore(pool), databaseRegistryStore(schemaPool())];
}

const kinds: StoreKind[] = databaseUrl ? ['file', 'PostgreSQL'] : ['file'];
let minute = 0;
const context = (command: string): ChangeContext => ({
  command,
  now: new Date(Date.UTC(2026, 10, 27, 10, (minute += 1))),
});

describe.each(kinds)('the release registry in %s', (kind) => {
  it('reads as nothing live before anything was promoted', async () => {
    const [store] = await freshStores(kind);
    const registry = await store.read();
    for (const remote of UNIT_NAMES)
      expect(registry.remotes[remote]).toEqual({ live: null, canary: null, history: [] });
    expect(Object.values(registry.remotes).filter((record) => record.live || record.canary)).toEqual([]);
  });

  it('gives back what each command wrote: live, canary, rollout, release set and every history entry', async () => {
    const [store, otherInstance] = await freshStores(kind);
    await store.update((registry) => promoteLive(registry, 'seller', 'v1', context('promote seller v1')));
    await store.update((registry) => promoteLive(registry, 'admin', 'a1', context('promote admin a1')));
    const withRollout = await store.update((registry) =>
      startRollout(registry, 'seller', 'v2', 10, { ...context('promote seller v2 --canary 10 --auto'), by: 'ops' }),
    );
    expect(await otherInstance.read()).toEqual(withRollout);
    expect((await otherInstance.read()).remotes.seller?.rollout).toMatchObject({ version: 'v2', steps: [10, 50, 100] });

    await store.update((registry) => rollBack(registry, 'seller', context('rollback seller')));
    const withSet = await otherInstance.update((registry) =>
      promoteSet(registry, { seller: 'v3', admin: 'a2' }, context('promote --set'), 20),
    );
    expect(await store.read()).toEqual(withSet);
    expect((await store.read()).remotes.admin?.canary).toMatchObject({ version: 'a2', percent: 20 });

    const undone = await store.update((registry) => rollBackSet(registry, context('rollback --set')));
    const read = await otherInstance.read();
    expect(read).toEqual(undone);
    expect(read.remotes.seller).toMatchObject({ live: 'v1', canary: null });
    expect(read.remotes.seller?.history.map((change) => change.action)).toEqual([
      'promote',
      'canary',
      'canary-rollback',
      'canary',
      'canary-rollback',
    ]);
  });

  it('leaves the record as it was when a command is refused', async () => {
    const [store] = await freshStores(kind);
    const before = await store.update((registry) => promoteLive(registry, 'seller', 'v1', context('promote seller v1')));
    await expect(
      store.update((registry) => promoteLive(registry, 'seller', 'v1', context('promote seller v1 again'))),
    ).rejects.toThrow(ReleaseRefusal);
    await expect(
      store.update((registry) => promoteCanary(promoteLive(registry, 'seller', 'v2', context('x')), 'seller', 'v3', 0, context('y'))),
    ).rejects.toThrow(/whole percentage/);
    expect(await store.read()).toEqual(before);
  });

  it('applies two commands at once both, one after the other: none is lost', async () => {
    const [store, otherInstance] = await freshStores(kind);
    await store.update((registry) => promoteLive(registry, 'storefront', 's0', context('promote storefront s0')));
    const versions = Array.from({ length: 12 }, (_, index) => `s${index + 1}`);
    await Promise.all(
      versions.map((version, index) =>
        (index % 2 ? otherInstance : store).update((registry) =>
          promoteLive(registry, 'storefront', version, context(`promote storefront ${version}`)),
        ),
      ),
    );
    const history = (await store.read()).remotes.storefront!.history;
    expect(history).toHaveLength(13);
    expect(new Set(liveLine(history))).toEqual(new Set(['s0', ...versions]));
    // Each command saw the one before it: its "from" is what the previous one made live.
    history.slice(1).forEach((change, index) => expect(change.from).toBe(history[index]!.to));
    expect((await store.read()).remotes.storefront?.live).toBe(history.at(-1)!.to);
  });
});

(databaseUrl ? describe : describe.skip)('what the shell servers read from PostgreSQL', () => {
  it('serves a promote within a second', async () => {
    const [store] = await freshStores('PostgreSQL');
    await store.update((registry) => promoteLive(registry, 'checkout', 'c1', context('promote checkout c1')));
    const reader = pollingRegistryReader(store);
    await reader.start();
    try {
      expect(reader.current().remotes.checkout).toMatchObject({ live: 'c1', history: [] });
      await store.update((registry) => promoteLive(registry, 'checkout', 'c2', context('promote checkout c2')));
      const promotedAt = Date.now();
      while (reader.current().remotes.checkout?.live !== 'c2') {
        expect(Date.now() - promotedAt).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      reader.stop();
    }
  });
});

describe('what the shell servers read while the database cannot answer', () => {
  it('is the last record read, not an error', async () => {
    const last = promoteLive({ remotes: {} }, 'seller', 'v1', context('promote seller v1'));
    let reads = 0;
    const errors: unknown[] = [];
    const reader = pollingRegistryReader(
      { read: () => ((reads += 1) === 1 ? Promise.resolve(last) : Promise.reject(new Error('connection lost'))) },
      { intervalMs: 20, onError: (error) => errors.push(error) },
    );
    await reader.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors.length).toBeGreaterThan(0);
      expect(reader.current()).toBe(last);
    } finally {
      reader.stop();
    }
  });
});
