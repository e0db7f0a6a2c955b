import type { RouteFacts, ShellContract } from './release-manifest';
import { contractMismatches } from './contract-check';
import { satisfiesRange } from './version-range';

const shell: ShellContract = {
  runtime: '1.4.0',
  singletons: { react: '19.3.1', '@bookswap/contract': '1.4.0' },
  routes: [
    { path: '/dashboard/myproduct', owner: 'seller', layout: 'dashboard', access: 'seller', title: 'My Product' },
    { path: '/dashboard/myorder', owner: 'checkout', layout: 'dashboard', access: 'user', title: 'My Orders' },
  ],
};
const myProduct: RouteFacts = { path: '/dashboard/myproduct', layout: 'dashboard', access: 'seller', title: 'My Product' };
const release = (runtime: string, singletons: Record<string, string>, routes: RouteFacts[] = [myProduct]) => ({
  contract: { runtime, singletons, libraries: { '@bookswap/shared': '6.0.0' } },
  routes,
});

describe('whether a shell can host a release', () => {
  it('a release built against the same major, with ranges the shell meets, fits', () => {
    expect(contractMismatches('seller', release('1.2.0', { react: '^19.0.0', '@bookswap/contract': '^1.2.0' }), shell)).toEqual([]);
  });

  it('another major of @bookswap/contract does not, either way', () => {
    expect(contractMismatches('seller', release('2.0.0', {}), shell)).toEqual([
      'it was built against @bookswap/contract 2.0.0; the shell provides 1.4.0',
    ]);
    expect(contractMismatches('seller', release('0.9.0', {}), shell)).toHaveLength(1);
  });

  it('another major of a library (@bookswap/shared) fits: the release brings its own copy', () => {
    const withLibrary = (major: string) => ({
      ...release('1.2.0', {}),
      contract: { runtime: '1.2.0', singletons: {}, libraries: { '@bookswap/shared': `${major}.0.0` } },
    });
    expect(contractMismatches('seller', withLibrary('7'), shell)).toEqual([]);
    expect(contractMismatches('seller', withLibrary('5'), shell)).toEqual([]);
  });

  it('a singleton range the shell does not meet, or one it does not provide', () => {
    expect(
      contractMismatches('seller', release('1.0.0', { react: '^20.0.0', 'left-pad': '^1.0.0' }), shell),
    ).toEqual([
      'it needs react ^20.0.0; the shell provides 19.3.1',
      'it needs the shared singleton left-pad ^1.0.0, which the shell does not provide',
    ]);
  });

  it("a route whose access differs from the shell's rules, or that another remote owns", () => {
    const routes: RouteFacts[] = [
      { ...myProduct, access: 'user' },
      { path: '/dashboard/myorder', layout: 'dashboard', access: 'user', title: 'Mine now' },
    ];
    expect(contractMismatches('seller', release('1.0.0', {}, routes), shell)).toEqual([
      'route /dashboard/myproduct is "user" in the release but "seller" in the shell\'s rules',
      'route /dashboard/myorder belongs to checkout, not seller',
    ]);
  });

  it('a route is known however it is spelled, as the router matches it: case, slashes and parameter names aside', () => {
    const routes: RouteFacts[] = [
      { ...myProduct, path: '/Dashboard/MyProduct/', access: 'public' },
      { path: '//dashboard//MYORDER', layout: 'dashboard', access: 'user', title: 'Mine now' },
    ];
    expect(contractMismatches('seller', release('1.0.0', {}, routes), shell)).toEqual([
      'route /Dashboard/MyProduct/ is "public" in the release but "seller" in the shell\'s rules',
      'route //dashboard//MYORDER belongs to checkout, not seller',
    ]);
    const withDetails: ShellContract = {
      ...shell,
      routes: [...shell.routes, { path: '/book/:id', owner: 'storefront', layout: 'public', access: 'user', title: 'Book' }],
    };
    const details: RouteFacts = { path: '/book/:bookId', layout: 'public', access: 'public', title: 'Book' };
    expect(contractMismatches('storefront', release('1.0.0', {}, [details]), withDetails)).toEqual([
      'route /book/:bookId is "public" in the release but "user" in the shell\'s rules',
    ]);
  });

  it("a new path is welcome in the remote's own layout with a known access, not elsewhere", () => {
    const tips: RouteFacts = { path: '/dashboard/tips', layout: 'dashboard', access: 'seller', title: 'Tips' };
    expect(contractMismatches('seller', release('1.0.0', {}, [myProduct, tips]), shell)).toEqual([]);
    expect(
      contractMismatches(
        'seller',
        release('1.0.0', {}, [myProduct, { ...tips, layout: 'public', access: 'staff' as RouteFacts['access'] }]),
        shell,
      ),
    ).toEqual([
      'route /dashboard/tips asks for unknown access "staff"',
      'route /dashboard/tips asks for the public layout; seller lives in the dashboard layout',
    ]);
  });
});

describe('semver ranges as releases write them', () => {
  it.each([
    ['19.3.1', '^19.0.0', true],
    ['20.0.0', '^19.0.0', false],
    ['19.2.9', '^19.3.0', false],
    ['0.2.5', '^0.2.0', true],
    ['0.3.0', '^0.2.0', false],
    ['1.2.9', '~1.2.0', true],
    ['1.3.0', '~1.2.0', false],
    ['3.0.0', '>=2.1.0', true],
    ['1.0.0', '1.0.0', true],
    ['1.0.1', '1.0.0', false],
    ['not a version', '^1.0.0', false],
  ])('%s meets %s: %s', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected);
  });
});
