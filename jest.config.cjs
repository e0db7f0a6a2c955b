// One Jest run over every package, so `npm test` gets one count for unit, component and API tests.
module.exports = {
  projects: [
    '<rootDir>/contract',
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/remote-storefront',
    '<rootDir>/remote-seller',
    '<rootDir>/remote-admin',
    '<rootDir>/remote-checkout',
    '<rootDir>/server',
    '<rootDir>/tooling',
  ],
};
