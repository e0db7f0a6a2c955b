import { expect, test } from '../support/fixtures';
import { expectAccessible } from '../support/shared-steps';

// At a phone's size: the menus, the card lists and their actions (every-route.spec.ts walks every screen's width).
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

test('a visitor opens the navigation from the Menu button with the keyboard and closes it with Escape', async ({
  page,
}) => {
  await page.goto('/booklist');
  await expect(page.getByRole('heading', { level: 1, name: 'Book List' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');

  const menu = page.getByRole('menu', { name: 'Main' });
  await expect(menu).toBeVisible();
  // While the menu is open the rest of the page is hidden from assistive technology, the button too.
  const openButton = page.getByRole('button', { name: 'Menu', exact: true, includeHidden: true });
  await expect(openButton).toHaveAttribute('aria-expanded', 'true');
  await expect(openButton).toHaveAttribute('aria-controls', (await menu.getAttribute('id'))!);
  await expect(menu.getByRole('menuitem')).toHaveText(['Home', 'Category list', 'Book List', 'Login']);
  await expect(menu.getByRole('menuitem', { name: 'Home' })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Book List' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await menu.getByRole('menuitem', { name: 'Category list' }).click();
  await expect(page).toHaveURL(/\/category$/);
  await button.click();
  await expect(menu.getByRole('menuitem', { name: 'Category list' })).toHaveAttribute('aria-current', 'page');
});

test('a seller reads My Product as cards with every action on screen, and reaches the dashboard menu', async ({
  page,
  signIn,
}) => {
  await signIn('seller');
  await page.goto('/dashboard/myproduct');
  const cards = page.getByRole('list', { name: 'My Product' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const action of await page.getByRole('button', { name: /^(Delete|Add ADS for) / }).all()) {
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await expectAccessible(page);

  const dashboardMenu = page.getByRole('button', { name: 'Dashboard menu' });
  await dashboardMenu.click();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'My Product' })).toHaveAttribute('aria-current', 'page');
  // As a person waits for the menu to finish opening: while it slides open, its lower items are still clipped.
  const bookingRequests = menu.getByRole('link', { name: 'Booking Requests' });
  await expect(bookingRequests).toBeInViewport({ ratio: 1 });
  await bookingRequests.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Requests' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
});

test('an admin searches All Seller on a phone, and the screen passes axe', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard/allseller');
  const cards = page.getByRole('list', { name: 'All Seller List' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('seller2@bookswap.test');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('seller2@bookswap.test');
  await expect(cards.first().getByRole('button', { name: /^Delete / })).toBeVisible();
  await expectAccessible(page);
});
