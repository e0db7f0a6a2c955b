// Tests of the workspace's own tooling (the lint configuration, the webpack helpers, the docs' check), in Node.
const path = require('node:path');
const preset = require('./jest.preset.cjs');

const ES_MODULES_ONLY = [
  // p-limit (the render pool) and its queue, and @fastify/static's content-disposition.
  'p-limit',
  'yocto-queue',
  'content-disposition',
  // execa (tooling/product/managed-process.mts) and the packages it imports.
  'execa',
  '@sindresorhus/merge-streams',
  '@sec-ant/readable-stream',
  'figures',
  'is-unicode-supported',
  'get-stream',
  'human-signals',
  'is-plain-obj',
  'is-stream',
  'npm-run-path',
  'path-key',
  'unicorn-magic',
  'pretty-ms',
  'parse-ms',
  'strip-final-newline',
  'yoctocolors',
];
const npmRunPath = require.resolve('npm-run-path', { paths: [path.dirname(require.resolve('execa'))] });

module.exports = {
  displayName: 'tooling',
  rootDir: __dirname,
  testEnvironment: 'node',
  // The tooling is ES modules (.mts) and repo-root.cts, as some packages are .mjs: compiled for Jest like the
  // TypeScript.
  transform: { ...preset.transform, '^.+\\.(m[jt]s|cts)$': preset.transform['^.+\\.(t|j)sx?$'] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'mts', 'cts', 'cjs', 'json'],
  // Packages that are ES modules only, compiled like ours (Node loads them with require(esm); Jest does not).
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|${ES_MODULES_ONLY.map((name) => `${name}/`).join('|')})`],
  // unicorn-magic (execa's npm-run-path) offers its Node build to `import` alone, a condition Jest's require never
  // asks for: named here, beside the npm-run-path that depends on it.
  moduleNameMapper: { '^unicorn-magic$': path.join(path.dirname(npmRunPath), '..', 'unicorn-magic', 'node.js') },
  testMatch: [
    '<rootDir>/lint/**/*.test.ts',
    '<rootDir>/webpack/**/*.test.ts',
    '<rootDir>/release/**/*.test.ts',
    '<rootDir>/serve/**/*.test.ts',
    '<rootDir>/cluster/**/*.test.ts',
    '<rootDir>/public-api/**/*.test.ts',
    '<rootDir>/docs/**/*.test.ts',
    '<rootDir>/product/**/*.test.ts',
  ],
};
