// Debian's Chromium, the only browser on the build machines (a downloaded one is never used), and the
// flags it needs there: headless, no sandbox inside containers, and nothing that calls out to the network.
export const CHROMIUM_PATH: string = '/usr/bin/chromium';

/**
 * The features Playwright 1.65 turns off itself (playwright-core's `chromiumSwitches`). Chromium keeps only the last
 * `--disable-features` it is given, so ours below repeats them; chromium.test.ts fails when the two lists part.
 */
const PLAYWRIGHT_DISABLES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 still renders the address bar's suggestion popups as web pages of their own (a renderer per
 * browser, busy as pages open): nobody sees them, and on two cores they cost about a fifth of the browser tests' CPU.
 */
const HIDDEN_BROWSER_UI = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'PreloadTopChromeWebUI',
];

export const CHROMIUM_ARGS: string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLES, ...HIDDEN_BROWSER_UI].join(',')}`,
];
