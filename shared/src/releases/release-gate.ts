import { TELEMETRY_REMOTES as REMOTES } from '../schemas/telemetry';
import { contractMismatches } from './contract-check';
import type { ReleaseManifest, ReleaseUnit } from './release-manifest';
import { ReleaseRefusal, type Registry } from './registry';

/** What the gate reads: a kept release's `release.json`, and the newest kept release of a unit never promoted. */
export interface KeptReleases {
  release(unit: ReleaseUnit, version: string): ReleaseManifest | null;
  newest(unit: ReleaseUnit): string | null;
}

/** One combination of releases some browser may load: a version per unit. */
export type World = Partial<Record<ReleaseUnit, string>>;

/**
 * Every combination of releases a browser may get from `registry` (docs/decisions/029): each unit live, or its
 * canary for the browsers its draw picks; the members of a release set's canary are drawn together, so their
 * canaries only ever meet each other. A unit never promoted serves its newest kept release, as the shell's server does.
 */
export function worldsOf(registry: Registry, kept: KeptReleases, units: readonly ReleaseUnit[]): World[] {
  // Each choice is a group of units that switch to their canaries together: a set, or one unit.
  const groups = new Map<string, ReleaseUnit[]>();
  const base: World = {};
  for (const unit of units) {
    const record = registry.remotes[unit];
    const live = record?.live ?? kept.newest(unit);
    if (live) base[unit] = live;
    if (record?.canary) {
      const key = record.canary.set ?? unit;
      groups.set(key, [...(groups.get(key) ?? []), unit]);
    }
  }
  let worlds: World[] = [base];
  for (const members of groups.values())
    worlds = worlds.flatMap((world) => [
      world,
      { ...world, ...Object.fromEntries(members.map((unit) => [unit, registry.remotes[unit]!.canary!.version])) },
    ]);
  return worlds;
}

/** Why some browser would get releases that do not fit together, one line per remote and cause; empty when none. */
export function strandedReleases(registry: Registry, kept: KeptReleases): string[] {
  const causes = new Set<string>();
  for (const world of worldsOf(registry, kept, ['shell', ...REMOTES])) {
    const shellVersion = world.shell;
    const shell = shellVersion ? kept.release('shell', shellVersion) : null;
    if (!shell?.provides) {
      causes.add(
        `no shell release to check against${shellVersion ? ` (shell ${shellVersion} is not kept)` : ''}: build one with pnpm release build shell`,
      );
      continue;
    }
    for (const remote of REMOTES) {
      const version = world[remote];
      const release = version ? kept.release(remote, version) : null;
      if (!release) continue;
      for (const cause of contractMismatches(remote, release, shell.provides))
        causes.add(`${remote} ${version} on shell ${shellVersion}: ${cause}`);
    }
  }
  return [...causes];
}

/**
 * The gate both ways (docs/decisions/020, 029): a change to the registry is written only if every combination of
 * releases a browser may get after it fits, whether the change moves a remote, the shell or a set of them, and
 * whether a release command or the admin screen makes it.
 */
export function refuseStranded(before: Registry, after: Registry, kept: KeptReleases, what: string): Registry {
  const causes = strandedReleases(after, kept);
  // What was already wrong before this change (a registry edited by hand) is not this change's doing.
  const earlier = new Set(strandedReleases(before, kept));
  const introduced = causes.filter((cause) => !earlier.has(cause));
  if (introduced.length)
    throw new ReleaseRefusal(`${what} cannot go live: it would strand\n- ${introduced.join('\n- ')}`);
  return after;
}
