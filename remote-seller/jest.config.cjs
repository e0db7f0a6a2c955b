module.exports = { ...require('../tooling/jest.preset.cjs'), displayName: 'remote-seller', rootDir: __dirname };
