import type { ReleaseManifest } from '@bookswap/shared/releases';
import { NO_RELEASE_FIGURES, type ReleaseFigures } from '@bookswap/shared/schemas';
import { figuresText, type FiguresReading } from './release-figures';
import type { HistoryEntry, Registry, ReleaseUnit } from './release-store.mts';

export interface KeptReleaseFigures {
  lastHour: ReleaseFigures;
  sinceLive: ReleaseFigures;
}

export interface RemoteReleases {
  live: string | null;
  canary: { version: string; percent: number } | null;
  rollout: Registry['remotes'][string]['rollout'] | null;
  releases: (Pick<ReleaseManifest, 'version' | 'commit' | 'builtAt'> & {
    status: 'live' | 'canary' | 'kept';
    /** Null when the figures are unavailable; zeros for a release no browser used. */
    figures: KeptReleaseFigures | null;
  })[];
  history: HistoryEntry[];
}

/**
 * What `pnpm release list` shows: per release unit (the shell, each remote), what is live and canary, a running automatic rollout, every kept
 * release with its figures over the last hour and since it went live, and the history with each decision's reason.
 */
export function releaseTable(
  registry: Registry,
  remotes: readonly ReleaseUnit[],
  kept: (remote: ReleaseUnit) => ReleaseManifest[],
  figures: FiguresReading = { available: false, reason: 'figures unavailable' },
): {
  figures: { available: boolean; writtenAt?: string; reason?: string };
  remotes: Record<string, RemoteReleases>;
  text: string;
} {
  const result: Record<string, RemoteReleases> = {};
  const lines: string[] = figures.available ? [`figures as of ${figures.writtenAt}`] : [figures.reason];
  for (const remote of remotes) {
    const record = registry.remotes[remote] ?? { live: null, canary: null, history: [] };
    const releases = kept(remote)
      .reverse()
      .map(({ version, commit, builtAt }) => {
        const known = figures.available ? figures.snapshot.remotes[remote]?.[version] : undefined;
        return {
          version,
          commit,
          builtAt,
          status:
            version === record.live
              ? ('live' as const)
              : version === record.canary?.version
                ? ('canary' as const)
                : ('kept' as const),
          figures: figures.available
            ? { lastHour: known?.lastHour ?? NO_RELEASE_FIGURES, sinceLive: known?.sinceLive ?? NO_RELEASE_FIGURES }
            : null,
        };
      });
    const rollout = record.rollout ?? null;
    result[remote] = { live: record.live, canary: record.canary, rollout, releases, history: record.history };
    lines.push(
      `${remote}: live ${record.live ?? '(none)'}${record.canary ? `, canary ${record.canary.version} at ${record.canary.percent} %` : ''}` +
        (rollout ? ` (automatic: ${rollout.steps.join(' -> ')} %, this step since ${rollout.stepStartedAt})` : ''),
    );
    for (const release of releases) {
      lines.push(`  ${release.status.padEnd(6)} ${release.version.padEnd(22)} ${release.builtAt}  ${release.commit}`);
      if (release.figures)
        lines.push(
          `         last hour:  ${figuresText(release.figures.lastHour)}`,
          `         since live: ${figuresText(release.figures.sinceLive)}`,
        );
    }
    for (const change of record.history.slice(-5))
      lines.push(
        `  history ${change.at} ${change.action} ${change.from ?? '-'} -> ${change.to ?? '-'}${change.percent ? ` (${change.percent} %)` : ''}: ${change.command}${change.by ? ` (by ${change.by})` : ''}${change.reason ? `\n          ${change.reason}` : ''}`,
      );
  }
  const summary = figures.available
    ? { available: true, writtenAt: figures.writtenAt }
    : { available: false, reason: figures.reason };
  return { figures: summary, remotes: result, text: lines.join('\n') };
}
