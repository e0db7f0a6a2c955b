import type { Locator, Page } from '@playwright/test';
import { drawCover } from '../../server/src/seed/cover-image';
import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/shared-steps';

/** A fresh address per run: the API server's records outlive the emulator wipes of other tests. */
const uniqueEmail = () => `seller-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;

/** A real, small PNG drawn by the demo seed's cover painter: the server reads the type from the bytes, the browser draws it. */
const coverPng = () => drawCover(9, 24, 32);

async function signUpAsSeller(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Your Name').fill('Nell Newseller');
  await page.getByLabel('Role').selectOption({ label: 'Seller' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('user created succrssfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** How far the page scrolls sideways: nothing, when a screen fits a phone. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const myProductsTable = (page: Page) => page.getByRole('table', { name: 'My Product' });
const rowOf = (page: Page, title: string) => myProductsTable(page).getByRole('row').filter({ hasText: title });
/** A book card; the title is unique to this run. */
const cardTitled = (scope: Page | Locator, title: string) => scope.getByRole('article').filter({ hasText: title });

test.describe('the seller', () => {
  test('a new seller lists a book with a cover, advertises it and deletes it', async ({ page }) => {
    const title = `Seller journey ${Date.now().toString(36)}`;
    await signUpAsSeller(page, uniqueEmail());

    await page.goto('/dashboard/myproduct');
    await expect(page.getByRole('heading', { level: 1, name: 'My Product' })).toBeVisible();
    await expect(page.getByText('No Product')).toBeVisible();
    await expect(page.getByText('Total Product: 0')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL('/dashboard/addproduct');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('textbox', { name: 'Book Name' })).toHaveAccessibleDescription('Name is required');
    await expect(page.getByRole('button', { name: 'Choose image' })).toHaveAccessibleDescription('img is required');
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => pageOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('textbox', { name: 'Book Name' }).fill(title);
    await page.getByRole('textbox', { name: 'Author Name' }).fill('E2E Author');
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Literature' });
    await page.getByRole('combobox', { name: 'Condition' }).selectOption('Excellent');
    await page.getByRole('textbox', { name: 'Original Price' }).fill('24');
    await page.getByRole('textbox', { name: 'Resale Price' }).fill('14.50');
    await page.getByRole('textbox', { name: 'Year of use' }).fill('3');
    await page.getByRole('textbox', { name: 'Location' }).fill('North Square');
    await page.getByRole('textbox', { name: 'Mobile No' }).fill('+1 555 0199');
    await page.getByRole('textbox', { name: 'Description' }).fill('Listed by the seller browser test.');
    await page.getByLabel('Image file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
    await expect(page.getByText('cover.png is uploaded')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of cover.png' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Product' }).click();

    await expect(page.getByText('Add product successfully')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/myproduct');
    const row = rowOf(page, title);
    await expect(row).toContainText('14.50');
    await expect(row).toContainText('available');
    const cover = row.getByRole('img', { name: `Cover of ${title}` });
    await expect(cover).toHaveAttribute('src', /^http:\/\/localhost:5000\/images\/\w+\.png$/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    await expect(page.getByText('Total Product: 1')).toBeVisible();
    await expectAccessible(page);

    // On a phone each listing is a card with its actions; the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => pageOverflow(page)).toBe(0);
    const card = page.getByRole('list', { name: 'My Product' }).getByRole('listitem').filter({ hasText: title });
    await expect(card.getByRole('button', { name: `Delete ${title}` })).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto(`/booklist?${new URLSearchParams({ search: title })}`);
    await expect(cardTitled(page, title)).toBeVisible();
    await expect(cardTitled(page, title)).toContainText('Nell Newseller');

    await page.goto('/dashboard/myproduct');
    await rowOf(page, title)
      .getByRole('button', { name: `Add ADS for ${title}` })
      .click();
    await expect(page.getByText('add ads item successfully')).toBeVisible();
    await expect(rowOf(page, title)).toContainText('Advertised');
    await expect(rowOf(page, title).getByRole('button', { name: /Add ADS/ })).toHaveCount(0);

    await page.goto('/');
    await expect(cardTitled(page.getByRole('region', { name: 'Advertise Product' }), title)).toBeVisible();

    await page.goto('/dashboard/myproduct');
    const deleteButton = rowOf(page, title).getByRole('button', { name: `Delete ${title}` });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure to detele product' });
    await expect(dialog).toContainText(`if you delete ${title} It cannot be undone.`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Delete successfully')).toBeVisible();
    await expect(rowOf(page, title)).toHaveCount(0);
    await expect(page.getByText('No Product')).toBeVisible();

    await page.goto(`/booklist?${new URLSearchParams({ search: title })}`);
    await expect(page.getByText('NO Product')).toBeVisible();
    await expect(cardTitled(page, title)).toHaveCount(0);
  });

  test('a buyer cannot reach My Product or Add Product, nor download the seller remote', async ({
    page,
    signIn,
    requests,
  }) => {
    await signIn('buyer');
    for (const path of ['/dashboard/myproduct', '/dashboard/addproduct']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'My Product' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Add Product' })).toHaveCount(0);
    }
    expect(requests.to('seller')).toEqual([]);
  });
});
