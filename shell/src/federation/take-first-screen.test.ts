import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { loadShareSync } from '@module-federation/enhanced/runtime';
import { waitFor } from '@testing-library/react';
import { takeFirstScreenModules } from './take-first-screen';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadShareSync: jest.fn() }));

const FIRST_SCREEN = ['@mui/material/Box', '@bookswap/shared/ui'];
const taken: string[] = [];

// jsdom has no MessageChannel; Node's posts between tasks the way the browser's does.
beforeAll(() => Object.assign(globalThis, { MessageChannel: NodeMessageChannel }));

beforeEach(() => {
  taken.length = 0;
  jest.mocked(loadShareSync).mockClear();
  jest.mocked(loadShareSync).mockImplementation((key: string) => () => taken.push(key));
  Object.assign(globalThis, { BOOKSWAP_FIRST_SCREEN: FIRST_SCREEN });
});

afterEach(() => {
  delete (globalThis as { BOOKSWAP_FIRST_SCREEN?: unknown }).BOOKSWAP_FIRST_SCREEN;
});

describe('taking the first screens’ shared modules at start-up', () => {
  it('takes React first and then every module on the build’s list, each one evaluated', async () => {
    await takeFirstScreenModules();
    expect(taken).toEqual(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', ...FIRST_SCREEN]);
  });

  it('evaluates one module per task, so the browser can paint and answer input in between', async () => {
    const done = takeFirstScreenModules();
    expect(taken).toEqual(['react']);
    // The next ones arrive in later tasks (a busy machine may run a timer first, so wait for them).
    await waitFor(() => expect(taken.length).toBeGreaterThan(1));
    await done;
    expect(taken).toHaveLength(4 + FIRST_SCREEN.length);
  });

  it('takes nothing in a build without the list (the one-bundle baseline)', async () => {
    delete (globalThis as { BOOKSWAP_FIRST_SCREEN?: unknown }).BOOKSWAP_FIRST_SCREEN;
    await takeFirstScreenModules();
    expect(loadShareSync).not.toHaveBeenCalled();
  });
});
