import type { Page } from '@playwright/test';
import { DEMO_USERS } from '@bookswap/shared/demo-users';
import type { BookListResponse, Booking, Product } from '@bookswap/shared/schemas';
import { accessTokenThroughApi, signUpThroughApi } from './accounts-through-api';
import { expect, logInThroughLoginScreen } from './fixtures';
import { API_URL, newListing } from './shared-steps';

/** Steps the checkout and booking-loop tests share: fresh books, fresh buyers, bookings made through the API. */

export async function api<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export async function send(method: 'POST' | 'PUT', path: string, body: unknown, token: string) {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export const post = (path: string, body: unknown, token: string) => send('POST', path, body, token);

export const accessToken = async (page: Page) => (await page.evaluate(() => localStorage.getItem('accessToken')))!;
export const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** A fresh book listed by the demo seller through the API, so no other test meets it (e2e/README.md). */
export async function listFreshBook(title: string, listedBy = 'checkout'): Promise<Product> {
  const seller = DEMO_USERS.find((user) => user.role === 'seller')!;
  const token = await accessTokenThroughApi(seller.email, seller.password);
  const cover = (await api<BookListResponse>('/api/category/list?search=&page=0&size=5')).products[0]!.img;
  const created = await post('/api/product/create', newListing(title, cover, listedBy), token);
  expect(created.status, `create ${title}`).toBe(201);
  return await api<Product>(`/api/product/list/${String(created.body.insertedId)}`);
}

/**
 * A new buyer account, made through the emulator and the API as the sign-up screen makes one, and logged in on
 * `page` through the login screen (sign-in.spec.ts walks the sign-up screen itself).
 */
export async function signUpFreshBuyer(page: Page, name = 'Cleo Checkout'): Promise<{ name: string; email: string }> {
  const buyer = await signUpThroughApi('buyer', name, `${unique('buyer')}@e2e.test`);
  await logInThroughLoginScreen(page, buyer.email, buyer.password);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  return { name: buyer.name, email: buyer.email };
}

/** Books the book through the API as the buyer signed in on `page`; answers the booking's id. */
export async function bookThroughApi(
  page: Page,
  product: Product,
  meeting = { phone: '+1 555 0142', meetingLocation: 'City library' },
): Promise<string> {
  const booked = await post('/api/booking/create', { category_id: product._id, ...meeting }, await accessToken(page));
  expect(booked.status, 'booking').toBe(201);
  return String(booked.body.insertedId);
}

/** Pays for a booking through the API as the buyer signed in on `page` does, with the sandbox's card that succeeds. */
export async function payThroughApi(page: Page, booking: Booking): Promise<void> {
  const token = await accessToken(page);
  const intent = await post('/api/payment/create/intent', { price: booking.price, bookingid: booking._id }, token);
  expect(intent.status, 'payment intent').toBe(200);
  const confirmed = await post(
    '/api/payments/sandbox/confirm',
    {
      clientSecret: intent.body.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
    token,
  );
  const transactionId = (confirmed.body as { paymentIntent: { id: string } }).paymentIntent.id;
  const recorded = await post(
    '/api/payment/create',
    {
      price: booking.price,
      bookingid: booking._id,
      buyerEmail: booking.buyerEmail,
      category_id: booking.category_id,
      transactionId,
    },
    token,
  );
  expect(recorded.status, 'payment record').toBe(201);
}

export async function bookingOf(page: Page, email: string, productId: string): Promise<Booking> {
  const bookings = await api<Booking[]>(
    `/api/booking/list?email=${encodeURIComponent(email)}`,
    await accessToken(page),
  );
  const booking = bookings.find((candidate) => candidate.category_id === productId);
  expect(booking, 'the buyer’s booking of the book').toBeDefined();
  return booking!;
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

/** One email the local mail catcher (maildev, started with the product) received. */
interface CaughtEmail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The emails the catcher holds for one address, read through maildev's REST API. */
export async function emailsTo(address: string): Promise<CaughtEmail[]> {
  const response = await fetch('http://127.0.0.1:1080/api/email');
  expect(response.status, 'the mail catcher answers').toBe(200);
  const emails = (await response.json()) as CaughtEmail[];
  return emails.filter((email) => email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** The subjects of the emails the catcher holds for one address. */
export async function emailSubjectsTo(address: string): Promise<string[]> {
  return (await emailsTo(address)).map((email) => email.subject);
}
