/** `major.minor.patch` (a pre-release or build suffix is ignored), or null when the text is not a version. */
export function parseVersion(text: string): [number, number, number] | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Does `version` meet `range`? The ranges releases carry are the ones the build writes: `^x.y.z`, `~x.y.z`,
 * `>=x.y.z` or an exact version. Caret follows semver: below 1.0.0 the minor is the breaking part.
 */
export function satisfiesRange(version: string, range: string): boolean {
  const have = parseVersion(version);
  const match = /^(\^|~|>=)?\s*(.+)$/.exec(range.trim());
  const want = match?.[2] ? parseVersion(match[2]) : null;
  if (!have || !want || !match) return false;
  const [major, minor] = want;
  if (compare(have, want) < 0) return false;
  switch (match[1]) {
    case '>=':
      return true;
    case '~':
      return have[0] === major && have[1] === minor;
    case '^':
      if (major > 0) return have[0] === major;
      if (minor > 0) return have[0] === 0 && have[1] === minor;
      return compare(have, want) === 0;
    default:
      return compare(have, want) === 0;
  }
}

/** The part of a version a caret range keeps fixed: the major, or `0.minor` below 1.0.0. */
export function breakingPart(version: string): string | null {
  const parsed = parseVersion(version);
  if (!parsed) return null;
  return parsed[0] > 0 ? String(parsed[0]) : `0.${parsed[1]}`;
}
