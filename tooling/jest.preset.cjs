// Jest settings every browser package shares: SWC for TypeScript and JSX, a jsdom that keeps Node's
// fetch, and jest-dom matchers. Each package's jest.config.cjs spreads this and names itself.
const path = require('node:path');

module.exports = {
  testEnvironment: path.join(__dirname, 'jest-browser-environment.cjs'),
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.(css)$': path.join(__dirname, 'jest-style-stub.cjs'),
    '\\.(png|jpe?g|gif|webp|svg)$': path.join(__dirname, 'jest-file-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.ts')],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
