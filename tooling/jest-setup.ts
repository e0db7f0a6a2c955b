import '@testing-library/jest-dom';

// A test that types into a form takes about 4 s alone and up to 4 times that in CI, where two Jest
// workers share two cores with the API suites: the ceiling is for a hung test, not a speed. (Set
// here because Jest did not apply a `testTimeout` given in the shared preset to these projects.)
jest.setTimeout(45_000);
