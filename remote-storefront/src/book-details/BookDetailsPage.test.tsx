import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAccessToken, storeAccessToken } from '@bookswap/shared/api';
import routes from '../routes';
import {
  fakeApiForEachTest,
  findToast,
  never,
  renderScreen,
  sampleBooking,
  sampleProduct,
  sampleProductWithContact,
  sampleUser,
} from '@bookswap/shared/testing';

/** A label and its value, as one line of text on screen. */
const line = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

describe('the book details page', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => {
    api.on('GET', '/api/booking/list', { body: [] }); // the buyer has booked nothing, unless a story says so
  });

  it('shows the seller’s rating, which comes with the book, and links their name to their page', async () => {
    api.on('GET', '/api/product/list/b42', {
      body: sampleProductWithContact({ _id: 'b42', sellerId: 'u-sam', sellerRating: { average: 4.5, count: 12 } }),
    });
    renderScreen({ routes, at: '/bookDetails/b42', as: 'buyer' });
    expect(await screen.findByText(line('Seller rating: 4.5 ★ (12)'))).toBeInTheDocument();
    expect(screen.getByLabelText('Rated 4.5 of 5 from 12 reviews')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sam Seller' })).toHaveAttribute('href', '/seller/u-sam');
    // No call of its own: the rating is the book's.
    expect(api.callsTo('GET', '/api/seller/u-sam/reviews')).toHaveLength(0);
  });

  it('shows no rating for a seller without a shown review', async () => {
    api.on('GET', '/api/product/list/b43', {
      body: sampleProductWithContact({ _id: 'b43', sellerId: 'u-new', sellerRating: { average: null, count: 0 } }),
    });
    renderScreen({ routes, at: '/bookDetails/b43', as: 'buyer' });
    expect(await screen.findByText(line('Post by: Sam Seller'))).toBeInTheDocument();
    expect(screen.queryByText(/^Seller rating:/)).not.toBeInTheDocument();
  });

  it('shows everything about the book with Book Now and Report', async () => {
    const book = sampleProductWithContact({
      _id: 'b42',
      book_name: 'The Old Man and the Sea',
      author_name: 'Ernest Hemingway',
      sellerName: 'Sam Seller',
      original_price: '25',
      resale_price: '11',
      location: 'Central Station',
      book_condition: 'Fair',
      Year_of_use: '4',
      description: 'Some pencil notes.',
      phone: '+1 555 0199',
      sellerEmail: 'seller@bookswap.test',
    });
    api.on('GET', '/api/product/list/b42', { body: book });
    renderScreen({ routes, at: '/bookDetails/b42', as: 'buyer' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('The Old Man and the Sea');
    expect(screen.getByText('by Ernest Hemingway')).toBeInTheDocument();
    // The page's largest picture: fetched at once and first, not when layout finds it in view.
    const cover = screen.getByRole('img', { name: 'Cover of The Old Man and the Sea' });
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    for (const fact of [
      'Post by: Sam Seller',
      'Original Price: $25.00',
      'Selling Price: $11.00',
      'Pickup Address: Central Station',
      'Condition: Fair',
      'Years used: 4',
    ])
      expect(screen.getByText(line(fact))).toBeInTheDocument();
    expect(screen.getByText('Some pencil notes.')).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByText(line('Phone: +1 555 0199'))).toBeInTheDocument();
    expect(within(contact).getByText(line('Email: seller@bookswap.test'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it('asks for the book with the access token, which the seller’s phone and email are told to', async () => {
    storeAccessToken('access-1');
    try {
      api.on('GET', '/api/product/list/b1', { body: sampleProductWithContact({ _id: 'b1' }) });
      renderScreen({ routes, at: '/bookDetails/b1', as: 'buyer' });
      await screen.findByRole('heading', { level: 1 });
      expect(api.callsTo('GET', '/api/product/list/b1')[0]!.headers.get('authorization')).toBe('Bearer access-1');
    } finally {
      clearAccessToken();
    }
  });

  it('asks for the book once: the page reads the answer its route started as the navigation began', async () => {
    api.on('GET', '/api/product/list/b1', { body: sampleProduct({ _id: 'b1' }) });
    renderScreen({ routes, at: '/bookDetails/b1', as: 'buyer' });
    await screen.findByRole('heading', { level: 1 });
    expect(api.callsTo('GET', '/api/product/list/b1')).toHaveLength(1);
  });

  it('shows no contact details when the server sent none (a visitor’s answer)', async () => {
    api.on('GET', '/api/product/list/b1', { body: sampleProduct({ _id: 'b1' }) });
    renderScreen({ routes, at: '/bookDetails/b1' });
    const contact = await screen.findByRole('region', { name: 'Contact Information' });
    expect(contact).toHaveTextContent('Sign in to see the seller’s phone and email.');
    expect(within(contact).queryByText(/Email:/)).not.toBeInTheDocument();
  });

  it('says Unknown and No description when the seller left them out', async () => {
    api.on('GET', '/api/product/list/b1', { body: sampleProduct({ _id: 'b1', author_name: '', description: '' }) });
    renderScreen({ routes, at: '/bookDetails/b1', as: 'buyer' });
    expect(await screen.findByText('by Unknown')).toBeInTheDocument();
    expect(screen.getByText('No description')).toBeInTheDocument();
  });

  it('offers neither Book Now nor Report to the seller on their own listing, told by their user id', async () => {
    api.on('GET', '/api/user/list/seller%40bookswap.test', {
      body: sampleUser({ _id: 'u-sam', userEmail: 'seller@bookswap.test', role: 'seller', verify: true }),
    });
    api.on('GET', '/api/product/list/b1', { body: sampleProductWithContact({ _id: 'b1', sellerId: 'u-sam' }) });
    renderScreen({ routes, at: '/bookDetails/b1', as: 'seller' });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user/list/seller%40bookswap.test')).toHaveLength(1);
  });

  it('shows a sold book as Sold instead of offering Book Now', async () => {
    api.on('GET', '/api/product/list/b1', { body: sampleProduct({ _id: 'b1', paid: true }) });
    renderScreen({ routes, at: '/bookDetails/b1', as: 'buyer' });
    expect(await screen.findByText('Sold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('keeps the page’s shape while the book loads: a skeleton of the details, not a blank page', async () => {
    api.on('GET', '/api/product/list/b1', never);
    renderScreen({ routes, at: '/bookDetails/b1', as: 'buyer' });
    const loading = await screen.findByRole('progressbar', { name: 'Loading the book' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    // The banner, the cover's place and the facts' lines are drawn before the book arrives.
    expect(loading.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(5);
  });

  it('tells the user when the book does not exist', async () => {
    api.on('GET', '/api/product/list/gone', { status: 404, body: { message: 'Product not found' } });
    renderScreen({ routes, at: '/bookDetails/gone', as: 'buyer' });
    expect(await screen.findByText('This book could not be loaded: Product not found')).toBeInTheDocument();
    expect(await findToast('Product not found')).toBeInTheDocument();
  });

  describe('back from signing in', () => {
    const user = userEvent.setup({ delay: null });

    it('sends a signed-out visitor to sign in with the reason, the page’s book needing no id', async () => {
      api.on('GET', '/api/product/list/b7', { body: sampleProduct({ _id: 'b7' }) });
      renderScreen({ routes, at: '/bookDetails/b7' });
      await user.click(await screen.findByRole('link', { name: 'Report' }));
      expect(await screen.findByText('Login screen, back to /bookDetails/b7?resume=report')).toBeInTheDocument();
    });

    it('opens Report again for the page’s book once signed in, and takes resume out of the URL', async () => {
      api.on('GET', '/api/product/list/b7', { body: sampleProduct({ _id: 'b7', book_name: 'Gitanjali' }) });
      const { router } = renderScreen({ routes, at: '/bookDetails/b7?resume=report', as: 'buyer' });
      expect(await screen.findByRole('dialog', { name: 'Report Gitanjali' })).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(router.state.historyAction).toBe('REPLACE');
    });

    it('opens the booking form again once the buyer’s bookings are known, and refuses a book booked meanwhile', async () => {
      api.on('GET', '/api/product/list/b7', { body: sampleProduct({ _id: 'b7', book_name: 'Gitanjali' }) });
      api.on('GET', '/api/booking/list', { body: [sampleBooking({ category_id: 'b7', book_name: 'Gitanjali' })] });
      const { router } = renderScreen({ routes, at: '/bookDetails/b7?resume=book', as: 'buyer' });
      expect(await findToast('You already booked Gitanjali: see My Orders')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(router.state.location.search).toBe('');
    });

    it('opens nothing for a seller on their own listing', async () => {
      api.on('GET', '/api/user/list/seller%40bookswap.test', {
        body: sampleUser({ _id: 'u-sam', userEmail: 'seller@bookswap.test', role: 'seller', verify: true }),
      });
      api.on('GET', '/api/product/list/b1', { body: sampleProductWithContact({ _id: 'b1', sellerId: 'u-sam' }) });
      const { router } = renderScreen({ routes, at: '/bookDetails/b1?resume=report', as: 'seller' });
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('a book the buyer booked', () => {
    const user = userEvent.setup({ delay: null });

    it('reads Booked by you, with the way to My Orders, instead of Book Now', async () => {
      api.on('GET', '/api/product/list/b7', { body: sampleProduct({ _id: 'b7', book_name: 'Gitanjali' }) });
      api.on('GET', '/api/booking/list', {
        body: [sampleBooking({ category_id: 'b7', status: 'waiting-for-payment' })],
      });
      renderScreen({ routes, at: '/bookDetails/b7', as: 'buyer' });
      expect(await screen.findByText('Booked by you')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'My Orders: your booking of Gitanjali' })).toHaveAttribute(
        'href',
        '/dashboard/myorder',
      );
      expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
      expect(api.callsTo('GET', '/api/booking/list')[0]!.url.searchParams.get('email')).toBe('buyer@bookswap.test');
    });

    it('offers Book Now again after the booking was cancelled or declined', async () => {
      api.on('GET', '/api/product/list/b7', { body: sampleProduct({ _id: 'b7' }) });
      api.on('GET', '/api/booking/list', {
        body: [
          sampleBooking({ category_id: 'b7', status: 'cancelled-by-buyer' }),
          sampleBooking({ category_id: 'b7', status: 'declined' }),
        ],
      });
      renderScreen({ routes, at: '/bookDetails/b7', as: 'buyer' });
      expect(await screen.findByRole('button', { name: 'Book Now' })).toBeInTheDocument();
      expect(screen.queryByText('Booked by you')).not.toBeInTheDocument();
    });

    it('after booking, the page reads Booked by you: no second Book Now to fill in', async () => {
      api.on('GET', '/api/product/list/b7', { body: sampleProduct({ _id: 'b7', book_name: 'Gitanjali' }) });
      let booked = false;
      api.on('GET', '/api/booking/list', () => ({
        body: booked ? [sampleBooking({ category_id: 'b7', book_name: 'Gitanjali' })] : [],
      }));
      api.on('POST', '/api/booking/create', () => {
        booked = true;
        return { status: 201, body: { acknowledged: true, insertedId: 'bk1' } };
      });
      renderScreen({ routes, at: '/bookDetails/b7', as: 'buyer' });
      await user.click(await screen.findByRole('button', { name: 'Book Now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Book Gitanjali' });
      await user.type(within(dialog).getByLabelText(/^Phone/), '+1 555 0142');
      await user.type(within(dialog).getByLabelText(/^Meeting location/), 'City library');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

      expect(await screen.findByText('Booked by you')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
      expect(api.callsTo('POST', '/api/booking/create')).toHaveLength(1);
      // The focus Book Now had goes to the booking's My Orders link, not to the page's start.
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'My Orders: your booking of Gitanjali' })).toHaveFocus(),
      );
    });

    it('offers a signed-out visitor Book Now and asks nothing about bookings', async () => {
      api.on('GET', '/api/product/list/b7', { body: sampleProduct({ _id: 'b7' }) });
      renderScreen({ routes, at: '/bookDetails/b7' });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByRole('link', { name: 'Book Now' })).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/booking/list')).toHaveLength(0);
    });
  });
});
