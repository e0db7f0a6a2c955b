// Debian's Chromium, the only browser on the build machines (a downloaded one is never used), and the
// flags it needs there: headless, no sandbox inside containers, and nothing that calls out to the network.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
