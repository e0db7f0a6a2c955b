import type { Role } from '@bookswap/contract/auth';
import { expect, signInAsDemo, test } from '../support/fixtures';
import { recordViolations } from '../support/csp-violations';
import { routesToWalk } from '../support/route-walk';

// One walk per role through every screen it may open, at a phone's size, judging each screen on what holds for every
// screen: it loads under the shell's Content-Security-Policy with no violation and no remote fallback, it fits the
// phone's width, and the top bar stays one line. The policy does not depend on the width, so one walk serves both.
const PHONE = { width: 390, height: 844 };
/** The top bar's one line at this width (MUI's toolbar is 56-64 px); a wrapped bar is about twice that. */
const ONE_LINE = 64;

test.use({ viewport: PHONE });

for (const role of [null, 'buyer', 'seller', 'admin'] as (Role | null)[]) {
  test(`as ${role ?? 'a visitor'}, every route the role may open loads under the policy with no violation, fits a phone's width and keeps a one-line top bar`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const violations = await recordViolations(page);
    if (role) await signInAsDemo(page, role);
    const routes = await routesToWalk(page, role);
    expect(routes.length).toBeGreaterThan(2);
    for (const { path } of routes) {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('remote-fallback'), path).toHaveCount(0);
      const { sideways, bar } = await page.evaluate(() => {
        const scrolling = document.scrollingElement!;
        return {
          sideways: scrolling.scrollWidth - scrolling.clientWidth,
          bar: document.querySelector('header')!.getBoundingClientRect().height,
        };
      });
      // Soft: one run names every screen that breaks a rule, not only the first.
      expect.soft(await violations(), `${path}: Content-Security-Policy violations`).toEqual([]);
      expect.soft(sideways, `${path} scrolls sideways by ${sideways} px`).toBeLessThanOrEqual(0);
      expect.soft(bar, `${path}: the top bar is ${bar} px tall`).toBeLessThanOrEqual(ONE_LINE);
    }
  });
}
