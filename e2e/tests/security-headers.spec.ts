import type { Page } from '@playwright/test';
import type { Role } from '@bookswap/contract/auth';
import { expect, originOf, REMOTES, signInThroughLoginScreen, test } from '../support/fixtures';
import { liveReleaseUrl } from '../support/release-drill';
import { routesToWalk } from '../support/route-walk';
import { API_URL } from '../support/shared-steps';

// Every origin the product serves sends nosniff and a referrer policy, the shell's page
// a Content-Security-Policy that allows exactly what the product loads, and the product works under it.

/** Records every CSP violation the page reports, from the first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [
    ...((await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations)) ?? []),
    ...console,
  ];
}

test('every origin sends nosniff and a referrer policy; the shell cannot be framed', async ({ request }) => {
  const page = await request.get('/booklist');
  const policy = page.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain(`script-src 'self' ${REMOTES.map((remote) => originOf(remote)).join(' ')} 'sha256-`);
  expect(policy).not.toContain("'unsafe-eval'");
  for (const url of [
    `${originOf('shell')}/booklist`,
    `${originOf('shell')}/remotes.json`,
    ...REMOTES.map((remote) => `${liveReleaseUrl(remote)}/mf-manifest.json`),
    `${API_URL}/api/category/list?search=&page=0&size=20`,
  ]) {
    const answer = await request.get(url);
    expect(answer.headers()['x-content-type-options'], url).toBe('nosniff');
    expect(answer.headers()['referrer-policy'], url).toBeTruthy();
  }
  // A malformed path is the client's mistake, answered without the server's insides.
  const bad = await request.get(`${originOf('shell')}/%E0%A4%A`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toBe('Bad Request');
});

for (const role of [null, 'buyer', 'seller', 'admin'] as (Role | null)[]) {
  test(`as ${role ?? 'a visitor'}, every route the role may open loads under the policy with no violation`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const violations = await recordViolations(page);
    if (role) await signInThroughLoginScreen(page, role);
    const routes = await routesToWalk(page, role);
    expect(routes.length).toBeGreaterThan(2);
    for (const { route, path } of routes) {
      await page.goto(path);
      await expect(page.locator('main, [role="main"], h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('remote-fallback'), route.path).toHaveCount(0);
      expect(await violations(), route.path).toEqual([]);
    }
  });
}
