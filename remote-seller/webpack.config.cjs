const { createConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'seller',
  port: 3002,
  exposes: { './routes': './src/routes.tsx' },
});
