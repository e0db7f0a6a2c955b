import type { PublicApi } from './describe-public-api';

export interface ApiChanges {
  removed: string[];
  changed: string[];
  added: string[];
}

/** What changed between two readings of the public API, as `entry name` lines. */
export function apiChanges(before: PublicApi, after: PublicApi): ApiChanges {
  const changes: ApiChanges = { removed: [], changed: [], added: [] };
  for (const entry of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[entry] ?? {};
    const now = after[entry] ?? {};
    for (const name of Object.keys(was)) {
      if (!(name in now)) changes.removed.push(`${entry} ${name}`);
      else if (was[name] !== now[name]) changes.changed.push(`${entry} ${name}`);
    }
    for (const name of Object.keys(now)) if (!(name in was)) changes.added.push(`${entry} ${name}`);
  }
  return changes;
}

function parse(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version.split(/[.+-]/).map(Number);
  return [major, minor, patch];
}

/**
 * Why `version` is not enough for the changes since `recorded`, or null when it is: a name removed or retyped
 * needs a new major (every live release may use it), an added name a new minor (older shells lack it).
 */
export function versionShortfall(recorded: string, version: string, changes: ApiChanges): string | null {
  const [oldMajor, oldMinor] = parse(recorded);
  const [major, minor] = parse(version);
  if (changes.removed.length + changes.changed.length > 0 && major <= oldMajor)
    return `names were removed or changed (${[...changes.removed, ...changes.changed].join(', ')}): that needs version ${oldMajor + 1}.0.0 or later, not ${version}`;
  if (changes.added.length > 0 && major === oldMajor && minor <= oldMinor)
    return `names were added (${changes.added.join(', ')}): that needs version ${oldMajor}.${oldMinor + 1}.0 or later, not ${version}`;
  return null;
}
