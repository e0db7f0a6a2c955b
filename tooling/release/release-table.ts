import type { ReleaseManifest } from '@bookswap/shared/releases';
import type { HistoryEntry, Registry, RemoteName } from './release-store.cjs';

export interface RemoteReleases {
  live: string | null;
  canary: { version: string; percent: number } | null;
  releases: (Pick<ReleaseManifest, 'version' | 'commit' | 'builtAt'> & { status: 'live' | 'canary' | 'kept' })[];
  history: HistoryEntry[];
}

/** What `pnpm release list` shows: per remote, what is live and canary, every kept release, and the history. */
export function releaseTable(
  registry: Registry,
  remotes: readonly RemoteName[],
  kept: (remote: RemoteName) => ReleaseManifest[],
): { remotes: Record<string, RemoteReleases>; text: string } {
  const result: Record<string, RemoteReleases> = {};
  const lines: string[] = [];
  for (const remote of remotes) {
    const record = registry.remotes[remote] ?? { live: null, canary: null, history: [] };
    const releases = kept(remote)
      .reverse()
      .map(({ version, commit, builtAt }) => ({
        version,
        commit,
        builtAt,
        status:
          version === record.live
            ? ('live' as const)
            : version === record.canary?.version
              ? ('canary' as const)
              : ('kept' as const),
      }));
    result[remote] = { live: record.live, canary: record.canary, releases, history: record.history };
    lines.push(
      `${remote}: live ${record.live ?? '(none)'}${record.canary ? `, canary ${record.canary.version} at ${record.canary.percent} %` : ''}`,
    );
    for (const release of releases)
      lines.push(`  ${release.status.padEnd(6)} ${release.version.padEnd(22)} ${release.builtAt}  ${release.commit}`);
    for (const change of record.history.slice(-5))
      lines.push(
        `  history ${change.at} ${change.action} ${change.from ?? '-'} -> ${change.to ?? '-'}${change.percent ? ` (${change.percent} %)` : ''}: ${change.command}`,
      );
  }
  return { remotes: result, text: lines.join('\n') };
}
