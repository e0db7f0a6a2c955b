// Tests of the workspace's own tooling (the lint configuration, the webpack helpers, the docs' check), in Node.
const preset = require('./jest.preset.cjs');

module.exports = {
  displayName: 'tooling',
  rootDir: __dirname,
  testEnvironment: 'node',
  // The static servers are ES modules (.mjs, .mts): compiled for Jest like the TypeScript.
  transform: { ...preset.transform, '^.+\\.m[jt]s$': preset.transform['^.+\\.(t|j)sx?$'] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'mts', 'cjs', 'json'],
  // p-limit (the render pool) and its queue, and @fastify/static's content-disposition, are ES modules only: compiled
  // like ours (Node loads them with require(esm); Jest does not).
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/|p-limit/|yocto-queue/|content-disposition/)'],
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
