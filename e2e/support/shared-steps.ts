import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The API server the global setup starts (docs/architecture.md's port). */
export const API_URL = 'http://localhost:5000';

/**
 * No serious or critical axe violation on the page once it is still. A dialog fading in
 * is judged when it is fully shown: half-transparent text mid-fade would fail the contrast check.
 */
export async function expectAccessible(page: Page) {
  // Spinners run for ever; only transitions that end are waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/** A `POST /api/product/create` body for a fresh listing: only the title, the cover and who lists it vary. */
export function newListing(title: string, img: string, listedBy: string) {
  return {
    book_name: title,
    author_name: 'E2E Author',
    category_id: '8',
    description: `Listed by the ${listedBy} browser test.`,
    original_price: '20',
    resale_price: '12.50',
    Year_of_use: '1',
    book_condition: 'Good',
    img,
    phone: '+1 555 0100',
    location: 'Main Street',
  };
}
