// One flat config for every package: typescript-eslint's type-aware-free recommended rules, React
// hooks rules for the front-ends, Node globals for scripts and tooling. Formatting is Prettier's job.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md "Packages"): remotes and the shell meet only through `@bookswap/contract`
 * and the libraries of `@bookswap/shared`; `shared` imports only the contract; the server takes only the schemas from it.
 */
const OTHER_PACKAGES_BY_PATH = {
  group: ['**/shell/**', '**/remote-*/**', '**/tooling/**', '**/server/**', '**/e2e/**'],
  message: 'Import another workspace package by its name through @bookswap/shared, never by relative path.',
};
/** docs/decisions/011: the router comes through `react-router-dom`, the one copy the shell provides (its router kit). */
const ROUTER_THROUGH_THE_SHARED_KEY = {
  regex: '^react-router(/|$)',
  message:
    "Import the router from 'react-router-dom': that is the shared singleton; 'react-router' would be a second copy.",
};
const NO_REMOTE_OR_SHELL = {
  regex: '^@bookswap/(remote-|shell)',
  message: 'A remote never imports another remote or the shell: what two packages need goes into @bookswap/shared.',
};
/** The release registry's stores (files, PostgreSQL) are Node's: a browser bundle must never carry them. */
const NODE_ONLY_REGISTRY = {
  regex: '^@bookswap/shared/release-registry',
  message: "The release registry's stores are Node-only (the release commands, the API, the shell's servers).",
};
/** One package's import boundary: these patterns refused with their messages. */
const refuseImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export const importBoundaries = [
  {
    files: ['remote-*/src/**/*.{ts,tsx}'],
    rules: refuseImports(OTHER_PACKAGES_BY_PATH, NO_REMOTE_OR_SHELL, ROUTER_THROUGH_THE_SHARED_KEY, NODE_ONLY_REGISTRY),
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: refuseImports(OTHER_PACKAGES_BY_PATH, ROUTER_THROUGH_THE_SHARED_KEY, NODE_ONLY_REGISTRY, {
      regex: '^@bookswap/(remote-|dev-host)',
      message: 'The shell loads remotes at run time, never by import.',
    }),
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: refuseImports(OTHER_PACKAGES_BY_PATH, ROUTER_THROUGH_THE_SHARED_KEY, {
      regex: '^@bookswap/(?!contract/)',
      message: 'shared imports only the runtime contract (itself only by relative path).',
    }),
  },
  {
    // docs/decisions/028: the singleton contract depends on nothing of ours, so its majors are rare and its own.
    files: ['contract/src/**/*.{ts,tsx}'],
    rules: refuseImports(OTHER_PACKAGES_BY_PATH, ROUTER_THROUGH_THE_SHARED_KEY, {
      regex: '^@bookswap/',
      message: 'The contract imports no workspace package (itself only by relative path).',
    }),
  },
  {
    // The router kit itself is where the shell takes `react-router` in.
    files: ['shell/src/federation/router-kit.ts'],
    rules: refuseImports(OTHER_PACKAGES_BY_PATH),
  },
  {
    files: ['server/**/*.ts'],
    rules: refuseImports(
      {
        group: ['**/shared/src/**', '**/shell/**', '**/remote-*/**'],
        message: 'The server imports @bookswap/shared/schemas only.',
      },
      {
        // The demo accounts list sits beside the schemas (shared/src/schemas/demo-users.ts) for the seed; the release
        // registry's pure changes (shared/src/releases) are the API's too, so a rollback from the admin screen and
        // the automatic canary change the registry exactly as `pnpm release` does (docs/decisions/026), and its
        // PostgreSQL and file stores (shared/src/releases/registry-database.cjs, registry-file.cjs) are theirs too
        // (docs/decisions/020).
        regex:
          '^@bookswap/(?!shared/schemas$|shared/demo-users$|shared/releases$|shared/release-registry$|shared/release-registry-file$)',
        message: 'The server imports @bookswap/shared/schemas only.',
      },
    ),
  },
];

/**
 * One way for a screen to read data: `useApiQuery` with a query its api file makes (the key beside the call), and
 * `preloadQuery` in the route's loader. Reading through SWR directly would make a key that the writes' tables and
 * shared/src/api/writes.test.ts do not know. The categories are the storefront's own static file, which no write changes.
 */
export const screenReads = {
  files: ['remote-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
  ignores: [
    '**/*.test.{ts,tsx}',
    'shared/src/ui/use-api-query.ts',
    'remote-storefront/src/categories/use-categories.ts',
  ],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'swr',
            importNames: ['default', 'preload', 'useSWRImmutable'],
            message:
              'A screen reads through useApiQuery(...Queries.x) and its loader calls preloadQuery: one key per query.',
          },
        ],
      },
    ],
  },
};

/**
 * The server's layers (docs/architecture.md "Server"), imports one way: routes (and the HTTP machinery in `http/`) ->
 * services (one function per use case; the gateways, token checks, image stores and seed beside them) ->
 * repositories (every SQL statement) -> db. Type imports may reach further down (a route names a row's type);
 * values may not. Tests and the test kit read tables directly to check what was stored.
 */
const SERVER_SOURCE = 'server/src';
const SERVER_TESTS = ['server/src/**/*.test.ts', 'server/src/testing/**'];
const SCHEMA_AND_SQL = {
  group: ['**/db/schema', 'drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories (server/src/repositories) write SQL and import the database schema.',
};
const HTTP_FROM_BELOW = {
  group: ['**/routes/**', '**/http/**', 'fastify', '@fastify/*'],
  message: 'Routes call services, never the reverse: a service knows nothing of HTTP.',
};
const PAST_THE_SERVICES = {
  group: ['**/repositories/**', '**/db/**'],
  allowTypeImports: true,
  message: 'Routes reach the database through a service, never a repository or the db layer directly.',
};
const ABOVE_REPOSITORIES = {
  group: [
    '**/services/**',
    '**/routes/**',
    '**/http/**',
    '**/auth/**',
    '**/payments/**',
    '**/images/**',
    '**/seed/**',
    '**/errors/**',
    'fastify',
  ],
  message: 'A repository imports only the db layer: services call repositories, never the reverse.',
};
const ABOVE_DB = {
  group: ['**/repositories/**', ...ABOVE_REPOSITORIES.group],
  message: 'The db layer imports nothing above it.',
};
const layer = (folders, ...patterns) => ({
  files: folders.map((folder) => `${SERVER_SOURCE}/${folder}`),
  ignores: SERVER_TESTS,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

export const serverLayers = [
  layer(['*.ts'], SCHEMA_AND_SQL),
  layer(['routes/**', 'http/**'], SCHEMA_AND_SQL, PAST_THE_SERVICES),
  layer(
    ['services/**', 'auth/**', 'payments/**', 'images/**', 'mail/**', 'seed/**', 'errors/**'],
    SCHEMA_AND_SQL,
    HTTP_FROM_BELOW,
  ),
  layer(['repositories/**'], ABOVE_REPOSITORIES),
  layer(['db/**'], ABOVE_DB),
];

/** No import cycles anywhere: a cycle hides an import that goes the wrong way. */
const noImportCycles = {
  files: ['**/*.{ts,tsx,mjs,cjs}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
    'import-x/resolver-next': [
      createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'] }),
    ],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-one-bundle/**',
      'releases/**',
      'reports/**',
      'coverage/**',
      '.data/**',
      '.state/**',
      '**/.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Tests, scripts, build and server code run in Node.
    files: [
      '**/*.{cjs,mjs,js}',
      'server/**/*.ts',
      'e2e/**/*.ts',
      'tooling/**/*',
      'scripts/**/*',
      '**/*.test.{ts,tsx}',
      '**/jest.config.cjs',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Test probes record what a hook returned into a variable the test reads.
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}'],
    rules: { 'react-hooks/globals': 'off' },
  },
  ...importBoundaries,
  screenReads,
  ...serverLayers,
  noImportCycles,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright fixtures take their dependencies through an object pattern, even an empty one.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
