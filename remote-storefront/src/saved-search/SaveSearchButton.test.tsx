import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiForEachTest, type FakeApi, findToast, renderScreen } from '@bookswap/shared/testing';
import routes from '../routes';
import { SEARCH_SAVED } from './SaveSearchButton';

const user = userEvent.setup({ delay: null });

function serveEmptyList(api: FakeApi) {
  api.on('GET', '/api/category/list', { body: { products: [], count: 0 } });
}

const saveButton = () => screen.findByRole('button', { name: 'Save this search' });

/** The button's code loaded once, so where it would be mounted it shows with the list, not a moment after. */
async function buttonLoaded() {
  const view = renderScreen({ routes, at: '/booklist?search=dune', as: 'buyer' });
  await saveButton();
  view.unmount();
}

describe('Save this search on the book list', () => {
  const api = fakeApiForEachTest();

  it('saves the list’s search and filters, not its order or page, and says so with a way to the saved searches', async () => {
    serveEmptyList(api);
    api.on('POST', '/api/saved-search', { status: 201, body: { acknowledged: true, insertedId: 's1' } });
    renderScreen({
      routes,
      at: '/booklist?search=dune&category=7&condition=Good&minPrice=5&maxPrice=12.50&verified=1&sort=price_asc&page=2',
      as: 'buyer',
    });
    await user.click(await saveButton());
    expect(await findToast(SEARCH_SAVED)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/saved-search').map((call) => call.body)).toEqual([
      { search: 'dune', category: ['7'], condition: ['Good'], minPrice: '5', maxPrice: '12.50', verified: '1' },
    ]);
    expect(screen.getByRole('link', { name: 'Your saved searches' })).toHaveAttribute(
      'href',
      '/dashboard/saved-searches',
    );
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal, and the button stays for another try', async () => {
    serveEmptyList(api);
    api.on('POST', '/api/saved-search', {
      status: 409,
      body: { message: 'You have 20 saved searches, as many as one person may keep; delete one to save another' },
    });
    renderScreen({ routes, at: '/booklist?search=dune', as: 'buyer' });
    await user.click(await saveButton());
    expect(await findToast(/You have 20 saved searches/)).toBeInTheDocument();
    expect(await saveButton()).toBeEnabled();
  });

  it('is not offered for the whole list, which no search narrows', async () => {
    serveEmptyList(api);
    await buttonLoaded();
    renderScreen({ routes, at: '/booklist', as: 'buyer' });
    expect(await screen.findByRole('heading', { name: '0 books' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });

  it('is not offered on a category’s or a seller’s page, whose category or seller a saved search would not keep', async () => {
    serveEmptyList(api);
    api.on('GET', '/api/seller/u-sam', {
      body: {
        _id: 'u-sam',
        name: 'Sam Seller',
        verified: true,
        memberSince: '2025-03-14T09:00:00.000Z',
        rating: { average: null, count: 0 },
      },
    });
    api.on('GET', '/api/seller/u-sam/reviews', { body: { rating: { average: null, count: 0 }, reviews: [] } });
    await buttonLoaded();
    for (const at of ['/category/7?search=dune', '/seller/u-sam?search=dune']) {
      const view = renderScreen({ routes, at, as: 'buyer' });
      expect(await screen.findByRole('heading', { name: '0 books' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('offers a signed-out visitor to sign in, and saves the search once they are back signed in', async () => {
    serveEmptyList(api);
    api.on('POST', '/api/saved-search', { status: 201, body: { acknowledged: true, insertedId: 's1' } });
    const signedOut = renderScreen({ routes, at: '/booklist?search=dune' });
    await user.click(await screen.findByRole('link', { name: 'Sign in to save this search' }));
    expect(await screen.findByText('Login screen, back to /booklist?search=dune&saveSearch=1')).toBeInTheDocument();
    signedOut.unmount();

    const { router } = renderScreen({ routes, at: '/booklist?search=dune&saveSearch=1', as: 'buyer' });
    expect(await findToast(SEARCH_SAVED)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/saved-search')).toHaveLength(1);
    expect(router.state.location.search).toBe('?search=dune');
  });
});
