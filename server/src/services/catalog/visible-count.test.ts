import { sql } from 'drizzle-orm';
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
// migration 0004's triggers, which keep the count the lists answer with. This test holds them to one meaning: after
// every kind of change a listing meets, the trigger-kept count equals a count by the TypeScript condition.
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

/** Migration 0009's per-category, condition, verified flag and price counts, and the same counted from the rows. */
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

it('the triggers that move the catalog version fire after every other trigger of products (migration 0013)', async () => {
  // PostgreSQL fires one event's triggers in name order; the version's row lock is held until commit, so it is
  // taken last and every catalog write queues on it for the shortest time.
  const triggers = (await server.db.execute(sql`
    SELECT t.tgname AS name, p.prosrc AS source FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE t.tgrelid = 'products'::regclass AND NOT t.tgisinternal ORDER BY t.tgname COLLATE "C"
  `)) as unknown as { rows: { name: string; source: string }[] };
  const movesVersion = triggers.rows.map((trigger) => /\bversion = version \+ 1/.test(trigger.source));
  expect(movesVersion.filter(Boolean)).toHaveLength(4);
  expect(movesVersion.indexOf(true)).toBe(movesVersion.length - 4);
});
