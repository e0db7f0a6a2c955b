import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A test that types into a form takes about 4 s alone and up to 4 times that in CI, where two Jest
// workers share two cores with the API suites: the ceiling is for a hung test, not a speed. (Set
// here because Jest did not apply a `testTimeout` given in the shared preset to these projects.)
jest.setTimeout(45_000);

// The same for Testing Library's waits (`findBy…`, `waitFor`): a screen that answers in 100 ms alone may take a
// second or more while the API suites share the cores, and the default 1 s made such a wait fail, not the screen.
configure({ asyncUtilTimeout: 5_000 });
