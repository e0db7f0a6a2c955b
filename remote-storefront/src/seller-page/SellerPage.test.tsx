import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review, SellerProfile } from '@bookswap/shared/schemas';
import routes from '../routes';
import {
  atScreenWidth,
  type FakeApi,
  fakeApiForEachTest,
  type FakeCall,
  findToast,
  never,
  PHONE_WIDTH,
  renderScreen,
  sampleProduct,
} from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

const sam = (overrides: Partial<SellerProfile> = {}): SellerProfile => ({
  _id: 'u-sam',
  name: 'Sam Seller',
  verified: true,
  memberSince: '2025-03-14T09:00:00.000Z',
  rating: { average: 4.5, count: 7 },
  ...overrides,
});

const review = (n: number): Review => ({
  _id: `r${n}`,
  authorParty: 'buyer',
  authorName: `Buyer ${n}`,
  stars: n % 2 === 0 ? 5 : 4,
  text: `Review text ${n}`,
  writtenAt: '2026-11-02T10:00:00.000Z',
});

/** A server for Sam: `reviews` shown reviews and `books` listings, paged as the real one pages them. */
function serveSam(api: FakeApi, { reviews = 7, books = 12, profile = sam() } = {}) {
  api.on('GET', '/api/seller/u-sam', { body: profile });
  const all = Array.from({ length: reviews }, (_, i) => review(i));
  api.on('GET', '/api/seller/u-sam/reviews', ({ url }: FakeCall) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    return { body: { rating: profile.rating, reviews: all.slice(page * size, page * size + size) } };
  });
  const listed = Array.from({ length: books }, (_, i) =>
    sampleProduct({ book_name: `Sam's Book ${i}`, sellerId: 'u-sam', sellerRating: profile.rating }),
  );
  api.on('GET', '/api/category/list', ({ url }: FakeCall) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    return { body: { products: listed.slice(page * size, page * size + size), count: listed.length } };
  });
}

const listCalls = (api: FakeApi) => api.callsTo('GET', '/api/category/list').map((call) => call.url.searchParams);
const reviewsSection = () => within(screen.getByRole('region', { name: 'Reviews' }));
const cardNames = async () =>
  (await screen.findAllByRole('article')).map((card) => within(card).getByRole('heading').textContent);

describe('a seller’s page', () => {
  const api = fakeApiForEachTest();

  it('shows a spinner while the seller loads', async () => {
    api.on('GET', '/api/seller/u-sam', never);
    api.on('GET', '/api/category/list', never);
    renderScreen({ routes, at: '/seller/u-sam' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the seller' })).toBeInTheDocument();
  });

  it('shows the seller’s name, tick, member since, rating, reviews and books, to anyone', async () => {
    serveSam(api);
    renderScreen({ routes, at: '/seller/u-sam' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Seller' })).toBeInTheDocument();
    expect(screen.getByTitle('Verified seller')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 of 5 from 7 reviews' }).length).toBeGreaterThan(0);
    expect(await reviewsSection().findByText('Review text 0')).toBeInTheDocument();
    expect(reviewsSection().getByText('Buyer 0')).toBeInTheDocument();
    expect(reviewsSection().getAllByRole('img', { name: '5 of 5 stars' })).toHaveLength(3);
    expect(reviewsSection().getAllByRole('img', { name: '4 of 5 stars' })).toHaveLength(2);
    expect(await cardNames()).toEqual(["Sam's Book 0", "Sam's Book 1", "Sam's Book 2", "Sam's Book 3", "Sam's Book 4"]);
    expect(screen.getByRole('heading', { level: 2, name: 'Books by Sam Seller' })).toBeInTheDocument();
    // The book list's call, narrowed to the seller: one call for the page of cards and their ratings.
    expect(listCalls(api).at(-1)!.toString()).toBe('search=&page=0&size=5&seller=u-sam&facets=1');
    await waitFor(() => expect(document.title).toBe('Sam Seller, seller | Bookswap'));
  });

  it('pages the reviews when there are more than five', async () => {
    serveSam(api, { reviews: 7 });
    renderScreen({ routes, at: '/seller/u-sam' });
    await screen.findByRole('heading', { level: 1, name: 'Sam Seller' });
    expect(await reviewsSection().findByText('Review text 4')).toBeInTheDocument();
    expect(reviewsSection().queryByText('Review text 5')).not.toBeInTheDocument();
    await user.click(reviewsSection().getByRole('button', { name: 'Next page' }));
    expect(await reviewsSection().findByText('Review text 5')).toBeInTheDocument();
    expect(reviewsSection().getByText('Review text 6')).toBeInTheDocument();
    expect(reviewsSection().queryByText('Review text 0')).not.toBeInTheDocument();
    const asked = api.callsTo('GET', '/api/seller/u-sam/reviews').map((call) => call.url.searchParams.toString());
    expect(asked).toEqual(['page=0&size=5', 'page=1&size=5']);
  });

  it('pages the seller’s books and keeps the seller with every filter', async () => {
    serveSam(api, { books: 12 });
    renderScreen({ routes, at: '/seller/u-sam?condition=Good' });
    await cardNames();
    expect(listCalls(api).at(-1)!.get('condition')).toBe('Good');
    expect(listCalls(api).at(-1)!.get('seller')).toBe('u-sam');
    const pages = within(screen.getAllByRole('navigation', { name: 'Pages' }).at(-1)!);
    await user.click(pages.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(api).at(-1)!.get('page')).toBe('1'));
    expect(listCalls(api).at(-1)!.get('seller')).toBe('u-sam');
    expect(listCalls(api).at(-1)!.get('condition')).toBe('Good');
    expect(await screen.findByRole('heading', { name: "Sam's Book 5" })).toBeInTheDocument();
  });

  it('says when the seller has no books and no reviews yet', async () => {
    serveSam(api, { reviews: 0, books: 0, profile: sam({ verified: false, rating: { average: null, count: 0 } }) });
    renderScreen({ routes, at: '/seller/u-sam' });
    expect(await screen.findByText('No books listed yet')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByText('Not rated yet')).toBeInTheDocument();
    expect(screen.queryByTitle('Verified seller')).not.toBeInTheDocument();
    // Nothing shown, so nothing to ask for.
    expect(api.callsTo('GET', '/api/seller/u-sam/reviews')).toHaveLength(0);
  });

  it('says so when there is no such seller, in place and as a toast', async () => {
    api.on('GET', '/api/seller/nobody', { status: 404, body: { message: 'No seller with this id' } });
    api.on('GET', '/api/category/list', { body: { products: [], count: 0 } });
    renderScreen({ routes, at: '/seller/nobody' });
    expect(await screen.findByText('This seller could not be loaded: No seller with this id')).toBeInTheDocument();
    expect(await findToast('No seller with this id')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    let undoWidth: () => void;
    beforeEach(() => {
      undoWidth = atScreenWidth(PHONE_WIDTH);
    });
    afterEach(() => undoWidth());

    it('shows the seller and their books in one column', async () => {
      serveSam(api);
      renderScreen({ routes, at: '/seller/u-sam' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Sam Seller' })).toBeInTheDocument();
      expect(await cardNames()).toHaveLength(5);
      // The phone's filters sit behind one button, as on the book list.
      expect(screen.getByRole('button', { name: /filters/i })).toBeInTheDocument();
    });
  });
});
