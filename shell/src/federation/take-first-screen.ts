import { loadShareSync } from '@module-federation/enhanced/runtime';

/** FIRST_SCREEN of tooling/webpack/shared-singletons.cjs without its whole-family keys, set by the shell's build. */
declare const BOOKSWAP_FIRST_SCREEN: readonly string[] | undefined;

/** React's modules the first screens import by subpath (members of the `react/` and `react-dom/` families). */
const REACT_ENTRIES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

/** Lets the browser paint and take input between two pieces of start-up work (no 4 ms timer clamp). */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The first screens' shared modules are in the shell's entry file (`eager`). Taking each one at start-up marks it
 * loaded, so with `loaded-first` the storefront uses these copies, also of those only it imports, instead of
 * fetching its own. Each is evaluated in its own task, before the bootstrap imports them all at once, so start-up
 * is many short tasks instead of one long one that blocks input (docs/decisions/017).
 * A build without the list (the one-bundle baseline, tests) has nothing to take.
 */
export async function takeFirstScreenModules(): Promise<void> {
  if (typeof BOOKSWAP_FIRST_SCREEN === 'undefined') return;
  // React's own keys are on the build's list too: each is taken once.
  for (const key of new Set([...REACT_ENTRIES, ...BOOKSWAP_FIRST_SCREEN])) {
    loadShareSync(key)();
    await yieldToBrowser();
  }
}
