import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthContext, signedOutAuth } from '@bookswap/contract/auth';
import { SIGN_IN_PAGE_TEXT, signInPageOf } from '@bookswap/contract/routing';
import { BookCard } from './BookCard';
import { sampleProduct, signedInAs } from '@bookswap/shared/testing';

/** The login screen's part that matters here: the reason it was sent, and where it returns to. */
function LoginStandIn() {
  const { state } = useLocation();
  const page = signInPageOf(state);
  const from = (state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>{`${page ? SIGN_IN_PAGE_TEXT[page] : 'no reason'}; back to ${from}`}</p>;
}

function renderCard(
  overrides: Parameters<typeof sampleProduct>[0],
  canBook = true,
  bookedByYou = false,
  canReport = true,
) {
  const product = sampleProduct(overrides);
  const onBookNow = jest.fn();
  const onReport = jest.fn();
  const card = (
    <BookCard
      product={product}
      canBook={canBook}
      canReport={canReport}
      bookedByYou={bookedByYou}
      onBookNow={onBookNow}
      onReport={onReport}
    />
  );
  render(
    <AuthContext.Provider value={signedInAs('buyer')}>
      <MemoryRouter>{card}</MemoryRouter>
    </AuthContext.Provider>,
  );
  return { product, onBookNow, onReport };
}

describe('the book card', () => {
  it('links the seller’s name to their page and shows their rating, which comes with the listing', () => {
    renderCard({ sellerId: 'u-sam', sellerName: 'Sam Seller', sellerRating: { average: 4.3, count: 7 } });
    expect(screen.getByRole('link', { name: 'Sam Seller' })).toHaveAttribute('href', '/seller/u-sam');
    expect(screen.getByRole('img', { name: 'Rated 4.3 of 5 from 7 reviews' })).toHaveTextContent('4.3 ★ (7)');
  });

  it('shows no rating for a seller without a shown review', () => {
    renderCard({ sellerName: 'Nia Newseller', sellerRating: { average: null, count: 0 } });
    expect(screen.getByRole('link', { name: 'Nia Newseller' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated / })).not.toBeInTheDocument();
    expect(screen.queryByText(/★/)).not.toBeInTheDocument();
  });

  it('shows the seller with a verified tick, the cover, author, prices, condition and years of use', () => {
    renderCard({
      _id: 'c1',
      book_name: 'Dracula',
      author_name: 'Bram Stoker',
      sellerName: 'Sam Seller',
      verify: true,
      original_price: '30',
      resale_price: '14',
      book_condition: 'Excellent',
      Year_of_use: '3',
    });
    expect(screen.getByText('Sam Seller')).toBeInTheDocument();
    expect(screen.getByTitle('Verified seller')).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: 'Cover of Dracula' });
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('width');
    expect(cover).toHaveAttribute('height');
    expect(screen.getByRole('heading', { name: 'Dracula' })).toBeInTheDocument();
    expect(screen.getByText('by Bram Stoker')).toBeInTheDocument();
    // One money format across the storefront.
    expect(screen.getByText('$30.00')).toBeInTheDocument();
    expect(screen.getByText('Sell Price: $14.00')).toBeInTheDocument();
    expect(screen.getByText('Condition: Excellent')).toBeInTheDocument();
    expect(screen.getByText('Years of use: 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View details of Dracula' })).toHaveAttribute('href', '/bookDetails/c1');
  });

  it('says Unknown when the seller left the author out', () => {
    renderCard({ author_name: ' ' });
    expect(screen.getByText('by Unknown')).toBeInTheDocument();
  });

  it('offers neither Book Now nor Report on the seller’s own listing', () => {
    renderCard({ book_name: 'Mine' }, false, false, false);
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View details of Mine' })).toBeInTheDocument();
  });

  it('has no tick for a seller who is not verified', () => {
    renderCard({ verify: false });
    expect(screen.queryByTitle('Verified seller')).not.toBeInTheDocument();
  });

  it('hands the product to Book Now and Report', async () => {
    const { product, onBookNow, onReport } = renderCard({});
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(onBookNow).toHaveBeenCalledWith(product);
    expect(onReport).toHaveBeenCalledWith(product);
  });

  it('shows a sold book as Sold instead of offering Book Now', () => {
    renderCard({ paid: true });
    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it('leaves Book Now out where the user cannot book', () => {
    renderCard({}, false);
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it('shows the buyer’s own booking as Booked by you, with the way to My Orders, instead of Book Now', () => {
    renderCard({ book_name: 'Gitanjali' }, true, true);
    expect(screen.getByText('Booked by you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders: your booking of Gitanjali' })).toHaveAttribute(
      'href',
      '/dashboard/myorder',
    );
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor’s eye to the login screen, saying why, and back to the book after', async () => {
    render(
      <MemoryRouter>
        <Routes>
          <Route
            path="/"
            element={
              <BookCard
                product={sampleProduct({ _id: 'c9', book_name: 'Emma' })}
                canBook
                onBookNow={jest.fn()}
                onReport={jest.fn()}
              />
            }
          />
          <Route path="/login" element={<LoginStandIn />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'View details of Emma' }));
    expect(
      await screen.findByText(
        'Sign in to see this book’s details and how to reach the seller; back to /bookDetails/c9',
      ),
    ).toBeInTheDocument();
  });

  describe('the eye before the page knows who is signed in (as the server draws it)', () => {
    function renderLoadingCard() {
      render(
        <AuthContext.Provider value={{ ...signedOutAuth, loading: true }}>
          <MemoryRouter>
            <Routes>
              <Route
                path="/"
                element={
                  <BookCard
                    product={sampleProduct({ _id: 'c9', book_name: 'Emma' })}
                    canBook
                    onBookNow={jest.fn()}
                    onReport={jest.fn()}
                  />
                }
              />
              <Route path="/login" element={<LoginStandIn />} />
              <Route path="/bookDetails/:id" element={<p>Details, the guard deciding</p>} />
            </Routes>
          </MemoryRouter>
        </AuthContext.Provider>,
      );
    }

    it('is a link to sign in that carries the book, so it works before the scripts do', () => {
      renderLoadingCard();
      const href = screen.getByRole('link', { name: 'View details of Emma' }).getAttribute('href')!;
      const url = new URL(href, 'http://localhost');
      expect(url.pathname).toBe('/login');
      expect(Object.fromEntries(url.searchParams)).toEqual({ from: '/bookDetails/c9', page: 'details' });
    });

    it('goes to the details when pressed while the session still loads, for the shell’s guard to decide', async () => {
      renderLoadingCard();
      await userEvent.click(screen.getByRole('link', { name: 'View details of Emma' }));
      expect(await screen.findByText('Details, the guard deciding')).toBeInTheDocument();
    });
  });
});
