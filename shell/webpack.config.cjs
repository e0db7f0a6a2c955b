const { createConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'shell',
  isHost: true,
  renderEntry: './src/server-render/render-page.tsx',
});
