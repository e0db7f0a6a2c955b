const { createConfig } = require('../tooling/webpack/create-config.cjs');

module.exports = createConfig({
  packageDir: __dirname,
  name: 'checkout',
  port: 3004,
  exposes: { './routes': './src/routes.tsx' },
});
