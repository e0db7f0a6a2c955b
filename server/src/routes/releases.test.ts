import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { promoteLive, REMOTE_NAMES, startRollout, type Registry } from '@bookswap/shared/releases';
import type { RemoteReleaseOverview, PageLoadReport, TelemetryUnit } from '@bookswap/shared/schemas';
import { releaseSettingsOf, ROLLOUT_DEFAULTS } from '../config';
import { checkRollouts } from '../services/releases/rollout-worker';
import { pageLoadTicket } from '../testing/telemetry-samples';
import { ADA_ADMIN, call, serverForThisFile } from '../testing/test-server';

// The admin Releases screen's calls, and the automatic canary deciding on the counters (decision 026).

const { server, admin } = serverForThisFile({ admin: ADA_ADMIN });
const registryFile = () => releaseSettingsOf(server.config).registryFile;
const at = (minute: number) => ({
  command: `pnpm release … (minute ${minute})`,
  now: new Date(Date.now() - 60_000 * (10 - minute)),
});

function givenRegistry(change: (registry: Registry) => Registry) {
  const empty: Registry = { remotes: { seller: { live: null, canary: null, history: [] } } };
  fs.writeFileSync(registryFile(), JSON.stringify(change(empty)));
}
/** v1 then v2 live, v3 an automatic canary at 10 %. */
const givenV1ThenV2LiveAndV3AutomaticAt10 = () =>
  givenRegistry((empty) =>
    startRollout(
      promoteLive(promoteLive(empty, 'seller', 'v1', at(1)), 'seller', 'v2', at(2)),
      'seller',
      'v3',
      10,
      at(3),
    ),
  );
const registry = () => JSON.parse(fs.readFileSync(registryFile(), 'utf8')) as Registry;

const seller = { remote: 'seller', route: '/dashboard/myproduct' } as const;
const loads = (
  version: string,
  channel: 'live' | 'canary',
  count: number,
  outcome: 'loaded' | 'module' | 'manifest' = 'loaded',
) =>
  Array.from({ length: count }, (): PageLoadReport => ({
    kind: 'load',
    ...seller,
    version,
    channel,
    outcome,
    pageLoad: pageLoadTicket(),
  }));
/** Page loads that loaded and then caught an error, each with its page-load id, as the shell reports them. */
const erroredLoads = (
  version: string,
  channel: 'live' | 'canary',
  count: number,
  unit: { remote: TelemetryUnit; route: string } = seller,
) =>
  Array.from({ length: count }, (): PageLoadReport[] => {
    const pageLoad = pageLoadTicket();
    return [
      { kind: 'load', ...unit, version, channel, outcome: 'loaded', pageLoad },
      { kind: 'error', ...unit, version, channel, pageLoad },
    ];
  }).flat();
const sendInBatches = async (reports: PageLoadReport[]) => {
  for (let i = 0; i < reports.length; i += 50) await send(reports.slice(i, i + 50));
};
const send = async (reports: PageLoadReport[]) =>
  expect((await call(server, 'POST', '/api/telemetry', { body: { reports } })).status).toBe(202);

async function overviews(): Promise<RemoteReleaseOverview[]> {
  const answer = await call(server, 'GET', '/api/releases', { as: admin });
  expect(answer.status).toBe(200);
  return answer.body as RemoteReleaseOverview[];
}
const sellerOverview = async () => (await overviews()).find((overview) => overview.remote === 'seller')!;

beforeEach(async () => {
  await server.db.execute(sql`DELETE FROM release_health_minutes`);
});

describe('the Releases screen’s calls', () => {
  it('shows each remote’s live and canary side by side with their figures, and the history newest first', async () => {
    givenV1ThenV2LiveAndV3AutomaticAt10();
    await send([
      ...loads('v2', 'live', 8),
      ...loads('v3', 'canary', 2),
      ...loads('v3', 'canary', 1, 'module'),
      ...erroredLoads('v3', 'canary', 1),
    ]);
    await send([
      {
        kind: 'vital',
        ...seller,
        version: 'v2',
        channel: 'live',
        name: 'LCP',
        value: 1200,
        pageLoad: pageLoadTicket(),
      },
    ]);

    const all = await overviews();
    expect(all.map((overview) => overview.remote)).toEqual(REMOTE_NAMES);
    const overview = all.find((item) => item.remote === 'seller')!;
    expect(overview.live).toMatchObject({
      version: 'v2',
      role: 'live',
      percent: null,
      lastHour: { pageLoads: 8, loadFailures: 0, errorsCaught: 0, errorRate: 0, lcpP75: 1500, inpP75: null },
      sinceLive: { pageLoads: 8 },
    });
    expect(overview.canary).toMatchObject({
      version: 'v3',
      role: 'canary',
      percent: 10,
      lastHour: { pageLoads: 4, loadFailures: 1, errorsCaught: 1, errorRate: 0.5 },
    });
    expect(overview.rollout).toMatchObject({ version: 'v3', steps: [10, 50, 100], percent: 10 });
    expect(overview.history.map((change) => [change.action, change.to])).toEqual([
      ['canary', 'v3'],
      ['promote', 'v2'],
      ['promote', 'v1'],
    ]);
    expect(all.find((item) => item.remote === 'admin')).toEqual({
      remote: 'admin',
      live: null,
      canary: null,
      rollout: null,
      history: [],
    });
  });

  it('rolls back as the command does: the canary (and its rollout) first, then the previous live, naming the admin', async () => {
    givenV1ThenV2LiveAndV3AutomaticAt10();
    const first = await call(server, 'POST', '/api/releases/seller/rollback', { as: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ remote: 'seller', live: { version: 'v2' }, canary: null, rollout: null });
    expect((first.body as RemoteReleaseOverview).history[0]).toMatchObject({
      action: 'canary-rollback',
      from: 'v3',
      to: 'v2',
      command: 'admin screen',
      by: admin.email,
    });
    expect(registry().remotes.seller).toMatchObject({ live: 'v2', canary: null });
    expect(registry().remotes.seller?.rollout).toBeUndefined();

    const second = await call(server, 'POST', '/api/releases/seller/rollback', { as: admin });
    expect(second.body).toMatchObject({ live: { version: 'v1' } });
    expect((second.body as RemoteReleaseOverview).history[0]).toMatchObject({
      action: 'rollback',
      from: 'v2',
      to: 'v1',
    });

    const nothingLeft = await call(server, 'POST', '/api/releases/seller/rollback', { as: admin });
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.body).toMatchObject({ message: 'seller has no earlier live release to roll back to' });
    expect(registry().remotes.seller?.live).toBe('v1');
  });

  it('refuses a rollback confirmed on a screen that was out of date, and rolls back what the admin saw', async () => {
    givenV1ThenV2LiveAndV3AutomaticAt10();
    const rollBack = (expected: { live: string | null; canary: string | null }) =>
      call(server, 'POST', '/api/releases/seller/rollback', { as: admin, body: { expected } });

    // The screen still showed v2 alone: the canary v3 started since.
    const stale = await rollBack({ live: 'v2', canary: null });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message:
        'seller has changed since you confirmed (live v2, canary v3; you saw live v2, canary none): look again before rolling back',
    });
    expect(registry().remotes.seller).toMatchObject({ live: 'v2', canary: { version: 'v3' } });

    const seen = await rollBack({ live: 'v2', canary: 'v3' });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ live: { version: 'v2' }, canary: null });
  });

  it('writes each rollback from the screen to the audit log, naming the admin and the releases', async () => {
    givenV1ThenV2LiveAndV3AutomaticAt10();
    const body = { expected: { live: 'v2', canary: 'v3' } };
    expect((await call(server, 'POST', '/api/releases/seller/rollback', { as: admin, body })).status).toBe(200);
    const log = await call(server, 'GET', '/api/audit/list', { as: admin });
    expect(log.body[0]).toMatchObject({
      action: 'rollback-release',
      actorEmail: admin.email,
      targetType: 'release',
      targetId: 'seller',
      targetName: 'seller v3 → v2',
    });
  });

  it('refuses a rollback to a release the live shell cannot host, as a promote would be refused', async () => {
    const releasesDir = releaseSettingsOf(server.config).releasesDir;
    const keep = (unit: string, version: string, manifest: object) => {
      fs.mkdirSync(`${releasesDir}/${unit}/${version}`, { recursive: true });
      const release = { remote: unit, version, commit: 'abc', builtAt: `2026-11-2${version.at(-1)}T12:00:00.000Z` };
      fs.writeFileSync(`${releasesDir}/${unit}/${version}/release.json`, JSON.stringify({ ...release, ...manifest }));
    };
    const built = (runtime: string) => ({ contract: { runtime, singletons: {} }, routes: [] });
    keep('shell', 's1', { ...built('2.0.0'), provides: { runtime: '2.0.0', singletons: {}, routes: [] } });
    keep('seller', 'v1', built('1.0.0'));
    keep('seller', 'v2', built('2.0.0'));
    try {
      givenRegistry((empty) => promoteLive(promoteLive(empty, 'seller', 'v1', at(1)), 'seller', 'v2', at(2)));
      const before = (await call(server, 'GET', '/api/audit/list', { as: admin })).body.length;
      const refused = await call(server, 'POST', '/api/releases/seller/rollback', {
        as: admin,
        body: { expected: { live: 'v2', canary: null } },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'the rollback of seller cannot go live: it would strand\n- seller v1 on shell s1: it was built against @bookswap/contract 1.0.0; the shell provides 2.0.0',
      );
      expect(registry().remotes.seller?.live).toBe('v2');
      expect((await call(server, 'GET', '/api/audit/list', { as: admin })).body).toHaveLength(before);
    } finally {
      fs.rmSync(releasesDir, { recursive: true, force: true });
    }
  });

  it('refuses a remote that does not exist', async () => {
    expect((await call(server, 'POST', '/api/releases/shell/rollback', { as: admin })).status).toBe(400);
  });
});

describe('the automatic canary on the counters', () => {
  const settings = () => ({
    registryFile: registryFile(),
    auto: { minLoads: 4, minMinutes: 0, maxRatio: 2, minAbsolute: 0.01, tickMs: 100_000 },
  });

  it('moves a healthy canary on step by step to live, each decision in the history with its figures', async () => {
    givenRegistry((empty) => startRollout(promoteLive(empty, 'seller', 'v1', at(1)), 'seller', 'v2', 10, at(2)));
    await send([...loads('v1', 'live', 10), ...loads('v2', 'canary', 3)]);
    await checkRollouts({ db: server.db, settings: settings() });
    expect(registry().remotes.seller?.canary).toEqual({ version: 'v2', percent: 10 });

    await send(loads('v2', 'canary', 1));
    await checkRollouts({ db: server.db, settings: settings() });
    expect(registry().remotes.seller).toMatchObject({
      canary: { version: 'v2', percent: 50 },
      rollout: { steps: [50, 100], percent: 50 },
    });
    // The step's window starts at its minute: the loads counted so far still count toward the next one.
    await checkRollouts({ db: server.db, settings: settings() });
    const record = registry().remotes.seller!;
    expect(record).toMatchObject({ live: 'v2', canary: null });
    expect(record.rollout).toBeUndefined();
    expect(record.history.slice(-2)).toMatchObject([
      {
        action: 'canary',
        percent: 50,
        command: 'automatic rollout (API)',
        reason: '50 % after 10 %: canary 0.0 % errors (0 in 4 page loads), live 0.0 % (0 in 10), limit 1.0 %',
        figures: { canary: { pageLoads: 4, errors: 0 }, live: { pageLoads: 10, errors: 0 }, limit: 0.01 },
      },
      { action: 'promote', from: 'v1', to: 'v2', reason: expect.stringMatching(/^live for every browser after 50 %/) },
    ]);
    expect((await sellerOverview()).history[0]).toMatchObject({ action: 'promote', reason: expect.any(String) });
  });

  it('rolls a failing canary back at once, before the step’s minimum, saying why', async () => {
    givenRegistry((empty) => startRollout(promoteLive(empty, 'seller', 'v1', at(1)), 'seller', 'v2', 50, at(2)));
    // A handful of canary page loads, each failing, is evidence enough with the short settings; fewer is not.
    await send([...loads('v1', 'live', 10), ...erroredLoads('v2', 'canary', 8)]);
    await checkRollouts({ db: server.db, settings: settings() });
    expect(registry().remotes.seller?.canary).toMatchObject({ version: 'v2' });
    await send(erroredLoads('v2', 'canary', 1));
    await checkRollouts({ db: server.db, settings: settings() });
    const record = registry().remotes.seller!;
    expect(record).toMatchObject({ live: 'v1', canary: null });
    expect(record.history.at(-1)).toMatchObject({
      action: 'canary-rollback',
      from: 'v2',
      to: 'v1',
      reason: 'rolled back at 50 %: canary 100.0 % errors (9 in 9 page loads), live 0.0 % (0 in 10), limit 1.0 %',
    });
  });

  it('rolls back a storefront canary whose pages the shell’s server fails to render (decision 066)', async () => {
    givenRegistry((empty) =>
      startRollout(promoteLive(empty, 'storefront', 'f1', at(1)), 'storefront', 'f2', 50, at(2)),
    );
    const home = { remote: 'storefront', route: '/' } as const;
    const served = (version: string, channel: 'live' | 'canary', count: number, outcome: 'rendered' | 'failed') =>
      Array.from({ length: count }, (): PageLoadReport[] => {
        const pageLoad = pageLoadTicket();
        return [
          { kind: 'load', ...home, version, channel, outcome: 'loaded', pageLoad },
          { kind: 'render', ...home, version, channel, outcome, pageLoad },
        ];
      }).flat();
    await send([...served('f1', 'live', 10, 'rendered'), ...served('f2', 'canary', 9, 'failed')]);
    await checkRollouts({ db: server.db, settings: settings() });
    const record = registry().remotes.storefront!;
    expect(record).toMatchObject({ live: 'f1', canary: null });
    expect(record.history.at(-1)).toMatchObject({
      action: 'canary-rollback',
      reason: 'rolled back at 50 %: canary 100.0 % errors (9 in 9 page loads), live 0.0 % (0 in 10), limit 1.0 %',
    });
    const canaryFigures = (await overviews()).find((overview) => overview.remote === 'storefront')!;
    expect(canaryFigures.live).toMatchObject({ version: 'f1', lastHour: { serverRenderFailures: 0, errorRate: 0 } });
  });

  it('is not rolled back by 25 manifest failures anyone can send in one call: a rollback needs its minimum', async () => {
    givenRegistry((empty) => startRollout(promoteLive(empty, 'seller', 'v1', at(1)), 'seller', 'v2', 10, at(2)));
    await send([...loads('v1', 'live', 10), ...loads('v2', 'canary', 25, 'manifest')]);
    await checkRollouts({ db: server.db, settings: { registryFile: registryFile(), auto: ROLLOUT_DEFAULTS } });
    expect(registry().remotes.seller).toMatchObject({ live: 'v1', canary: { version: 'v2', percent: 10 } });
  });

  it('never moves on a canary failing every page load, however many failures are claimed for live', async () => {
    givenRegistry((empty) => startRollout(promoteLive(empty, 'seller', 'v1', at(1)), 'seller', 'v2', 10, at(2)));
    // Live flooded to 50 % failed page loads, each with a page load as the judge now asks; 300 canary loads failing.
    await sendInBatches([
      ...erroredLoads('v1', 'live', 300),
      ...loads('v1', 'live', 300),
      ...loads('v2', 'canary', 300, 'module'),
    ]);
    const auto = { ...settings().auto, minLoads: 300 };
    await checkRollouts({ db: server.db, settings: { registryFile: registryFile(), auto } });
    const record = registry().remotes.seller!;
    expect(record).toMatchObject({ live: 'v1', canary: null });
    expect(record.history.at(-1)).toMatchObject({ action: 'canary-rollback', figures: { limit: 0.1 } });
  });

  it('judges a shell canary on the shell’s own page loads and errors, and rolls it back (decision 029)', async () => {
    fs.writeFileSync(
      registryFile(),
      JSON.stringify(
        startRollout(
          promoteLive({ remotes: { shell: { live: null, canary: null, history: [] } } }, 'shell', 's1', at(1)),
          'shell',
          's2',
          10,
          at(2),
        ),
      ),
    );
    const shell = (version: string, channel: 'live' | 'canary') => ({
      remote: 'shell' as const,
      version,
      channel,
      route: '/login',
    });
    await send([
      ...Array.from({ length: 10 }, (): PageLoadReport => ({
        kind: 'load',
        ...shell('s1', 'live'),
        outcome: 'loaded',
        pageLoad: pageLoadTicket(),
      })),
      ...erroredLoads('s2', 'canary', 9, { remote: 'shell', route: '/login' }),
    ]);
    await checkRollouts({ db: server.db, settings: settings() });
    expect(registry().remotes.shell).toMatchObject({ live: 's1', canary: null });
    expect(registry().remotes.shell?.history.at(-1)).toMatchObject({
      action: 'canary-rollback',
      from: 's2',
      to: 's1',
      reason: 'rolled back at 10 %: canary 100.0 % errors (9 in 9 page loads), live 0.0 % (0 in 10), limit 1.0 %',
    });
  });
});
