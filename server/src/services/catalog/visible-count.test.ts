import { sql } from 'drizzle-orm';
import { migrate } from '../../db/migrate';
import { products } from '../../db/schema';
import { publiclyVisible } from '../../repositories/visibility';
import {
  ADA_ADMIN,
  BEA_BUYER,
  call,
  givenProduct,
  NIA_NEWSELLER,
  SAM_SELLER,
  serverForThisFile,
} from '../../testing/test-server';

// "Publicly visible" is written twice: `publiclyVisible()` in TypeScript, which every public list filters by, and
// the catalog triggers (db/definitions/catalog-triggers.sql), which keep the count the lists answer with. This test
// holds them to one meaning: after every kind of change a listing meets, the trigger-kept count equals a count by
// the TypeScript condition.
const { server, seller, doomedSeller, buyer, admin } = serverForThisFile({
  seller: SAM_SELLER,
  doomedSeller: NIA_NEWSELLER,
  buyer: BEA_BUYER,
  admin: ADA_ADMIN,
});

async function bothCounts() {
  const state = (await server.db.execute(sql`SELECT visible_count FROM catalog_state`)) as unknown as {
    rows: { visible_count: string | number }[];
  };
  const kept = state.rows[0];
  const [counted] = await server.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(publiclyVisible());
  return { triggers: Number(kept?.visible_count), typescript: Number(counted?.n) };
}

/** The per-category, condition, verified flag and price counts, and the same counted from the rows. */
async function bothFacetCounts() {
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await server.db.execute(query)) as unknown as { rows: { facet: string; n: number }[] }).rows
      .filter((row) => Number(row.n) > 0)
      .map((row) => `${row.facet}: ${Number(row.n)}`)
      .sort();
  const facet = sql`category_id || ' ' || condition || ' ' || seller_verified`;
  return {
    triggers: await rowsOf(
      sql`SELECT ${facet} || ' ' || resale_price_cents AS facet, sum(listings) AS n FROM catalog_facets GROUP BY 1`,
    ),
    typescript: await rowsOf(
      sql`SELECT ${facet} || ' ' || coalesce(resale_price_cents, -1) AS facet, count(*) AS n FROM products WHERE ${publiclyVisible()} GROUP BY 1`,
    ),
  };
}

async function expectAgreement(step: string, change: number, before: { typescript: number }) {
  const now = await bothCounts();
  expect({ step, ...now }).toEqual({ step, triggers: now.typescript, typescript: before.typescript + change });
  const facets = await bothFacetCounts();
  expect({ step, facets: facets.triggers }).toEqual({ step, facets: facets.typescript });
  return now;
}

describe('one meaning of "publicly visible"', () => {
  it('the trigger-kept count and the TypeScript condition agree after every kind of change', async () => {
    let counts = await bothCounts();
    expect(counts.triggers).toBe(counts.typescript);

    const kept = await givenProduct(server, seller, { book_name: 'Kept' });
    const reported = await givenProduct(server, seller, { book_name: 'Reported' });
    const dismissed = await givenProduct(server, seller, { book_name: 'Dismissed' });
    await givenProduct(server, doomedSeller, { book_name: 'Orphaned' });
    counts = await expectAgreement('four listed', 4, counts);

    await call(server, 'POST', '/api/report/create', {
      as: buyer,
      body: { productId: reported, reason: 'High Price' },
    });
    const report = await call(server, 'POST', '/api/report/create', {
      as: buyer,
      body: { productId: dismissed, reason: 'High Price' },
    });
    counts = await expectAgreement('reported, still visible', 0, counts);

    await call(server, 'PUT', `/api/report/update/${reported}`, { as: admin });
    counts = await expectAgreement('hidden by an admin', -1, counts);

    await call(server, 'PUT', `/api/report/dismiss/${String(report.body.insertedId)}`, { as: admin });
    counts = await expectAgreement('a report dismissed', 0, counts);

    await call(server, 'PUT', `/api/product/update/${kept}`, { as: seller, body: { addADS: true } });
    counts = await expectAgreement('advertised', 0, counts);

    await call(server, 'DELETE', `/api/product/delete/${kept}`, { as: seller });
    counts = await expectAgreement('deleted by its seller', -1, counts);

    await call(server, 'DELETE', `/api/user/delete/${doomedSeller.id}`, { as: admin });
    await expectAgreement('its seller deleted', -1, counts);
  });
});

/** The triggers on products, in the order PostgreSQL fires one event's triggers (by name), with their functions. */
async function productTriggers() {
  const triggers = (await server.db.execute(sql`
    SELECT t.tgname AS name, p.proname AS function, p.prosrc AS source
    FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE t.tgrelid = 'products'::regclass AND NOT t.tgisinternal ORDER BY t.tgname COLLATE "C"
  `)) as unknown as { rows: { name: string; function: string; source: string }[] };
  return triggers.rows;
}

it('the triggers that move the catalog version fire after every other trigger of products', async () => {
  // The version's row lock is held until commit, so it is taken last and every catalog write queues on it for the
  // shortest time.
  const movesVersion = (await productTriggers()).map((trigger) => /\bversion = version \+ 1/.test(trigger.source));
  expect(movesVersion.filter(Boolean)).toHaveLength(4);
  expect(movesVersion.indexOf(true)).toBe(movesVersion.length - 4);
});

describe('the catalog triggers as a definition (decision 027)', () => {
  it('a database migrated before them converges: the old triggers go, the counters are counted afresh', async () => {
    // As a database migrated with 0004's own triggers (renamed by 0013) still is, with counters gone astray.
    await server.db.execute(sql`DROP TRIGGER catalog_version_after_insert ON products`);
    await server.db.execute(sql`
      CREATE FUNCTION catalog_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalog_state SET version = version + 1;
        RETURN NULL;
      END
      $$`);
    await server.db.execute(sql`
      CREATE TRIGGER catalog_version_after_insert AFTER INSERT ON products
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_after_insert()`);
    await server.db.execute(sql`UPDATE catalog_state SET visible_count = 999`);
    await server.db.execute(sql`DELETE FROM catalog_facets`);
    await server.db.execute(sql`DELETE FROM schema_definitions`);

    expect(await migrate(server.db)).toEqual(['catalog-triggers']);

    const triggers = await productTriggers();
    expect(triggers.map((trigger) => `${trigger.name} ${trigger.function}`)).toEqual(
      ['facets', 'shape', 'version'].flatMap((counter) =>
        ['delete', 'insert', 'truncate', 'update'].map(
          (event) => `catalog_${counter}_after_${event} catalog_${counter}_changed`,
        ),
      ),
    );
    const leftOver = (await server.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'catalog_after_insert'`,
    )) as unknown as { rows: { n: number }[] };
    expect(leftOver.rows[0]?.n).toBe(0);
    const counts = await expectAgreement('counted afresh', 0, await bothCounts());

    await givenProduct(server, seller, { book_name: 'Listed after' });
    await expectAgreement('listed after', 1, counts);
  });

  it('applies a definition again only when its text changed', async () => {
    const version = async () =>
      ((await server.db.execute(sql`SELECT version FROM catalog_state`)) as unknown as { rows: { version: string }[] })
        .rows[0]?.version;
    const before = await version();
    expect(await migrate(server.db)).toEqual([]);
    expect(await version()).toBe(before);
  });
});
