// API tests run against the real server (Fastify + PGlite, or PostgreSQL when DATABASE_URL is set).
const path = require('node:path');

module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.(c|m)?(t|j)sx?$': [
      require.resolve('@swc/jest'),
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // jose 6 and cookie 2 ship ES modules only, and PGlite loads its parts with import(): without
  // --experimental-vm-modules Jest runs neither, so SWC turns them into CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(jose|@electric-sql|cookie))'],
  globalSetup: path.join(__dirname, 'src/testing/global-setup.ts'),
  testPathIgnorePatterns: ['/node_modules/', '/.scratch/'],
  testTimeout: 60_000,
  setupFilesAfterEnv: [path.join(__dirname, 'src/testing/test-timeout.ts')],
};
