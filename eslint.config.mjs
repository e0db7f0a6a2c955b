// One flat config for every package: typescript-eslint's type-aware-free recommended rules, React
// hooks rules for the front-ends, Node globals for scripts and tooling. Formatting is Prettier's job.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (ARCHITECTURE.md "Packages"): remotes and the shell meet only through `@bookswap/shared`;
 * `shared` imports no other workspace package; the server takes only the schemas from it.
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
/** One package's import boundary: these patterns refused with their messages. */
const refuseImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export const importBoundaries = [
  {
    files: ['remote-*/src/**/*.{ts,tsx}'],
    rules: refuseImports(OTHER_PACKAGES_BY_PATH, NO_REMOTE_OR_SHELL, ROUTER_THROUGH_THE_SHARED_KEY),
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: refuseImports(OTHER_PACKAGES_BY_PATH, ROUTER_THROUGH_THE_SHARED_KEY, {
      regex: '^@bookswap/(remote-|dev-host)',
      message: 'The shell loads remotes at run time, never by import.',
    }),
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: refuseImports(OTHER_PACKAGES_BY_PATH, ROUTER_THROUGH_THE_SHARED_KEY, {
      regex: '^@bookswap/',
      message: 'shared imports no workspace package (itself only by relative path).',
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
        // The demo accounts list sits beside the schemas (shared/src/schemas/demo-users.ts) for the seed.
        regex: '^@bookswap/(?!shared/schemas$|shared/demo-users$)',
        message: 'The server imports @bookswap/shared/schemas only.',
      },
    ),
  },
];

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
