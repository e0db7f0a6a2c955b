module.exports = { ...require('../tooling/jest.preset.cjs'), displayName: 'remote-storefront', rootDir: __dirname };
