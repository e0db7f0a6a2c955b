// The edge cases a newcomer met, in the composed product. The lists that stay current,
// the bell and editing a listing have their own specs.
import { DEMO_USERS } from '@bookswap/shared/demo-users';
import { expect, test } from '../support/fixtures';
import { listFreshBook, unique } from '../support/marketplace-steps';

const RESULTS_HEADING = /^[\d,]+ books?$/;

test('an unknown category is the not-found page, with no raw message and no Retry', async ({ page }) => {
  await page.goto('/category/999');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText(/category must be/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a page past the end of the book list shows its last page', async ({ page }) => {
  await page.goto('/booklist?page=99');
  const status = page.getByText(/^Currently Selected Pages: \d+ of \d+$/);
  // The page as the server drew it asks for page 100; once hydrated it moves to the last page, in place of the URL.
  await expect(status).toHaveText(/^Currently Selected Pages: (\d+) of \1$/);
  const [, of] = /of (\d+)/.exec((await status.textContent()) ?? '')!;
  await expect(page).toHaveURL(`/booklist?page=${Number(of) - 1}`);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
});

test('the forgot-password dialog leaves the login form untouched', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill('nobody-in-particular@bookswap.test');
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Email Address is required')).toHaveCount(0);
  await expect(page.getByText('password is required')).toHaveCount(0);
});

test('a visitor pressing a card’s eye is told why to sign in, and lands on the book after', async ({ page }) => {
  // A book of its own: the list's first card may be sold by a test running beside this one, and leave the list.
  const { book_name: name } = await listFreshBook(unique('Eye'), 'newcomer-edges');
  await page.goto(`/booklist?${new URLSearchParams({ search: name })}`);
  const card = page.getByRole('main').getByRole('article', { name });
  await card.getByRole('link', { name: `View details of ${name}` }).click();
  // The eye is a link to sign in that names the book to come back to (docs/decisions/068).
  await expect(page).toHaveURL(/^[^?]*\/login\?from=%2FbookDetails%2F/);
  await expect(page.getByText('Sign in to see this book’s details and how to reach the seller')).toBeVisible();
  const buyer = DEMO_USERS.find((user) => user.role === 'buyer')!;
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/bookDetails\/[^?]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the first Tab stop skips to the content, and the next one is the page’s own', async ({ page }) => {
  await page.goto('/booklist');
  await expect(page.getByRole('heading', { name: RESULTS_HEADING })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox', { name: 'Search books' })).toBeFocused();
});

test.describe('at a phone’s width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open filters close onto the list with Show N results', async ({ page }) => {
    await page.goto('/booklist');
    const heading = page.getByRole('heading', { name: RESULTS_HEADING });
    await expect(heading).toBeVisible();
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await toggle.click();
    const good = page.getByRole('group', { name: 'Filters' }).getByRole('checkbox', { name: /^Good/ });
    // The box shows the URL's choice: checked once the list's address has changed, not at the click.
    await good.click();
    await expect(page).toHaveURL(/condition=Good/);
    await expect(good).toBeChecked();
    const show = page.getByRole('button', { name: /^Show [\d,]+ results?$/ });
    const count = /Show ([\d,]+)/.exec((await show.textContent()) ?? '')![1];
    await show.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(heading).toBeFocused();
    await expect(heading).toHaveText(new RegExp(`^${count} books?$`));
  });
});
