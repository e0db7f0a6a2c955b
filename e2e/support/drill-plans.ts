import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DrillPlan } from './drill-builds';
import { remoteVariant, ROOT } from './release-drill';

/**
 * The releases each release drill builds, by the drill's spec name: global setup starts them before the first test
 * (drill-builds.ts), and the specs check what the changes below make visible.
 */

const versionOf = (folder: string) =>
  (JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as { version: string }).version;
const nextMajorOf = (version: string) => `${Number(version.split('.')[0]) + 1}.0.0`;

export const CONTRACT_VERSION = versionOf('contract');
export const NEXT_CONTRACT_MAJOR = nextMajorOf(CONTRACT_VERSION);
const NEXT_LIBRARY_MAJOR = nextMajorOf(versionOf('shared'));

/** release-canary.spec.ts: a seller team's release whose My Product screen throws as it renders, and one that only changes a text. */
export const CANARY_TEXT = 'Books on sale: ';
const canaryDrill = () =>
  [
    {
      unit: 'seller',
      source: remoteVariant('remote-seller', {
        replace: [
          {
            file: 'src/my-products/MyProductsPage.tsx',
            from: 'export function MyProductsPage() {',
            to: "export function MyProductsPage() {\n  if (Date.now() > 0) throw new Error('release drill: My Product breaks');",
          },
        ],
      }),
    },
    {
      unit: 'seller',
      source: remoteVariant('remote-seller', {
        replace: [{ file: 'src/my-products/MyProductsPage.tsx', from: 'Total Product: ', to: CANARY_TEXT }],
      }),
    },
  ] as const;

/** releases.spec.ts: the seller's next release shows this text and a screen of its own at /dashboard/seller-tips. */
export const SELLER_NEXT_TEXT = 'Books you list: ';
const TIPS_ROUTE = `remoteRoute(
    defineRoute('/dashboard/seller-tips', {
      owner: 'seller',
      layout: 'dashboard',
      access: 'seller',
      title: 'Seller Tips',
      menu: { place: 'dashboard', label: 'Seller Tips' },
    }),
    async () => ({ Component: (await import('./seller-tips/SellerTipsPage')).SellerTipsPage }),
  ),
];`;

const releasesDrill = () =>
  [
    // Another team's checkout of the seller remote: a visible text change and a screen at a path the shell's build
    // has never heard of, declared by the release itself.
    {
      unit: 'seller',
      source: remoteVariant('remote-seller', {
        replace: [
          { file: 'src/my-products/MyProductsPage.tsx', from: 'Total Product: ', to: SELLER_NEXT_TEXT },
          {
            file: 'src/routes.tsx',
            from: "import { remoteRoute, ROUTES, type RemoteRoutes } from '@bookswap/contract/routing';",
            to: "import { defineRoute, remoteRoute, ROUTES, type RemoteRoutes } from '@bookswap/contract/routing';",
          },
          { file: 'src/routes.tsx', from: '];', to: TIPS_ROUTE },
        ],
        add: {
          'src/seller-tips/SellerTipsPage.tsx':
            'export function SellerTipsPage() {\n  return <h1>Tips for sellers</h1>;\n}\n',
        },
      }),
    },
    { unit: 'seller', source: remoteVariant('remote-seller', { contract: { version: NEXT_CONTRACT_MAJOR } }) },
    // A breaking change to a library, released with the seller alone: the table's `pageSize` is `rowsPerPage` in the
    // next major of @bookswap/shared, and the seller's My Product asks for two rows a page with it.
    {
      unit: 'seller',
      source: remoteVariant('remote-seller', {
        replace: [
          {
            file: 'src/my-products/MyProductsPage.tsx',
            from: 'what="Your products"',
            to: 'what="Your products" rowsPerPage={2}',
          },
        ],
        shared: {
          version: NEXT_LIBRARY_MAJOR,
          replace: [
            { file: 'src/ui/PagedTable.tsx', from: '  pageSize?: number;', to: '  rowsPerPage?: number;' },
            {
              file: 'src/ui/PagedTable.tsx',
              from: '  pageSize = DEFAULT_PAGE_SIZE,',
              to: '  rowsPerPage: pageSize = DEFAULT_PAGE_SIZE,',
            },
          ],
        },
      }),
    },
    {
      unit: 'storefront',
      source: remoteVariant('remote-storefront', {
        replace: [{ file: 'src/categories/CategoryListPage.tsx', from: 'Book Categories', to: 'Browse by category' }],
      }),
    },
  ] as const;

/** shell-releases.spec.ts: the shell's next release changes its footer. */
export const FOOTER = '© Bookswap';
export const NEW_FOOTER = '© Bookswap, shipped on its own';
export const MAJOR_SET_UNITS = ['shell', 'storefront', 'seller', 'admin', 'checkout'] as const;

const shellReleasesDrill = () =>
  [
    {
      unit: 'shell',
      source: remoteVariant('shell', { replace: [{ file: 'src/layout/Footer.tsx', from: FOOTER, to: NEW_FOOTER }] }),
    },
    // A shell whose route rules give the seller's My Product to admins: the live seller no longer fits it.
    {
      unit: 'shell',
      source: remoteVariant('shell', {
        contract: {
          version: CONTRACT_VERSION,
          replace: [
            {
              file: 'src/routing/paths.ts',
              from: "defineRoute('/dashboard/myproduct', {\n    owner: 'seller',\n    layout: 'dashboard',\n    access: 'seller',",
              to: "defineRoute('/dashboard/myproduct', {\n    owner: 'seller',\n    layout: 'dashboard',\n    access: 'admin',",
            },
          ],
        },
      }),
    },
    // A major of the runtime contract: every unit built against it, to go live as one set.
    ...MAJOR_SET_UNITS.map((unit) => ({
      unit,
      source: remoteVariant(unit === 'shell' ? 'shell' : `remote-${unit}`, {
        contract: { version: NEXT_CONTRACT_MAJOR },
      }),
    })),
  ] as const;

export const DRILLS = {
  'release-canary': canaryDrill,
  releases: releasesDrill,
  'shell-releases': shellReleasesDrill,
} satisfies Record<string, DrillPlan>;
