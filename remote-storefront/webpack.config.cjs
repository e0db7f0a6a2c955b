const { createConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'storefront',
  renderEntry: './src/server-entry/page-render.ts',
});
