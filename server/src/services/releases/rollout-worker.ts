import { existsSync } from 'node:fs';
import path from 'node:path';
import { advanceRollout, rollBack, type Registry, type RolloutState } from '@bookswap/shared/releases';
import type { ReleaseSettings } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { asRolloutLeader, releaseTotalsSince } from '../../repositories/release-figures-repository';
import { flushReleaseHealth, releaseErrorsOf } from '../release-health';
import { decideRollout, type RolloutDecision } from './rollout-decision';
import { writeFiguresSnapshot } from './figures-snapshot';
import { registryStoreOf } from './registry-store';

/** What the history names as the command of an automatic decision. */
export const ROLLOUT_COMMAND = 'automatic rollout (API)';

export interface RolloutWorkerOptions {
  db: Database;
  settings: Pick<ReleaseSettings, 'registryFile' | 'registryDatabase' | 'auto'>;
  onDecision?: (remote: string, decision: RolloutDecision) => void;
  onError?: (error: unknown) => void;
}

const sameStep = (a: RolloutState | null | undefined, b: RolloutState) =>
  a?.version === b.version && a.percent === b.percent && a.stepStartedAt === b.stepStartedAt;

/** The counts of both sides since the step began (minute by minute, from the step's minute on). */
async function stepCounts(db: Queryable, remote: string, live: string, rollout: RolloutState) {
  const since = rollout.stepStartedAt;
  const rows = await releaseTotalsSince(db, remote, [
    { version: rollout.version, since },
    { version: live, since },
  ]);
  const side = (version: string) => {
    const row = rows.find((candidate) => candidate.version === version);
    return { pageLoads: row?.pageLoads ?? 0, errors: row ? releaseErrorsOf(row) : 0 };
  };
  return { canary: side(rollout.version), live: side(live) };
}

async function decideEach(db: Queryable, registry: Registry, { settings, onDecision }: RolloutWorkerOptions, now: Date) {
  for (const [remote, record] of Object.entries(registry.remotes)) {
    const rollout = record.rollout;
    if (!rollout || !record.live) continue;
    const decision = decideRollout(rollout, await stepCounts(db, remote, record.live, rollout), settings.auto, now);
    if (decision.kind === 'wait') continue;
    const context = { command: ROLLOUT_COMMAND, now, reason: decision.reason, figures: decision.figures };
    let made = false;
    // Decided once per step (docs/decisions/032): the step is compared inside the registry's own lock, so a step
    // another instance (or a command) has moved meanwhile is left as it now is, and no second history entry is written.
    await registryStoreOf(settings).update((current) => {
      if (!sameStep(current.remotes[remote]?.rollout, rollout)) return current;
      made = true;
      return decision.kind === 'rollback' ? rollBack(current, remote, context) : advanceRollout(current, remote, context);
    });
    if (made) onDecision?.(remote, decision);
  }
}

/**
 * One look at every running rollout: each decided from the counters, a move on or a rollback written to the
 * registry with its reason and figures. The registry is the rollout's state, so a restarted API carries on where
 * the last one stopped; a rollout changed meanwhile (a command, another instance) is left as it now is. Only the
 * instance holding the rollout lock decides; answers whether this one did.
 */
export async function checkRollouts(options: RolloutWorkerOptions, now = new Date()): Promise<boolean> {
  const registry = await registryStoreOf(options.settings).read();
  if (!Object.values(registry.remotes).some((record) => record.rollout)) return false;
  // Written before the lock's transaction: the embedded database runs one transaction at a time.
  await flushReleaseHealth(options.db);
  return asRolloutLeader(options.db, (tx) => decideEach(tx, registry, options, now));
}

/**
 * One tick: the rollouts looked at, then the figures for `pnpm release list` written beside the registry file (only
 * where a registry exists: a server started without releases, the tests' among them, writes nothing; with the
 * registry in PostgreSQL, where the file's folder exists on this host).
 */
async function tick(options: RolloutWorkerOptions): Promise<void> {
  await checkRollouts(options);
  const { registryFile, registryDatabase } = options.settings;
  if (!existsSync(registryDatabase ? path.dirname(registryFile) : registryFile)) return;
  await writeFiguresSnapshot(options.db, await registryStoreOf(options.settings).read(), registryFile);
}

/**
 * Started with the API (main.ts): every RELEASE_AUTO_TICK_MS, the instance that holds the rollout lock looks at the
 * running rollouts; the others skip that tick. One look at a time; `stop` waits for the one under way.
 */
export function startRolloutWorker(options: RolloutWorkerOptions): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= tick(options)
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = null;
      });
  }, options.settings.auto.tickMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
