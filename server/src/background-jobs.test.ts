import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileRegistryStore } from '@bookswap/shared/release-registry-file';
import { promoteLive, startRollout, type Registry } from '@bookswap/shared/releases';
import type { PageLoadReport } from '@bookswap/shared/schemas';
import { ROLLOUT_DEFAULTS, type ReleaseSettings } from './config';
import { claimDueMail, countMail, queueMail } from './repositories/mail-outbox-repository';
import { checkRollouts, startRolloutWorker } from './services/releases/rollout-worker';
import { startMailCatcher, type MailCatcher } from './testing/mail-catcher';
import { serverForThisFile, startAnotherInstance, testConfig, type TestServer } from './testing/test-server';
import { until } from './testing/until';
import { pageLoadTicket } from './testing/telemetry-samples';

/**
 * What runs once when several API instances share one database (docs/decisions/032, 064): two instances, each with its
 * mail worker, on the database of this file's server, and their rollout workers' looks. On PostgreSQL each has a connection
 * pool of its own, as two processes would; PGlite is one process's database, so there they share its handle.
 */
/**
 * The claims' lease, a second and a half here (60 s in the product). A worker renews it every third of it, so a renewal
 * lands in time unless the worker's process stalls for most of a lease: a busy two-core CI machine stalled a 400 ms lease
 * long enough for the other instance to claim four emails whose first sends were still under way.
 */
const LEASE_MS = 1_500;
/** The mail server answers each email a lease and a half after it arrived: every send outlives its lease. */
const SLOW_SMTP_MS = 1.5 * LEASE_MS;

let catcher: MailCatcher;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookswap-jobs-'));
const releases: ReleaseSettings = {
  registryFile: path.join(dataDir, 'registry.json'),
  releasesDir: path.join(dataDir, 'releases'),
  auto: { ...ROLLOUT_DEFAULTS, minLoads: 4, minMinutes: 0, tickMs: 20 },
};
const registry = fileRegistryStore(releases.registryFile);

beforeAll(async () => {
  catcher = await startMailCatcher(0, { acceptAfterMs: SLOW_SMTP_MS });
});
// This file's server holds the database and runs no worker; the two instances below do the work.
const { server } = serverForThisFile({}, { releases });
const instances: TestServer[] = [];
let rolloutWorker: { stop(): Promise<void> } | undefined;

// The instances live inside this block, so they stop before this file's server closes the database under them.
describe('two API instances on one database', () => {
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const instance = await startAnotherInstance(server, {
        mail: { ...testConfig('').mail, smtpUrl: catcher.smtpUrl, pollMs: 20, leaseMs: LEASE_MS },
      });
      instances.push(instance);
    }
  });

  afterAll(async () => {
    await rolloutWorker?.stop();
    await Promise.all(instances.map((instance) => instance.close()));
    await catcher.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The second instance stops (a shutdown, or a crash between two looks). */
  async function secondInstanceStops() {
    await instances.pop()!.close();
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** How often each caught email's Message-ID arrived, for the emails whose subject starts with `prefix`. */
  function arrivals(prefix: string): number[] {
    const byId = new Map<string, number>();
    for (const mail of catcher.mails.filter((caught) => caught.subject.startsWith(prefix)))
      byId.set(mail.messageId, (byId.get(mail.messageId) ?? 0) + 1);
    return [...byId.values()];
  }

  const emails = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      toEmail: `reader${i}@example.test`,
      subject: `${prefix} ${i}`,
      body: 'Your book is waiting.',
      link: '',
    }));

  describe('the outbox with two instances and a slow mail server', () => {
    it('delivers every email exactly once, though each send outlives its lease and both workers poll all along', async () => {
      await queueMail(server.db, emails('Once', 8));
      await until(
        () => countMail(server.db),
        (count) => count.delivered === 8,
        'eight emails marked delivered',
      );
      // A second send would have started while the first was slow: give it a lease more to arrive.
      await sleep(LEASE_MS * 2);
      expect(arrivals('Once')).toEqual(new Array(8).fill(1));
    });

    it('sends an email whose worker died holding it once, from the other instance, when its lease has ended', async () => {
      // A worker claims it as it is written (no other worker sees it first) and dies before sending: nobody renews
      // its lease.
      const claimedAt = Date.now();
      const claimed = await server.db.transaction(async (tx) => {
        await queueMail(tx, emails('Orphan', 1));
        return claimDueMail(tx, 50, LEASE_MS);
      });
      expect(claimed).toHaveLength(1);
      await until(
        async () => arrivals('Orphan'),
        (counts) => counts.length === 1,
        'the orphaned email',
      );
      expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(LEASE_MS);
      await sleep(SLOW_SMTP_MS + LEASE_MS);
      expect(arrivals('Orphan')).toEqual([1]);
    });
  });

  const canaryLoads = (version: string, count: number): PageLoadReport[] =>
    Array.from({ length: count }, () => ({
      kind: 'load',
      remote: 'seller',
      version,
      channel: 'canary',
      route: '/dashboard/myproduct',
      outcome: 'loaded',
      pageLoad: pageLoadTicket(),
    }));

  async function pageLoadsReach(instance: TestServer, reports: PageLoadReport[]) {
    const answer = await instance.app.inject({
      method: 'POST',
      url: '/api/telemetry',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ reports }),
    });
    expect(answer.statusCode).toBe(202);
  }

  const sellerRecord = async () => (await registry.read()).remotes.seller!;

  describe('an automatic rollout watched by both instances', () => {
    it('moves each step on once, whichever instance looks first, and carries on with one instance stopped', async () => {
      const context = (command: string) => ({ command, now: new Date() });
      const begun = context('pnpm release promote seller v2 --canary 10 --auto');
      const empty: Registry = { remotes: { seller: { live: null, canary: null, history: [] } } };
      fs.writeFileSync(
        releases.registryFile,
        JSON.stringify(startRollout(promoteLive(empty, 'seller', 'v1', begun), 'seller', 'v2', 10, begun)),
      );
      // Page loads reach either instance, and both look at the rollout at the same moment, again and again: each
      // reads the registry before the other has written its decision. They look until v2 is live, however long the
      // instances take to store the loads (a busy machine took longer than a fixed number of looks).
      await pageLoadsReach(instances[0]!, canaryLoads('v2', 2));
      await pageLoadsReach(instances[1]!, canaryLoads('v2', 2));
      const done = await until(
        async () => {
          await Promise.all(instances.map((instance) => checkRollouts({ db: instance.db, settings: releases })));
          return sellerRecord();
        },
        (record) => record.live === 'v2',
        'v2 live, both instances looking at once',
      );
      expect(done.history.map((change) => [change.action, change.to, change.command])).toEqual([
        ['promote', 'v1', begun.command],
        ['canary', 'v2', begun.command],
        ['canary', 'v2', 'automatic rollout (API)'],
        ['promote', 'v2', 'automatic rollout (API)'],
      ]);
      // Each step judged on its own figures: not a look at the step before, carried over by a late instance.
      expect(done.history.slice(2).map((change) => change.reason?.replace(/:.*/, ''))).toEqual([
        '50 % after 10 %',
        'live for every browser after 50 %',
      ]);

      // The instance left carries the next rollout on alone, its worker looking every 20 ms as main.ts starts it.
      await secondInstanceStops();
      rolloutWorker = startRolloutWorker({ db: instances[0]!.db, settings: releases });
      const next = context('pnpm release promote seller v3 --canary 10 --auto');
      await registry.update((current) => startRollout(current, 'seller', 'v3', 10, next));
      await pageLoadsReach(instances[0]!, canaryLoads('v3', 4));
      const after = await until(sellerRecord, (record) => record.live === 'v3', 'v3 live');
      expect(after.history.slice(4).map((change) => [change.action, change.to, change.command])).toEqual([
        ['canary', 'v3', next.command],
        ['canary', 'v3', 'automatic rollout (API)'],
        ['promote', 'v3', 'automatic rollout (API)'],
      ]);
    });
  });

  describe('the outbox with one instance stopped', () => {
    it('is delivered by the instance left, each email once', async () => {
      expect(instances).toHaveLength(1);
      await queueMail(server.db, emails('Alone', 3));
      await until(
        async () => arrivals('Alone'),
        (counts) => counts.length === 3,
        'three emails',
      );
      await sleep(LEASE_MS * 2);
      expect(arrivals('Alone')).toEqual([1, 1, 1]);
    });
  });
});
