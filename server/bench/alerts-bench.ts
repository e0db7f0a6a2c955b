// `pnpm bench:alerts`: matching a new listing against BENCH_ALERTS_SEARCHES saved searches (100,000) on PostgreSQL
// (decision 035). Fills bench:api's listings (BENCH_ALERTS_LISTINGS, 20,000) and the searches (held by 10,000
// buyers), then lists BENCH_ALERTS_SAMPLES new books (200) one at a time and times the matching statement of each;
// then times whole alert rounds (match, record the pairs, write the digests) of one new listing each. Prints a table,
// judges p95 against 50 ms, and writes reports/bench-alerts.json.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { COMMON_WORDS } from './bench-setup';
import {
  benchPostgres,
  createBenchSchema,
  dropBenchSchema,
  fillListings,
  percentile,
  REPO_ROOT,
  round1,
} from './bench-setup';
import { writeBenchReport } from './journey-run';
import { unsubscribeLinks } from '../src/auth/unsubscribe-links';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { TITLE_ADJECTIVES, TITLE_NOUNS } from '../src/seed/book-titles';
import {
  matchingSearches,
  queueNewListing,
  savedSearchesMatching,
} from '../src/repositories/saved-searches-repository';
import { sendSavedSearchAlerts } from '../src/services/saved-search-alerts';

const SEARCHES = Number(process.env.BENCH_ALERTS_SEARCHES ?? 100_000);
const LISTINGS = Number(process.env.BENCH_ALERTS_LISTINGS ?? 20_000);
const SAMPLES = Number(process.env.BENCH_ALERTS_SAMPLES ?? 200);
const ROUNDS = Number(process.env.BENCH_ALERTS_ROUNDS ?? 50);
const BUYERS = 10_000;
const TARGET_P95_MS = 50;
const REPORT = path.join(REPO_ROOT, 'reports', 'bench-alerts.json');

const quoted = (words: readonly string[]) => words.map((w) => `'${w.toLowerCase()}'`).join(',');
const TITLE_WORDS = [...TITLE_ADJECTIVES, ...TITLE_NOUNS];

/**
 * The saved searches in one statement, each drawn from a hash of its number: 35 in 100 search a common word of the
 * listings' titles, 20 a title word, 5 an author ("author 12"), 20 a word no listing has; 20 have no term and one
 * or two categories. Half name a category, a third one or two conditions, a third a price bound, 1 in 10 verified
 * sellers only. The filters also as the jsonb the API keeps, so the digests of the rounds read them.
 */
async function fillSavedSearches(db: Database): Promise<void> {
  await db.execute(
    sql.raw(`INSERT INTO users (id, email, name, role)
      SELECT 'alertbuyer' || u, 'alert' || u || '@example.test', 'Alert Buyer ' || u, 'buyer'
      FROM generate_series(1, ${BUYERS}) AS u`),
  );
  await db.execute(
    sql.raw(`
    WITH drawn AS (
      SELECT i,
        CASE WHEN t < 35 THEN (ARRAY[${quoted(COMMON_WORDS)}])[1 + h % ${COMMON_WORDS.length}]
          WHEN t < 55 THEN (ARRAY[${quoted(TITLE_WORDS)}])[1 + h % ${TITLE_WORDS.length}]
          WHEN t < 60 THEN 'author ' || (h % 997)
          WHEN t < 80 THEN 'q' || substr(md5(i::text), 1, 7)
          ELSE '' END AS term,
        CASE WHEN t >= 80 OR c < 40 THEN ARRAY[(1 + h2 % 9)::text]
          WHEN c < 50 THEN ARRAY[(1 + h2 % 9)::text, (1 + (h2 + 4) % 9)::text]
          ELSE '{}'::text[] END AS categories,
        CASE WHEN k < 20 THEN ARRAY[(ARRAY['Excellent', 'Good', 'Fair'])[1 + h3 % 3]]
          WHEN k < 33 THEN ARRAY['Excellent', 'Good'] ELSE '{}'::text[] END AS conditions,
        CASE WHEN p < 10 THEN 100 * (1 + h3 % 30) END AS min_price,
        CASE WHEN p >= 10 AND p < 33 THEN 100 * (10 + h3 % 50) END AS max_price,
        v < 10 AS verified
      FROM generate_series(1, ${SEARCHES}) AS i,
        LATERAL (SELECT abs(hashint4(i)) % 100 AS t, abs(hashint4(i + 1)) AS h, abs(hashint4(i + 2)) % 100 AS c,
          abs(hashint4(i + 3)) AS h2, abs(hashint4(i + 4)) % 100 AS k, abs(hashint4(i + 5)) AS h3,
          abs(hashint4(i + 6)) % 100 AS p, abs(hashint4(i + 7)) % 100 AS v) AS r
    )
    INSERT INTO saved_searches (id, user_id, query, query_key, search_term, match_keys, categories, conditions,
      min_price_cents, max_price_cents, verified_only)
    SELECT lpad(to_hex(i), 24, '0'), 'alertbuyer' || (1 + i % ${BUYERS}),
      jsonb_strip_nulls(jsonb_build_object('search', term, 'category', to_jsonb(categories),
        'condition', to_jsonb(conditions), 'minPrice', min_price, 'maxPrice', max_price, 'verified', verified)),
      'bench ' || i, term,
      CASE WHEN term <> '' THEN ARRAY[left(term, 3)] ELSE ARRAY(SELECT '#' || c FROM unnest(categories) AS c) END,
      categories, conditions, min_price, max_price, verified
    FROM drawn`),
  );
  await db.execute(sql`VACUUM ANALYZE saved_searches`);
}

/** A new listing as bench:api's are drawn, numbered past them, committed with its place in the alerts' queue. */
async function listOne(db: Database, n: number): Promise<string> {
  const id = `new${String(n).padStart(21, '0')}`;
  const adjective = TITLE_ADJECTIVES[n % TITLE_ADJECTIVES.length]!;
  const noun = TITLE_NOUNS[(n * 7) % TITLE_NOUNS.length]!;
  const common = COMMON_WORDS[(n * 13) % COMMON_WORDS.length]!;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO products (id, seller_id, seller_name, seller_email, seller_verified, title, author, category_id,
        category_name, description, original_price, resale_price, years_of_use, condition, image_url, phone, pickup_location)
      VALUES (${id}, 'benchseller', 'Bench Seller', 'bench@example.test', ${n % 7 < 5},
        ${`${adjective} ${noun} ${common} ${n}`}, ${`Author ${n % 997}`}, ${String(1 + (n % 9))}, 'Category', '', '80',
        ${`${1 + (n % 60)}.50`}, '2', ${['Excellent', 'Good', 'Good', 'Good', 'Fair'][n % 5]!}, '/images/cover-1.png', '', 'Dhaka')`);
    await queueNewListing(tx, id);
  });
  return id;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    max: round1(sorted.at(-1) ?? NaN),
  };
}

async function main(): Promise<void> {
  const postgres = benchPostgres(true, { dir: 'bookswap-bench-alerts-postgres', port: 56_532, db: 'bookswap_bench' });
  const databaseUrl = postgres.databaseUrl;
  if (!databaseUrl) throw new Error('bench:alerts runs on PostgreSQL: set DATABASE_URL or install its server');
  const schema = await createBenchSchema(databaseUrl);
  const handle = await openDatabase({ databaseUrl, searchPath: schema });
  try {
    await migrate(handle.db);
    const db = handle.db;
    await fillListings(handle, LISTINGS);
    let started = Date.now();
    await fillSavedSearches(db);
    console.log(`  ${SEARCHES} saved searches inserted and indexed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Matching alone: the statement the alerts' round runs for each new listing.
    const matchMs: number[] = [];
    const matched: number[] = [];
    for (let n = 0; n < SAMPLES + 10; n++) {
      const id = await listOne(db, LISTINGS + n);
      started = performance.now();
      const found = await savedSearchesMatching(db, id);
      // The first few warm the connection and the caches.
      if (n >= 10) {
        matchMs.push(performance.now() - started);
        matched.push(found.length);
      }
    }
    await db.execute(sql`DELETE FROM new_listing_alerts`);

    // A whole round for one new listing: match, record the pairs, write one digest per search, mark them sent.
    const links = unsubscribeLinks('bench-secret-bench-secret-bench-secret', 'http://localhost:5000');
    const roundMs: number[] = [];
    const digests: number[] = [];
    for (let n = 0; n < ROUNDS; n++) {
      await listOne(db, LISTINGS + SAMPLES + 10 + n);
      started = performance.now();
      const round = await sendSavedSearchAlerts(db, links);
      roundMs.push(performance.now() - started);
      digests.push(round.digests);
    }
    const plan = (await db.execute(
      sql`EXPLAIN (ANALYZE, BUFFERS ON, SUMMARY ON) SELECT 1 FROM (${matchingStatementFor(LISTINGS + 10)}) AS m`,
    )) as unknown as { rows: { 'QUERY PLAN': string }[] };

    const match = summary(matchMs);
    const rounds = summary(roundMs);
    const mean = (values: number[]) => round1(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
    console.log(`\nMatching one new listing against ${SEARCHES.toLocaleString('en')} saved searches (PostgreSQL)`);
    console.log('| measure                         | samples | p50 ms | p95 ms | max ms | found (mean) |');
    console.log('| ------------------------------- | ------- | ------ | ------ | ------ | ------------ |');
    console.log(
      `| matching statement              | ${String(matchMs.length).padEnd(7)} | ${String(match.p50).padEnd(6)} | ${String(match.p95).padEnd(6)} | ${String(match.max).padEnd(6)} | ${String(mean(matched)).padEnd(12)} |`,
    );
    console.log(
      `| alert round (match + digests)   | ${String(roundMs.length).padEnd(7)} | ${String(rounds.p50).padEnd(6)} | ${String(rounds.p95).padEnd(6)} | ${String(rounds.max).padEnd(6)} | ${String(mean(digests)).padEnd(12)} |`,
    );
    const pass = match.p95 <= TARGET_P95_MS;
    console.log(`\nTarget: matching p95 <= ${TARGET_P95_MS} ms: ${pass ? 'met' : 'NOT met'}`);
    console.log('Plan of one match:\n' + plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n'));
    writeBenchReport(REPORT, {
      engine: 'postgres',
      savedSearches: SEARCHES,
      listings: LISTINGS,
      matching: { samples: matchMs.length, ...match, meanFound: mean(matched), targetP95Ms: TARGET_P95_MS, met: pass },
      round: { samples: roundMs.length, ...rounds, meanDigests: mean(digests) },
    });
    console.log(`\nWrote ${path.relative(REPO_ROOT, REPORT)}`);
    if (!pass) process.exitCode = 1;
  } finally {
    await handle.close();
    await dropBenchSchema(databaseUrl, schema);
    postgres.stop();
  }
}

/** The matching statement of the n-th new listing, for its plan. */
function matchingStatementFor(n: number) {
  return matchingSearches(`new${String(n).padStart(21, '0')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
