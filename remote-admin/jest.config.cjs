module.exports = { ...require('../tooling/jest.preset.cjs'), displayName: 'remote-admin', rootDir: __dirname };
