/**
 * The release registry's record (docs/decisions/020) and every change a command makes to it, pure: the release
 * commands (tooling/release), the API's Releases calls and its automatic rollout (docs/decisions/026) change the
 * same file through these, so a rollback from the admin screen means what `pnpm release rollback` means.
 */

/** A rollout decision's figures over the step's window: each side's page loads, errors and their rate. */
export interface RolloutSideFigures {
  pageLoads: number;
  /** Load failures plus caught errors (at most one per page load counts toward the rate). */
  errors: number;
  errorRate: number | null;
}

export interface RolloutFigures {
  canary: RolloutSideFigures;
  live: RolloutSideFigures;
  /** The rate above which the canary is rolled back: max(live × ratio, live + absolute). */
  limit: number;
}

export interface HistoryEntry {
  at: string;
  action: 'promote' | 'canary' | 'rollback' | 'canary-rollback';
  from: string | null;
  to: string | null;
  percent?: number;
  command: string;
  /** Who changed it, when the command does not say (the admin's email for the admin screen). */
  by?: string;
  /** Why the automatic rollout moved on or rolled back, in words with its figures. */
  reason?: string;
  figures?: RolloutFigures;
  /** The release set this change was part of (`promote --set`): its members changed in the same write. */
  set?: string;
}

/** An automatic rollout (`promote --canary <percent> --auto`), kept in the registry so it survives a restart. */
export interface RolloutState {
  version: string;
  /** The percentages it passes through, the current one first; 100 means live. */
  steps: number[];
  percent: number;
  stepStartedAt: string;
}

export interface RemoteRecord {
  live: string | null;
  /** `set`: the release set this canary belongs to; a browser draws once for the whole set (docs/decisions/029). */
  canary: { version: string; percent: number; set?: string } | null;
  /** Only while an automatic rollout runs. */
  rollout?: RolloutState | null;
  history: HistoryEntry[];
}

export interface Registry {
  remotes: Record<string, RemoteRecord>;
}

/**
 * Beside the registry: the figures the API last wrote for `pnpm release list` (docs/decisions/026), which holds
 * neither the API's database nor an admin token.
 */
export function releaseFiguresFileOf(registryFile: string): string {
  return registryFile.replace(/(\.json)?$/, '.figures.json');
}

/** A change the registry refuses: the command exits non-zero (the API answers 409) and nothing is written. */
export class ReleaseRefusal extends Error {
  override readonly name = 'ReleaseRefusal';
}

export interface ChangeContext {
  /** The command line as typed (or the screen or worker that changed it), for the history. */
  command: string;
  now: Date;
  by?: string;
  reason?: string;
  figures?: RolloutFigures;
  /** Set by the set commands: the id every member's change carries. */
  set?: string;
}

function recordOf(registry: Registry, remote: string): RemoteRecord {
  return registry.remotes[remote] ?? { live: null, canary: null, history: [] };
}

/** The record without a rollout: every change but an automatic step ends the rollout. */
function withRecord(registry: Registry, remote: string, { rollout: _ended, ...record }: RemoteRecord): Registry {
  return { ...registry, remotes: { ...registry.remotes, [remote]: record } };
}

/** The record with its rollout at the first of `steps`, that step starting now. */
function withRollout(
  registry: Registry,
  remote: string,
  version: string,
  steps: number[],
  context: ChangeContext,
): Registry {
  const rollout: RolloutState = { version, steps, percent: steps[0]!, stepStartedAt: context.now.toISOString() };
  return { ...registry, remotes: { ...registry.remotes, [remote]: { ...recordOf(registry, remote), rollout } } };
}

function entry(context: ChangeContext, fields: Omit<HistoryEntry, 'at' | 'command'>): HistoryEntry {
  return {
    at: context.now.toISOString(),
    ...fields,
    command: context.command,
    ...(context.by ? { by: context.by } : {}),
    ...(context.reason ? { reason: context.reason } : {}),
    ...(context.figures ? { figures: context.figures } : {}),
    ...(context.set ? { set: context.set } : {}),
  };
}

/**
 * A unit whose canary belongs to a release set changes only with its set: alone, it would leave browsers on half
 * of a set that was built to go together.
 */
function refuseSetMember(record: RemoteRecord, remote: string, context: ChangeContext): void {
  const set = record.canary?.set;
  if (set && set !== context.set)
    throw new ReleaseRefusal(
      `${remote}'s canary ${record.canary?.version} is part of the release set ${set}: promote or roll back the set (pnpm release rollback --set)`,
    );
}

/**
 * The versions that were live, in order, as rollbacks see them: a promote adds one, a rollback returns to an earlier
 * one and forgets what came after it, so rolling back twice goes two steps back, not back and forth.
 */
export function liveLine(history: readonly HistoryEntry[]): string[] {
  const line: string[] = [];
  for (const change of history) {
    if (!change.to || (change.action !== 'promote' && change.action !== 'rollback')) continue;
    const earlier = change.action === 'rollback' ? line.lastIndexOf(change.to) : -1;
    if (earlier >= 0) line.splice(earlier + 1);
    else line.push(change.to);
  }
  return line;
}

/** Makes `version` live for every browser, ending any canary. */
export function promoteLive(registry: Registry, remote: string, version: string, context: ChangeContext): Registry {
  const record = recordOf(registry, remote);
  refuseSetMember(record, remote, context);
  if (record.live === version && !record.canary) throw new ReleaseRefusal(`${remote} ${version} is already live`);
  return withRecord(registry, remote, {
    live: version,
    canary: null,
    history: [...record.history, entry(context, { action: 'promote', from: record.live, to: version })],
  });
}

/** Sends `percent` of browsers (1-99, sticky per browser) to `version`; the rest stay on live. */
export function promoteCanary(
  registry: Registry,
  remote: string,
  version: string,
  percent: number,
  context: ChangeContext,
): Registry {
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new ReleaseRefusal(
      `--canary takes a whole percentage from 1 to 99 (got ${percent}); promote without it for all`,
    );
  const record = recordOf(registry, remote);
  refuseSetMember(record, remote, context);
  if (!record.live) throw new ReleaseRefusal(`${remote} has no live release yet: promote one without --canary first`);
  if (record.live === version) throw new ReleaseRefusal(`${remote} ${version} is already live`);
  return withRecord(registry, remote, {
    ...record,
    canary: { version, percent, ...(context.set ? { set: context.set } : {}) },
    history: [...record.history, entry(context, { action: 'canary', from: record.live, to: version, percent })],
  });
}

/** The steps an automatic rollout passes through from `percent`: on to 50 % (when below it), then live. */
export function rolloutSteps(percent: number): number[] {
  return percent < 50 ? [percent, 50, 100] : [percent, 100];
}

/**
 * `promote --canary <percent> --auto`: the canary as `promoteCanary` makes it, plus the rollout the API's worker
 * moves on or rolls back by itself (docs/decisions/026).
 */
export function startRollout(...change: Parameters<typeof promoteCanary>): Registry {
  const [, remote, version, percent, context] = change;
  return withRollout(promoteCanary(...change), remote, version, rolloutSteps(percent), context);
}

/**
 * The rollout's next step (its decision's reason and figures in the context): the canary's share grows, or at 100 %
 * the version goes live and the rollout ends.
 */
export function advanceRollout(registry: Registry, remote: string, context: ChangeContext): Registry {
  const record = recordOf(registry, remote);
  const rollout = record.rollout;
  if (!rollout) throw new ReleaseRefusal(`${remote} has no automatic rollout running`);
  const [, next = 100, ...later] = rollout.steps;
  if (next >= 100) return promoteLive(registry, remote, rollout.version, context);
  return withRollout(
    promoteCanary(registry, remote, rollout.version, next, context),
    remote,
    rollout.version,
    [next, ...later],
    context,
  );
}

/**
 * Without `to`: ends a running canary (and its rollout), or else makes the previous live version live again. With
 * `to`: that kept version becomes live (the caller has checked it is kept and compatible).
 */
export function rollBack(registry: Registry, remote: string, context: ChangeContext, to?: string): Registry {
  const record = recordOf(registry, remote);
  refuseSetMember(record, remote, context);
  if (!to && record.canary) {
    return withRecord(registry, remote, {
      ...record,
      canary: null,
      history: [
        ...record.history,
        entry(context, { action: 'canary-rollback', from: record.canary.version, to: record.live }),
      ],
    });
  }
  const line = liveLine(record.history);
  const target = to ?? line.at(-2);
  if (!target) throw new ReleaseRefusal(`${remote} has no earlier live release to roll back to`);
  if (target === record.live && !record.canary) throw new ReleaseRefusal(`${remote} ${target} is already live`);
  return withRecord(registry, remote, {
    live: target,
    canary: null,
    history: [...record.history, entry(context, { action: 'rollback', from: record.live, to: target })],
  });
}

/** A release set's id: when it was made, and what is in it, readable in the history. */
export function releaseSetId(members: Record<string, string>, now: Date): string {
  const names = Object.keys(members).sort().join('+');
  return `${names}@${now.toISOString()}`;
}

/**
 * `promote --set shell=<v> seller=<v> ...`: every member live in this one change, or with `percent` a canary of
 * the whole set (each browser draws once for the set: all of its members or none). Each member's history entry
 * carries the set's id, so `rollBackSet` restores the previous set in one change too.
 */
export function promoteSet(
  registry: Registry,
  members: Record<string, string>,
  context: ChangeContext,
  percent?: number,
): Registry {
  if (Object.keys(members).length < 2) throw new ReleaseRefusal('a release set has two members or more');
  const inSet = { ...context, set: context.set ?? releaseSetId(members, context.now) };
  return Object.entries(members).reduce(
    (next, [remote, version]) =>
      percent === undefined
        ? promoteLive(next, remote, version, inSet)
        : promoteCanary(next, remote, version, percent, inSet),
    registry,
  );
}

/** The newest release set in the history, with its members, or null when no set was ever promoted. */
export function latestSet(registry: Registry): { id: string; members: string[] } | null {
  let latest: { id: string; at: string } | null = null;
  for (const record of Object.values(registry.remotes))
    for (const change of record.history)
      if (change.set && (change.action === 'promote' || change.action === 'canary') && (!latest || change.at > latest.at))
        latest = { id: change.set, at: change.at };
  if (!latest) return null;
  const id = latest.id;
  const members = Object.entries(registry.remotes)
    .filter(([, record]) => record.history.some((change) => change.set === id))
    .map(([remote]) => remote);
  return { id, members };
}

/**
 * `rollback --set`: the newest release set undone in one change: its canary ended for every member, or, once
 * live, every member back to the version it had before.
 */
export function rollBackSet(registry: Registry, context: ChangeContext): Registry {
  const set = latestSet(registry);
  if (!set) throw new ReleaseRefusal('no release set was promoted: nothing to roll back');
  const inSet = { ...context, set: set.id };
  return set.members.reduce((next, remote) => {
    const record = recordOf(next, remote);
    if (record.canary?.set === set.id) return rollBack(next, remote, inSet);
    const line = liveLine(record.history);
    const before = line.at(-2);
    const promotedBySet = record.history.findLast((change) => change.set === set.id && change.action === 'promote');
    if (!promotedBySet || record.live !== promotedBySet.to || !before)
      throw new ReleaseRefusal(
        `${remote} has changed since the set ${set.id} (live: ${record.live ?? 'none'}): roll it back on its own`,
      );
    return rollBack(next, remote, inSet, before);
  }, registry);
}
