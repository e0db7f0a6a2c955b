import type { Page } from '@playwright/test';
import type { Role } from '@bookswap/contract/auth';
import { ALL_ROUTES, mayOpen, type AppRoute } from '@bookswap/contract/routing';
import type { Booking, BookListResponse } from '@bookswap/shared/schemas';
import { API_URL } from './shared-steps';

/** A concrete URL for each route with a parameter: the first book's category and details, the user's first booking. */
async function concretePaths(page: Page, signedIn: boolean): Promise<Map<string, string>> {
  const books = (await (await fetch(`${API_URL}/api/category/list?search=&page=0&size=20`)).json()) as BookListResponse;
  const book = books.products[0]!;
  const paths = new Map([
    ['/category/:category_id', `/category/${book.category_id}`],
    ['/bookDetails/:id', `/bookDetails/${book._id}`],
  ]);
  if (signedIn) {
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const { email } = JSON.parse(Buffer.from(String(token).split('.')[1]!, 'base64url').toString()) as {
      email: string;
    };
    const bookings = (await (
      await fetch(`${API_URL}/api/booking/list?email=${encodeURIComponent(email)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as Booking[];
    if (bookings[0]) paths.set('/dashboard/payment/:id', `/dashboard/payment/${bookings[0]._id}`);
  }
  return paths;
}

/**
 * Every route of the route table the role may open, each with a URL to open it at (a signed-in page must have
 * signed in first). The sign-in screens are left out for a signed-in role: they send it on.
 */
export async function routesToWalk(page: Page, role: Role | null): Promise<{ route: AppRoute; path: string }[]> {
  const concrete = await concretePaths(page, role !== null);
  return ALL_ROUTES.filter(
    (route) =>
      mayOpen(route.access, { signedIn: role !== null, role }) &&
      (!route.path.includes(':') || concrete.has(route.path)) &&
      !(role && ['/login', '/signup'].includes(route.path)),
  ).map((route) => ({ route, path: concrete.get(route.path) ?? route.path }));
}
