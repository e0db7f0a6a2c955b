const { createConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'storefront',
  port: 3001,
  exposes: { './routes': './src/routes.tsx' },
  renderEntry: './src/server-entry/page-render.ts',
});
