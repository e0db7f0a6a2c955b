import type { Page } from '@playwright/test';

/**
 * Records every Content-Security-Policy violation the page reports, from its first script on; answers a reader of
 * what has been seen so far (the events and the console's CSP messages).
 */
export async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
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
