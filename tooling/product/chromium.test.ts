import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mts';

/** The command line of the running process that was given `marker`, as the kernel holds it. */
function commandLineWith(marker: string): string[] {
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.includes(marker) && !args.some((arg) => arg.startsWith('--type='))) return args;
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`no process was started with ${marker}`);
}

const featuresIn = (arg: string) => arg.slice('--disable-features='.length).split(',');

describe('the browser tests’ Chromium', () => {
  it('keeps every feature Playwright turns off: Chromium reads only the last --disable-features', async () => {
    const marker = `--bookswap-probe=${process.pid}-${Date.now()}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, marker] });
    try {
      const lists = commandLineWith(marker).filter((arg) => arg.startsWith('--disable-features='));
      expect(lists.length).toBeGreaterThan(1);
      const last = featuresIn(lists.at(-1)!);
      for (const earlier of lists.slice(0, -1)) expect(last).toEqual(expect.arrayContaining(featuresIn(earlier)));
    } finally {
      await browser.close();
    }
  });

  it('opens no address-bar popup pages beside the tests’ own', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('about:blank');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send('Target.getTargets');
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual(
        [],
      );
    } finally {
      await browser.close();
    }
  });
});
