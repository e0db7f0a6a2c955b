import { sql } from 'drizzle-orm';
import type { ReleaseHealthRow, PageLoadReport } from '@bookswap/shared/schemas';
import { readConfig, releaseSettingsOf } from '../config';
import { flushReleaseHealth, sweepPrunedReleaseHealth } from '../services/release-health';
import {
  ADA_ADMIN,
  BEA_BUYER,
  call,
  givenUser,
  serverForThisFile,
  startAnotherInstance,
  startTestServer,
} from '../testing/test-server';
import { givenReleases, pageLoadTicket } from '../testing/telemetry-samples';

const { server, admin, buyer } = serverForThisFile({ admin: ADA_ADMIN, buyer: BEA_BUYER });

const storefront = { remote: 'storefront', version: '0.1.0-aaaaaaaaaa', channel: 'live', route: '/' } as const;
const canary = { remote: 'storefront', version: '0.1.0-bbbbbbbbbb', channel: 'canary', route: '/' } as const;

const send = (reports: unknown[], options: { as?: { token: string }; text?: boolean } = {}) =>
  call(server, 'POST', '/api/telemetry', {
    as: options.as,
    // sendBeacon's string travels as text/plain, with no CORS preflight.
    ...(options.text
      ? { body: JSON.stringify({ reports }), headers: { 'content-type': 'text/plain;charset=UTF-8' } }
      : { body: { reports } }),
  });

async function summary(query = ''): Promise<ReleaseHealthRow[]> {
  const answer = await call(server, 'GET', `/api/telemetry/summary${query}`, { as: admin });
  expect(answer.status).toBe(200);
  return answer.body as ReleaseHealthRow[];
}

const rowOf = (rows: ReleaseHealthRow[], version: string, route = '/') =>
  rows.find((row) => row.version === version && row.route === route);

const KNOWN = { storefront: { live: storefront.version, canary: canary.version } };

beforeEach(async () => {
  givenReleases(server, KNOWN);
  await server.db.execute(sql`DELETE FROM release_health_minutes`);
  await server.db.execute(sql`DELETE FROM release_health_address_counts`);
});

async function storedRows(): Promise<{ remote: string; version: string; route: string; page_loads: number }[]> {
  await summary();
  const stored = (await server.db.execute(
    sql`SELECT remote, version, route, page_loads FROM release_health_minutes ORDER BY remote, version, route`,
  )) as unknown as { rows: { remote: string; version: string; route: string; page_loads: number }[] };
  return stored.rows;
}

describe('release health reports from browsers', () => {
  it('counts page loads, failures by stage, caught errors and vitals per release and route', async () => {
    const [first, second, third, fourth, fifth] = Array.from({ length: 5 }, () => pageLoadTicket());
    const reports: PageLoadReport[] = [
      { kind: 'load', ...storefront, outcome: 'loaded', pageLoad: first },
      { kind: 'load', ...storefront, outcome: 'loaded', pageLoad: second },
      { kind: 'load', ...canary, outcome: 'entry', pageLoad: third },
      { kind: 'load', ...canary, outcome: 'contract', pageLoad: fourth },
      { kind: 'load', ...canary, outcome: 'loaded', pageLoad: fifth },
      { kind: 'error', ...canary, pageLoad: fifth },
      { kind: 'vital', ...storefront, name: 'LCP', value: 1200, pageLoad: first },
      { kind: 'vital', ...storefront, name: 'LCP', value: 1800, pageLoad: second },
      { kind: 'vital', ...storefront, name: 'LCP', value: 2400, pageLoad: first },
      { kind: 'vital', ...storefront, name: 'LCP', value: 9000, pageLoad: second },
      { kind: 'vital', ...storefront, name: 'CLS', value: 0.02, pageLoad: first },
    ];
    const sent = await send(reports);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ accepted: 11 });

    const rows = await summary();
    expect(rowOf(rows, storefront.version)).toMatchObject({
      channel: 'live',
      pageLoads: 2,
      failures: { manifest: 0, entry: 0, module: 0, contract: 0 },
      errorsCaught: 0,
      vitals: { LCP: { count: 4, p75: 2500 }, CLS: { count: 1, p75: 0.025 }, INP: { count: 0, p75: null } },
    });
    expect(rowOf(rows, canary.version)).toMatchObject({
      channel: 'canary',
      pageLoads: 3,
      failures: { entry: 1, contract: 1 },
      errorsCaught: 1,
    });
  });

  it('counts how the shell’s server answered each page load, once, against the release the page load used', async () => {
    const [rendered, late, failed, neverLoaded] = Array.from({ length: 4 }, () => pageLoadTicket());
    const reports: PageLoadReport[] = [
      { kind: 'load', ...storefront, outcome: 'loaded', pageLoad: rendered },
      { kind: 'render', ...storefront, outcome: 'rendered', pageLoad: rendered },
      // A repeat of the same page load's report counts nothing more.
      { kind: 'render', ...storefront, outcome: 'rendered', pageLoad: rendered },
      { kind: 'load', ...storefront, outcome: 'loaded', pageLoad: late },
      { kind: 'render', ...storefront, outcome: 'over-budget', pageLoad: late },
      { kind: 'load', ...canary, outcome: 'loaded', pageLoad: failed },
      { kind: 'render', ...canary, outcome: 'failed', pageLoad: failed },
      // A render report alone proves no page load.
      { kind: 'render', ...canary, outcome: 'failed', pageLoad: neverLoaded },
    ];
    const sent = await send(reports);
    expect(sent.body).toEqual({ accepted: 8 });
    const rows = await summary();
    expect(rowOf(rows, storefront.version)).toMatchObject({
      pageLoads: 2,
      serverRenders: { rendered: 1, failed: 0, 'over-budget': 1 },
    });
    expect(rowOf(rows, canary.version)).toMatchObject({
      pageLoads: 1,
      serverRenders: { rendered: 0, failed: 1, 'over-budget': 0 },
    });
    expect((await send([{ kind: 'render', ...storefront, outcome: 'cached' }])).status).toBe(400);
  });

  it('takes the text/plain body navigator.sendBeacon sends', async () => {
    const report = { kind: 'load', ...storefront, outcome: 'loaded', pageLoad: pageLoadTicket() };
    expect((await send([report], { text: true })).status).toBe(202);
    expect(rowOf(await summary(), storefront.version)?.pageLoads).toBe(1);
  });

  it('counts a signed-in visitor’s reports like anyone’s, without their identity', async () => {
    await send([{ kind: 'load', ...storefront, outcome: 'loaded', pageLoad: pageLoadTicket() }], { as: buyer });
    await send([{ kind: 'load', ...storefront, outcome: 'loaded', pageLoad: pageLoadTicket() }]);
    expect(rowOf(await summary(), storefront.version)?.pageLoads).toBe(2);
  });

  it('keeps one row per minute, release and route however many reports arrive', async () => {
    const load = () => ({ kind: 'load', ...storefront, outcome: 'loaded', pageLoad: pageLoadTicket() }) as const;
    await Promise.all(Array.from({ length: 20 }, () => send(Array.from({ length: 50 }, load))));
    await summary();
    const stored = (await server.db.execute(
      sql`SELECT count(*)::integer AS rows, sum(page_loads)::integer AS loads FROM release_health_minutes`,
    )) as unknown as { rows: { rows: number; loads: number }[] };
    expect(stored.rows[0]).toEqual({ rows: 1, loads: 1000 });
  });

  it('stores no email, token, URL or query string', async () => {
    const pageLoad = pageLoadTicket();
    await send(
      [
        { kind: 'load', ...storefront, route: '/bookDetails/:id', outcome: 'loaded', pageLoad },
        { kind: 'error', ...storefront, route: '/bookDetails/:id', pageLoad },
        { kind: 'vital', ...storefront, route: '/bookDetails/:id', name: 'INP', value: 80, pageLoad },
      ],
      { as: buyer },
    );
    const refused = [
      { kind: 'load', ...storefront, route: '/book/1?email=bea.buyer@example.test', outcome: 'loaded' },
      { kind: 'load', ...storefront, route: 'http://localhost:3000/book/1', outcome: 'loaded' },
      { kind: 'load', ...storefront, route: '/book/1#token', outcome: 'loaded' },
      { kind: 'load', ...storefront, version: 'bea.buyer@example.test', outcome: 'loaded' },
      { kind: 'load', ...storefront, outcome: 'loaded', email: buyer.email },
      { kind: 'error', ...storefront, message: `Bearer ${buyer.token}` },
    ];
    for (const report of refused) expect((await send([report])).status).toBe(400);
    await summary();
    const stored = (await server.db.execute(sql`SELECT * FROM release_health_minutes`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(stored.rows).toHaveLength(1);
    const text = JSON.stringify(stored.rows);
    expect(text).not.toContain('@');
    expect(text).not.toContain('?');
    expect(text).not.toContain(buyer.token);
    expect(text).not.toContain('eyJ');
    expect(text).not.toContain(buyer.id);
    expect(Object.keys(stored.rows[0]!).sort()).toEqual(
      [
        'minute',
        'remote',
        'version',
        'channel',
        'route',
        'page_loads',
        'manifest_failures',
        'entry_failures',
        'module_failures',
        'contract_failures',
        'errors_caught',
        'server_renders',
        'server_render_failures',
        'server_renders_over_budget',
        'lcp_buckets',
        'inp_buckets',
        'cls_buckets',
      ].sort(),
    );
  });

  it('refuses a batch that is too big, too long or empty with 400, storing nothing', async () => {
    const load = { kind: 'load', ...storefront, outcome: 'loaded' } as const;
    expect((await send(Array.from({ length: 51 }, () => load))).status).toBe(400);
    expect((await send([])).status).toBe(400);
    const padded = await call(server, 'POST', '/api/telemetry', {
      // Well-formed and valid but for its length.
      body: JSON.stringify({ reports: [load] }) + ' '.repeat(17 * 1024),
      headers: { 'content-type': 'text/plain' },
    });
    expect(padded.status).toBe(400);
    expect(padded.body).toEqual({ message: 'body: at most 16384 bytes', field: 'body' });
    expect((await send([{ ...load, outcome: 'exploded' }])).status).toBe(400);
    expect(await summary()).toEqual([]);
  });

  it('shows the summary to admins only', async () => {
    expect((await call(server, 'GET', '/api/telemetry/summary')).status).toBe(401);
    expect((await call(server, 'GET', '/api/telemetry/summary', { as: buyer })).status).toBe(403);
  });

  it('writes the counts within about a second without anyone asking', async () => {
    await send([{ kind: 'load', ...storefront, outcome: 'loaded', pageLoad: pageLoadTicket() }]);
    let loads = 0;
    for (let i = 0; i < 40 && loads === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const stored = (await server.db.execute(
        sql`SELECT coalesce(sum(page_loads), 0)::integer AS loads FROM release_health_minutes`,
      )) as unknown as { rows: { loads: number }[] };
      loads = stored.rows[0]!.loads;
    }
    expect(loads).toBe(1);
  });
});

describe('reports that cannot flood the database', () => {
  it('counts only releases the registry knows on routes of the route table: a flood of made-up ones adds one row', async () => {
    const invented = (batch: number, i: number): PageLoadReport =>
      i % 2 === 0
        ? { kind: 'load', ...storefront, version: `9.9.${batch}-${i}`, outcome: 'loaded' }
        : { kind: 'vital', ...canary, route: `/made-up/${batch}/${i}`, name: 'LCP', value: 900 };
    // 60 batches of 50 (the attack as reproduced), every 10th report a real page load.
    const batches = Array.from({ length: 60 }, (_, batch) =>
      Array.from({ length: 50 }, (_, i): PageLoadReport =>
        i % 10 === 0
          ? { kind: 'load', ...storefront, route: '/booklist', outcome: 'loaded', pageLoad: pageLoadTicket() }
          : invented(batch, i),
      ),
    );
    for (const batch of batches) expect((await send(batch)).status).toBe(202);

    const rows = await storedRows();
    // At most one row per (remote, known version, route, minute), and one per remote and minute for the rest.
    const minutes = new Set(
      (
        (await server.db.execute(sql`SELECT DISTINCT minute FROM release_health_minutes`)) as unknown as {
          rows: unknown[];
        }
      ).rows,
    ).size;
    expect(rows.length).toBeLessThanOrEqual(2 * minutes);
    const known = rows.filter((row) => row.version !== '(unknown)');
    expect(known.every((row) => row.version === storefront.version && row.route === '/booklist')).toBe(true);
    expect(known.reduce((sum, row) => sum + row.page_loads, 0)).toBe(60 * 5);
    const unknown = rows.filter((row) => row.version === '(unknown)');
    expect(unknown.every((row) => row.remote === 'storefront' && row.route === '(unknown)')).toBe(true);
    expect(unknown.reduce((sum, row) => sum + row.page_loads, 0)).toBe(60 * 45);
  });

  it('counts a release from the moment the registry names it, and deletes its rows when it is pruned', async () => {
    const next = { ...storefront, version: '0.2.0-cccccccccc' };
    await send([{ kind: 'load', ...next, outcome: 'loaded', pageLoad: pageLoadTicket() }]);
    expect(rowOf(await summary(), next.version)).toBeUndefined();

    givenReleases(server, { storefront: { live: next.version } });
    await send([{ kind: 'load', ...next, outcome: 'loaded', pageLoad: pageLoadTicket() }]);
    expect(rowOf(await summary(), next.version)?.pageLoads).toBe(1);
    // The old live release is neither named nor kept any more: pruned, and its counters with it.
    await server.db.execute(sql`
      INSERT INTO release_health_minutes (minute, remote, version, channel, route, page_loads, manifest_failures,
        entry_failures, module_failures, contract_failures, errors_caught, lcp_buckets, inp_buckets, cls_buckets)
      VALUES (date_trunc('minute', now()), 'storefront', ${storefront.version}, 'live', '/', 5, 0, 0, 0, 0, 0,
        '{0,0,0,0,0,0,0,0,0,0,0}', '{0,0,0,0,0,0,0,0,0,0,0}', '{0,0,0,0,0,0,0,0,0,0,0}')`);
    expect(await sweepPrunedReleaseHealth(server.db, releaseSettingsOf(server.config), server.config.telemetry)).toBe(
      1,
    );
    const versions = (await summary()).map((row) => row.version);
    expect(versions).toContain(next.version);
    expect(versions).not.toContain(storefront.version);
  });

  it('sums counters past 2^31 without failing', async () => {
    const big = 2 ** 31 - 1;
    for (const minutesAgo of [1, 2])
      await server.db.execute(sql`
        INSERT INTO release_health_minutes (minute, remote, version, channel, route, page_loads, manifest_failures,
          entry_failures, module_failures, contract_failures, errors_caught, lcp_buckets, inp_buckets, cls_buckets)
        VALUES (date_trunc('minute', now()) - ${minutesAgo} * interval '1 minute', 'storefront', ${storefront.version},
          'live', '/', ${big}, ${big}, 0, 0, 0, ${big}, '{0,0,0,0,0,0,0,0,0,0,0}', '{0,0,0,0,0,0,0,0,0,0,0}',
          '{0,0,0,0,0,0,0,0,0,0,0}')`);
    expect(rowOf(await summary(), storefront.version)).toMatchObject({
      pageLoads: 2 * big,
      failures: { manifest: 2 * big },
      errorsCaught: 2 * big,
    });
  });
});

describe('a page load counts once', () => {
  it('however many errors it reports, and an error without a page load counted before it counts for nothing', async () => {
    const pageLoad = pageLoadTicket();
    await send([
      ...Array.from({ length: 5 }, (): PageLoadReport => ({ kind: 'error', ...canary, pageLoad })),
      { kind: 'load', ...canary, outcome: 'loaded', pageLoad },
      { kind: 'load', ...canary, outcome: 'loaded', pageLoad },
    ]);
    await send([{ kind: 'error', ...canary, pageLoad }]);
    // Errors of no page load: without an id (as shells sent before ids), or with one never loaded.
    await send([
      { kind: 'error', ...canary },
      { kind: 'error', ...canary, pageLoad: pageLoadTicket() },
    ]);
    expect(rowOf(await summary(), canary.version)).toMatchObject({ pageLoads: 1, errorsCaught: 1 });
  });

  it('a page load that failed to load its remote does not count again for the errors it reports', async () => {
    const pageLoad = pageLoadTicket();
    await send([
      { kind: 'load', ...canary, outcome: 'manifest', pageLoad },
      { kind: 'error', ...canary, pageLoad },
    ]);
    expect(rowOf(await summary(), canary.version)).toMatchObject({
      pageLoads: 1,
      failures: { manifest: 1 },
      errorsCaught: 0,
    });
  });
});

describe('the release-health rate limit', () => {
  it('defaults to 120 batches a minute per client, set by RATE_LIMIT_TELEMETRY_PER_MINUTE', () => {
    expect(readConfig({}).rateLimits.telemetryPerMinute).toBe(120);
    expect(readConfig({ RATE_LIMIT_TELEMETRY_PER_MINUTE: '7' }).rateLimits.telemetryPerMinute).toBe(7);
  });

  it('answers 429 past the limit, and the product’s other calls still answer', async () => {
    const limited = await startTestServer({
      rateLimits: { tokenPerMinute: 100, writesPerMinute: 100, searchPerMinute: 100, telemetryPerMinute: 2 },
    });
    try {
      const batch = { reports: [{ kind: 'load', ...storefront, outcome: 'loaded' }] };
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call(limited, 'POST', '/api/telemetry', { body: batch })).status);
      expect(statuses).toEqual([202, 202, 429]);
      expect((await call(limited, 'GET', '/api/category/list')).status).toBe(200);
      // A valid token does not open a second bucket: reports carry no identity, so the address is what counts.
      const signedIn = await givenUser(limited, 'buyer', 'Tess Telemetry');
      expect((await call(limited, 'POST', '/api/telemetry', { body: batch, as: signedIn })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('page loads the shell’s server vouches for (decision 042)', () => {
  const counted = async (version: string) => {
    const row = rowOf(await summary(), version);
    return {
      pageLoads: row?.pageLoads ?? 0,
      errors: (row?.errorsCaught ?? 0) + (row?.serverRenders.failed ?? 0),
    };
  };
  const unknownLoads = async () =>
    (await summary()).filter((row) => row.version === '(unknown)').reduce((sum, row) => sum + row.pageLoads, 0);

  it('counts an anonymous batch of invented page loads against no release, only in the unknown row', async () => {
    // The review's batch: two invented page loads, each with an error and a failed server render.
    const invented = ['invented-page-1', 'invented-page-2'].flatMap((pageLoad): PageLoadReport[] => [
      { kind: 'load', ...canary, outcome: 'loaded', pageLoad },
      { kind: 'error', ...canary, pageLoad },
      { kind: 'render', ...canary, outcome: 'failed', pageLoad },
    ]);
    expect((await send(invented)).status).toBe(202);
    // A ticket with another signature, one that has expired, and a load without any.
    const genuine = pageLoadTicket();
    const forged = genuine.slice(0, -4) + (genuine.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const expired = pageLoadTicket(new Date(Date.now() - 31 * 60_000));
    await send([
      { kind: 'load', ...canary, outcome: 'loaded', pageLoad: forged },
      { kind: 'load', ...canary, outcome: 'loaded', pageLoad: expired },
      { kind: 'load', ...canary, outcome: 'loaded' },
    ]);
    expect(await counted(canary.version)).toEqual({ pageLoads: 0, errors: 0 });
    expect(await unknownLoads()).toBe(9);
  });

  it('counts one page load at most one error, however it reports its failures', async () => {
    const threw = pageLoadTicket();
    const failedToLoad = pageLoadTicket();
    await send([
      { kind: 'load', ...canary, outcome: 'loaded', pageLoad: threw },
      { kind: 'error', ...canary, pageLoad: threw },
      { kind: 'render', ...canary, outcome: 'failed', pageLoad: threw },
      { kind: 'load', ...canary, outcome: 'module', pageLoad: failedToLoad },
      { kind: 'render', ...canary, outcome: 'failed', pageLoad: failedToLoad },
      { kind: 'error', ...canary, pageLoad: failedToLoad },
    ]);
    await send([
      { kind: 'error', ...canary, pageLoad: threw },
      { kind: 'render', ...canary, outcome: 'failed', pageLoad: threw },
    ]);
    const row = rowOf(await summary(), canary.version)!;
    expect(row.pageLoads).toBe(2);
    expect(row.failures.module + row.errorsCaught + row.serverRenders.failed).toBe(2);
  });

  it('redeems a ticket once across instances: a load sent to both counts once, its errors once', async () => {
    // The same deployment's registry, as every instance reads it (the test server's is a file in its own DATA_DIR).
    const other = await startAnotherInstance(server, { releases: releaseSettingsOf(server.config) });
    try {
      const pageLoad = pageLoadTicket();
      const reports: PageLoadReport[] = [
        { kind: 'load', ...canary, outcome: 'loaded', pageLoad },
        { kind: 'error', ...canary, pageLoad },
      ];
      for (const instance of [server, other, server])
        expect((await call(instance, 'POST', '/api/telemetry', { body: { reports } })).status).toBe(202);
      await flushReleaseHealth(other.db);
      expect(await counted(canary.version)).toEqual({ pageLoads: 1, errors: 1 });
      // An error of a page load another instance counted counts too.
      const elsewhere = pageLoadTicket();
      await send([{ kind: 'load', ...canary, outcome: 'loaded', pageLoad: elsewhere }]);
      await summary();
      await call(other, 'POST', '/api/telemetry', {
        body: { reports: [{ kind: 'error', ...canary, pageLoad: elsewhere }] },
      });
      await flushReleaseHealth(other.db);
      expect(await counted(canary.version)).toEqual({ pageLoads: 2, errors: 2 });
    } finally {
      await other.close();
    }
  });
});

describe('what one address can add (decision 042)', () => {
  it('is at most its share of a unit’s page loads and errors per step; the rest counts as unknown', async () => {
    const capped = await startTestServer({
      telemetry: { ...server.config.telemetry, pageLoadsPerAddress: 5, errorsPerAddress: 2 },
    });
    try {
      givenReleases(capped, KNOWN);
      const failingLoads = () =>
        Array.from({ length: 10 }, (): PageLoadReport[] => {
          const pageLoad = pageLoadTicket();
          return [
            { kind: 'load', ...canary, outcome: 'loaded', pageLoad },
            { kind: 'error', ...canary, pageLoad },
          ];
        }).flat();
      for (const from of ['203.0.113.7', '203.0.113.7', '198.51.100.9'])
        expect((await call(capped, 'POST', '/api/telemetry', { body: { reports: failingLoads() }, from })).status).toBe(
          202,
        );
      const rows = (
        await call(capped, 'GET', '/api/telemetry/summary', { as: await givenUser(capped, 'admin', 'Cap Admin') })
      ).body as ReleaseHealthRow[];
      // Each address: 5 page loads and 2 errors.
      expect(rowOf(rows, canary.version)).toMatchObject({ pageLoads: 10, errorsCaught: 4 });
      expect(rows.find((row) => row.version === '(unknown)')).toMatchObject({ pageLoads: 20 });
    } finally {
      await capped.close();
    }
  });
});
