import '@testing-library/jest-dom';

// A test that types into a form takes about 4 s alone and over 3 times that when CI runs two Jest
// workers beside its other stages: the ceiling is for a hung test, not a measure of speed. (Set
// here because Jest did not apply a `testTimeout` given in the shared preset to these projects.)
jest.setTimeout(45_000);
