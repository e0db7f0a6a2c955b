import type { Browser, Page, Request } from '@playwright/test';

const MAX_LINES_PER_PAGE = 60;
const PENDING_WAIT_MS = 200;
const PENDING = Symbol('pending');
const pending = (ms: number) => new Promise<typeof PENDING>((resolve) => setTimeout(() => resolve(PENDING), ms));

async function requestLine(request: Request): Promise<string | null> {
  const failure = request.failure();
  if (failure) return `failed ${request.method()} ${request.url()}: ${failure.errorText}`;
  // A request still waiting would hold the report as long as it hangs: a moment's wait tells it apart.
  const response = await Promise.race([request.response().catch(() => null), pending(PENDING_WAIT_MS)]);
  if (response === PENDING) return `no answer yet ${request.method()} ${request.url()}`;
  if (!response) return `no answer ${request.method()} ${request.url()}`;
  return response.status() >= 400 ? `${response.status()} ${request.method()} ${request.url()}` : null;
}

/** What a page showed of itself: where it is, what it logged, what threw, which requests failed or never answered. */
async function pageReport(page: Page): Promise<string> {
  const title = await page.title().catch(() => '(closed)');
  const lines = [`page at ${page.url()} (${title})`];
  for (const message of await page.consoleMessages().catch(() => []))
    if (message.type() !== 'debug') lines.push(`console.${message.type()}: ${message.text()}`);
  for (const error of await page.pageErrors().catch(() => [])) lines.push(`page error: ${error.message}`);
  for (const request of await page.requests().catch(() => [])) {
    const line = await requestLine(request);
    if (line) lines.push(line);
  }
  return lines.slice(0, MAX_LINES_PER_PAGE).join('\n  ');
}

/**
 * A failed test's pages, every context's (those a test opens itself too), as text: CI keeps only its printed output,
 * so a failure that happened once there can still be read afterwards. Screenshots alone do not say why a page
 * did not move.
 */
export async function reportOfPages(browser: Browser): Promise<string> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  const reports = await Promise.all(pages.map(pageReport));
  return reports.join('\n');
}
