// semver is the oracle here, not a dependency of the code: it would add about 6 kB (gzip) to the first load of `/`,
// where the shell checks each release's contract (docs/decisions/055).
import semverSatisfies from 'semver/functions/satisfies';
import { breakingPart, satisfiesRange } from './version-range';

const VERSIONS = [
  '0.0.3',
  '0.0.4',
  '0.1.0',
  '0.2.0',
  '0.2.5',
  '0.3.0',
  '1.0.0',
  '1.2.0',
  '1.2.3',
  '1.2.9',
  '1.3.0',
  '1.9.9',
  '2.0.0',
  '2.1.0',
  '19.2.9',
  '19.3.1',
  '20.0.0',
  'v1.2.3',
  ' 1.2.3 ',
  '1.2.3+build.5',
  '1.2',
  'not a version',
  '',
];

/** The ranges the build writes: caret, tilde, at-least and exact, of full versions. */
const SUPPORTED = [
  '^0.0.3',
  '^0.2.0',
  '^0.2.5',
  '^1.0.0',
  '^1.2.0',
  '^19.3.0',
  '~0.2.0',
  '~1.2.0',
  '~1.2.9',
  '>=0.2.0',
  '>=1.2.0',
  '>=2.1.0',
  '1.0.0',
  '1.2.3',
  '^v1.2.0',
  '>= 1.2.0',
  ' ^1.2.0 ',
  '^1.2.0+build.1',
];

describe('our version ranges, checked against semver', () => {
  it.each(SUPPORTED.flatMap((range) => VERSIONS.map((version) => [version, range] as const)))(
    '%j meets %j as semver says',
    (version, range) => {
      expect(satisfiesRange(version, range)).toBe(semverSatisfies(version, range));
    },
  );

  // Ours reads a pre-release as its release, in the version and in the range; semver keeps a pre-release out of a
  // range unless the range names one of the same major.minor.patch. The shells provide released singletons only.
  it.each([
    ['19.0.0-rc.1', '^19.0.0', true, false],
    ['2.0.0-beta', '>=1.0.0', true, false],
    ['1.0.0-beta', '1.0.0', true, false],
    ['1.2.4-beta', '~1.2.0', true, false],
    ['1.0.0-alpha', '^1.0.0-beta', true, false],
    ['1.0.0-rc.2', '^1.0.0-rc.1', true, true],
    ['1.0.0', '^1.0.0-rc.1', true, true],
    ['2.0.0-beta', '^1.0.0', false, false],
    ['1.1.9-beta', '^1.2.0', false, false],
  ])('judges the pre-release %j against %j as its release (%s; semver: %s)', (version, range, ours, semver) => {
    expect(satisfiesRange(version, range)).toBe(ours);
    expect(semverSatisfies(version, range)).toBe(semver);
    expect(satisfiesRange(version, range)).toBe(semverSatisfies(version.replace(/-.*/, ''), range.replace(/-.*/, '')));
  });

  // A range outside the build's forms is refused, even where semver would accept the version: a release that
  // writes one is refused by the promote command and by the shell instead of judged by rules nobody tested.
  it.each([
    ['1.2.3', '1.x'],
    ['1.2.3', '1.2.x'],
    ['1.2.3', '*'],
    ['1.2.3', ''],
    ['1.2.3', '^1'],
    ['1.2.3', '~1.2'],
    ['1.2.3', '=1.2.3'],
    ['1.2.3', '>1.0.0'],
    ['1.2.3', '<2.0.0'],
    ['1.2.3', '<=2.0.0'],
    ['1.2.3', '>=1.0.0 <2.0.0'],
    ['1.2.3', '1.0.0 - 2.0.0'],
    ['1.2.3', '^1.0.0 || ^2.0.0'],
  ])('refuses %j for the range %j, which semver accepts', (version, range) => {
    expect(semverSatisfies(version, range)).toBe(true);
    expect(satisfiesRange(version, range)).toBe(false);
  });
});

describe('the breaking part of a version', () => {
  // In ascending order: a later version keeps the breaking part of an earlier one exactly when a caret range from
  // the earlier accepts it. Not below 0.1.0, where semver's ^0.0.x fixes the patch too and ours the minor only.
  const ascending = ['0.1.0', '0.1.4', '0.2.0', '1.0.0', '1.4.2', '2.0.0', '19.0.0', '19.3.1', '20.0.0'];
  const pairs = ascending.flatMap((earlier, i) => ascending.slice(i).map((later) => [earlier, later] as const));

  it.each(pairs)('of %j and %j is the same when semver says ^ from the first meets the second', (earlier, later) => {
    expect(breakingPart(earlier) === breakingPart(later)).toBe(semverSatisfies(later, `^${earlier}`));
  });
});
