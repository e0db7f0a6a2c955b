import type { HistoryEntry, Registry, RemoteRecord } from './release-store.cjs';

/** A command the registry refuses: the command exits non-zero with this message and nothing is written. */
export class ReleaseRefusal extends Error {
  override readonly name = 'ReleaseRefusal';
}

export interface ChangeContext {
  /** The command line as typed, for the history. */
  command: string;
  now: Date;
}

function recordOf(registry: Registry, remote: string): RemoteRecord {
  return registry.remotes[remote] ?? { live: null, canary: null, history: [] };
}

function withRecord(registry: Registry, remote: string, record: RemoteRecord): Registry {
  return { ...registry, remotes: { ...registry.remotes, [remote]: record } };
}

function entry(context: ChangeContext, fields: Omit<HistoryEntry, 'at' | 'command'>): HistoryEntry {
  return { at: context.now.toISOString(), ...fields, command: context.command };
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
  if (!record.live) throw new ReleaseRefusal(`${remote} has no live release yet: promote one without --canary first`);
  if (record.live === version) throw new ReleaseRefusal(`${remote} ${version} is already live`);
  return withRecord(registry, remote, {
    ...record,
    canary: { version, percent },
    history: [...record.history, entry(context, { action: 'canary', from: record.live, to: version, percent })],
  });
}

/**
 * Without `to`: ends a running canary, or else makes the previous live version live again. With `to`: that kept
 * version becomes live (the caller has checked it is kept and compatible).
 */
export function rollBack(registry: Registry, remote: string, context: ChangeContext, to?: string): Registry {
  const record = recordOf(registry, remote);
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
