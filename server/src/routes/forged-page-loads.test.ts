import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { promoteLive, startRollout } from '@bookswap/shared/releases';
import type { PageLoadReport } from '@bookswap/shared/schemas';
import { releaseSettingsOf, ROLLOUT_DEFAULTS, TELEMETRY_DEFAULTS } from '../config';
import { releaseTotalsSince } from '../repositories/release-figures-repository';
import { flushReleaseHealth, releaseErrorsOf } from '../services/release-health';
import type { WindowCounts } from '../services/releases/rollout-decision';
import { simulateRollouts } from '../testing/rollout-simulation';
import { pageLoadTicket } from '../testing/telemetry-samples';
import { call, serverForThisFile, TEST_PAGE_LOAD_SECRET } from '../testing/test-server';

// The review's two attacks on the automatic canary (docs/decisions/042), from one client address holding as many
// genuine page-load tickets as it likes (it fetched that many pages): what the API counts of them is added to every
// step of simulated rollouts, judged by `decideRollout` with its default settings.

const { server } = serverForThisFile(
  {},
  {
    telemetry: { ...TELEMETRY_DEFAULTS, pageLoadSecret: TEST_PAGE_LOAD_SECRET },
  },
);
const ATTACKER = '203.0.113.66';
const seller = { remote: 'seller', route: '/dashboard/myproduct', version: 'v2', channel: 'canary' } as const;

beforeEach(async () => {
  await server.db.execute(sql`DELETE FROM release_health_minutes`);
  const context = { command: 'pnpm release promote seller v2 --canary 10 --auto', now: new Date() };
  const empty = { remotes: { seller: { live: null, canary: null, history: [] } } };
  const registry = startRollout(promoteLive(empty, 'seller', 'v1', context), 'seller', 'v2', 10, context);
  fs.writeFileSync(releaseSettingsOf(server.config).registryFile, JSON.stringify(registry));
});

/** Sends the forged page loads from the attacker's address, `errors` of them failing, and answers what counted. */
async function forgedFromOneAddress(pageLoads: number, errors: number): Promise<WindowCounts> {
  const reports = Array.from({ length: pageLoads }, (_, i): PageLoadReport[] => {
    const pageLoad = pageLoadTicket();
    const load: PageLoadReport = { kind: 'load', ...seller, outcome: 'loaded', pageLoad };
    return i < errors ? [load, { kind: 'error', ...seller, pageLoad }] : [load];
  }).flat();
  for (let i = 0; i < reports.length; i += 50) {
    const answer = await call(server, 'POST', '/api/telemetry', {
      body: { reports: reports.slice(i, i + 50) },
      from: ATTACKER,
    });
    expect(answer.status).toBe(202);
  }
  await flushReleaseHealth(server.db);
  const [row] = await releaseTotalsSince(server.db, 'seller', [{ version: 'v2', since: new Date(0).toISOString() }]);
  return { pageLoads: row?.pageLoads ?? 0, errors: row ? releaseErrorsOf(row) : 0 };
}

const noLive = { pageLoads: 0, errors: 0 };
const settings = ROLLOUT_DEFAULTS;

describe('forged page loads from one address', () => {
  it('do not roll back a canary as good as live: 600 forged page loads and 15 errors in every step', async () => {
    const forged = await forgedFromOneAddress(600, 15);
    expect(forged).toEqual({
      pageLoads: TELEMETRY_DEFAULTS.pageLoadsPerAddress,
      errors: TELEMETRY_DEFAULTS.errorsPerAddress,
    });
    const honest = simulateRollouts(58, 200, { live: 0.005, canary: 0.005 }, settings);
    const attacked = simulateRollouts(58, 200, { live: 0.005, canary: 0.005 }, settings, {
      forged: { canary: forged, live: noLive },
    });
    // The judge's own target for an A/A canary: rolled back in at most 1 % of rollouts.
    expect(attacked.rolledBack).toBeLessThanOrEqual(0.01);
    expect(attacked.rolledBack - honest.rolledBack).toBeLessThanOrEqual(0.005);
  });

  it('do not move on a canary failing 12 % of its page loads: 20,000 forged healthy page loads in every step', async () => {
    const forged = await forgedFromOneAddress(20_000, 0);
    expect(forged.pageLoads).toBe(TELEMETRY_DEFAULTS.pageLoadsPerAddress);
    const attacked = simulateRollouts(58, 200, { live: 0.005, canary: 0.12 }, settings, {
      forged: { canary: forged, live: noLive },
    });
    expect(attacked.rolledBack).toBe(1);
  });
});
