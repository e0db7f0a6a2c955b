import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// One visitor's flood of unique URLs at the shell's server (docs/decisions/043) is shed or redirected: it never turns
// the pages another visitor reads into pages sent unrendered, nor into failed renders. Reads only the demo data.

/** Whether the page came rendered by the server (it carries its state), and the outcome meta of one that did not. */
const howServed = async (page: Page) => ({
  rendered: (await page.locator('#bookswap-page-state').count()) === 1,
  outcome: await page
    .locator('meta[name="bookswap-server-render"]')
    .getAttribute('content', { timeout: 500 })
    .catch(() => null),
});

test('a flood from one client leaves another context’s public pages rendered', async ({ browser, baseURL }) => {
  const reader = await browser.newContext();
  try {
    const page = await reader.newPage();
    const pages = ['/category/2', '/booklist?condition=Fair'];
    for (const path of pages) {
      await page.goto(path);
      expect(await howServed(page)).toEqual({ rendered: true, outcome: null });
    }

    // A third unknown parameters (redirected to the one URL, no render), the rest new searches (each a render to
    // start, and two searches at the API): more than the render pool holds. They leave together from this process,
    // each on its own connection, and search for words this run alone uses, so no page is kept from an earlier run.
    const run = Date.now().toString(36);
    const burst = (round: number) =>
      Promise.all(
        Array.from({ length: 120 }, async (_, n) => {
          const path = n % 3 ? `/booklist?search=flood${run}r${round}x${n}` : `/category/2?junk=${n}`;
          const answer = await fetch(new URL(path, baseURL), {
            redirect: 'manual',
            headers: { 'x-forwarded-for': '203.0.113.66' },
          });
          return { status: answer.status, body: await answer.text() };
        }),
      );
    const flood = burst(0);
    for (const path of pages) {
      await page.goto(path);
      expect(await howServed(page), path).toEqual({ rendered: true, outcome: null });
    }
    // The renders past the pool's room go out at once as the browser renders them, counted as shed. (Those it admits
    // spend the flooder's own bucket at the API, which this run's raised allowance lets the flood empty: some of them
    // may fail, its own pages only.) A burst the server took in more slowly than its pool empties overflowed
    // nothing: the flood goes on, a burst at a time, until one does.
    let shed = 0;
    for (let round = 0; round < 5 && shed === 0; round++) {
      const answers = await (round === 0 ? flood : burst(round));
      expect(answers.filter(({ status }) => status === 302)).toHaveLength(40);
      expect(answers.every(({ status }) => status === 302 || status === 200)).toBe(true);
      shed += answers.filter(({ body }) => body.includes('<meta name="bookswap-server-render" content="shed">')).length;
    }
    expect(shed).toBeGreaterThan(0);

    // A search page the reader asks for the first time is rendered: the flood spent no bucket the reader's render
    // draws on, at the shell's server or at the API. The pool is everyone's, so the flood's admitted renders, still
    // finishing for the cache (five seconds at most), may shed it first; a spent bucket would refuse it for the rest
    // of its minute.
    let asked = 0;
    await expect
      .poll(
        async () => {
          await page.goto(`/booklist?search=the${'e'.repeat(asked++)}`);
          return howServed(page);
        },
        { timeout: 6_000, intervals: [250] },
      )
      .toEqual({ rendered: true, outcome: null });
  } finally {
    await reader.close();
  }
});

test('an unknown parameter or another spelling of a list is sent to its one URL', async ({ page }) => {
  await page.goto('/booklist?utm_source=newsletter&page=0&condition=Good');
  await expect(page).toHaveURL('/booklist?condition=Good');
  expect(await howServed(page)).toEqual({ rendered: true, outcome: null });
});
