module.exports = { ...require('../tooling/jest.preset.cjs'), displayName: 'remote-checkout', rootDir: __dirname };
