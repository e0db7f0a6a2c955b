import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import {
  type FakeApi,
  fakeApiForEachTest,
  type FakeCall,
  findToast,
  never,
  renderScreen,
  sampleBooking,
  sampleProduct,
  sampleUser,
  atScreenWidth,
  PHONE_WIDTH,
} from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

/** A server with `total` books that answers pages the way the real one does. */
function serveBooks(api: FakeApi, total: number) {
  const books = Array.from({ length: total }, (_, i) => sampleProduct({ book_name: `Book ${i}` }));
  api.on('GET', '/api/category/list', ({ url }: FakeCall) => {
    const search = url.searchParams.get('search') ?? '';
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    const found = books.filter((book) => book.book_name.includes(search));
    return { body: { products: found.slice(page * size, page * size + size), count: found.length } };
  });
}

const pager = () => within(screen.getByRole('navigation', { name: 'Pages' }));
const pageLinks = () => pager().queryAllByRole('link', { name: /^Page / });

const lastListCall = (api: FakeApi) => api.callsTo('GET', '/api/category/list').at(-1)!.url.searchParams;
const cardNames = async () =>
  (await screen.findAllByRole('article')).map((card) => within(card).getByRole('heading').textContent);

describe('the book list', () => {
  const api = fakeApiForEachTest();

  it('shows the first page of five with pages counted from 1, and Previous and Next', async () => {
    serveBooks(api, 12);
    renderScreen({ routes, at: '/booklist' });
    expect(await cardNames()).toEqual(['Book 0', 'Book 1', 'Book 2', 'Book 3', 'Book 4']);
    expect(pageLinks().map((link) => link.textContent)).toEqual(['1', '2', '3']);
    expect(pager().getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(pager().getByRole('button', { name: 'Previous page' })).toBeDisabled();
    // Links a page without scripts follows too, to the list's URL of that page.
    expect(pager().getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?page=1');
    expect(pager().getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '?page=2');
    expect(screen.getByText('Currently Selected Pages: 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Books per page' })).toHaveValue('5');
    expect(lastListCall(api).toString()).toBe('search=&page=0&size=5&facets=1');
  });

  it('loads the first three covers at once and the others only when scrolled to', async () => {
    serveBooks(api, 12);
    renderScreen({ routes, at: '/booklist?size=10' });
    await cardNames();
    const covers = screen.getAllByRole('img', { name: /^Cover of / });
    expect(covers).toHaveLength(10);
    expect(covers.map((cover) => cover.getAttribute('loading'))).toEqual([
      ...Array<string>(3).fill('eager'),
      ...Array<string>(7).fill('lazy'),
    ]);
    expect(covers.map((cover) => cover.getAttribute('fetchpriority'))).toEqual([
      ...Array<string>(3).fill('high'),
      ...Array<string>(7).fill('auto'),
    ]);
  });

  it('moves to another page, keeps the URL’s page 0-based, and puts the focus on the results heading', async () => {
    serveBooks(api, 12);
    const { router } = renderScreen({ routes, at: '/booklist' });
    await cardNames();
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    await waitFor(async () => expect(await cardNames()).toEqual(['Book 10', 'Book 11']));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Currently Selected Pages: 3 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '12 books' })).toHaveFocus());
    expect(pager().getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('steps back and forth with Previous and Next from the keyboard', async () => {
    serveBooks(api, 12);
    const { router } = renderScreen({ routes, at: '/booklist?page=1' });
    expect(await cardNames()).toEqual(['Book 5', 'Book 6', 'Book 7', 'Book 8', 'Book 9']);
    act(() => pager().getByRole('link', { name: 'Next page' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(async () => expect(await cardNames()).toEqual(['Book 10', 'Book 11']));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '12 books' })).toHaveFocus());
    await user.click(pager().getByRole('link', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
  });

  it('folds a long run of pages around the current one, down to first, current and last on a phone', async () => {
    serveBooks(api, 200);
    renderScreen({ routes, at: '/booklist?page=19' });
    await cardNames();
    expect(pageLinks().map((link) => link.textContent)).toEqual(['1', '19', '20', '21', '40']);
    expect(screen.getByText('Currently Selected Pages: 20 of 40')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    let undoWidth: () => void;
    beforeEach(() => {
      undoWidth = atScreenWidth(PHONE_WIDTH);
    });
    afterEach(() => undoWidth());

    it('keeps only the first, current and last page with Previous and Next', async () => {
      serveBooks(api, 200);
      renderScreen({ routes, at: '/booklist?page=19' });
      await cardNames();
      expect(pageLinks().map((link) => link.textContent)).toEqual(['1', '20', '40']);
      expect(pager().getAllByRole('link')).toHaveLength(5);
      expect(pager().queryAllByRole('button')).toHaveLength(0);
    });
  });

  it('is a GET form for search and filters without scripts, each carrying the rest of the list’s query', async () => {
    serveBooks(api, 12);
    renderScreen({ routes, at: '/booklist?search=Book&condition=Good&sort=price_asc&size=10&page=1' });
    await cardNames();
    /** What the form would send as it stands: its named fields, as the browser reads them. */
    const sent = (form: HTMLElement) =>
      [...new FormData(form as HTMLFormElement).entries()].map(([name, value]) => `${name}=${String(value)}`);
    const search = screen.getByRole('search');
    expect(search).toHaveAttribute('method', 'get');
    expect(sent(search)).toEqual(['search=Book', 'condition=Good', 'sort=price_asc', 'size=10']);
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(filters.tagName).toBe('FORM');
    expect(filters).toHaveAttribute('method', 'get');
    expect(sent(filters)).toEqual([
      'search=Book',
      'size=10',
      'condition=Good',
      'minPrice=',
      'maxPrice=',
      'sort=price_asc',
    ]);
    // Apply sends them (the page 0 of the new list); with scripts the list moves in place instead.
    expect(within(filters).getByRole('button', { name: 'Apply' })).toHaveAttribute('type', 'submit');
  });

  it('keeps the focus in the search field after Enter', async () => {
    serveBooks(api, 12);
    const { router } = renderScreen({ routes, at: '/booklist' });
    await cardNames();
    const search = screen.getByRole('searchbox', { name: 'Search books' });
    await user.type(search, 'Book 1{Enter}');
    await waitFor(async () => expect(await cardNames()).toEqual(['Book 1', 'Book 10', 'Book 11']));
    expect(router.state.location.search).toBe('?search=Book+1');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('Book 1');
  });

  it('shows the search of the entry Back returns to', async () => {
    serveBooks(api, 12);
    const { router } = renderScreen({ routes, at: '/booklist?search=Book+1' });
    await cardNames();
    await act(() => router.navigate('/booklist?search=Book+2'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('Book 2'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('Book 1'));
  });

  it('changes the page size, back to page 0, and recounts the pages', async () => {
    serveBooks(api, 12);
    const { router } = renderScreen({ routes, at: '/booklist?page=1' });
    await cardNames();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Books per page' }), '10');
    await waitFor(async () => expect(await cardNames()).toHaveLength(10));
    expect(router.state.location.search).toBe('?size=10');
    expect(pageLinks()).toHaveLength(2);
  });

  it('searches from page 0 and puts the search in the URL', async () => {
    serveBooks(api, 12);
    const { router } = renderScreen({ routes, at: '/booklist?page=2' });
    await cardNames();
    await user.type(screen.getByPlaceholderText('What are you looking for?'), 'Book 1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(async () => expect(await cardNames()).toEqual(['Book 1', 'Book 10', 'Book 11']));
    expect(router.state.location.search).toBe('?search=Book+1');
    expect(lastListCall(api).get('search')).toBe('Book 1');
  });

  it('opens a shared link on its search, page and size', async () => {
    serveBooks(api, 30);
    renderScreen({ routes, at: '/booklist?search=Book&page=1&size=10' });
    expect(await cardNames()).toHaveLength(10);
    expect(lastListCall(api).toString()).toBe('search=Book&page=1&size=10&facets=1');
    expect(screen.getByPlaceholderText('What are you looking for?')).toHaveValue('Book');
    expect(screen.getByText('Currently Selected Pages: 2 of 3')).toBeInTheDocument();
  });

  it('shows the last page for a page past the end, in place of the URL asked for', async () => {
    serveBooks(api, 12);
    const { router } = renderScreen({ routes, at: '/booklist?page=99' });
    await waitFor(async () => expect(await cardNames()).toEqual(['Book 10', 'Book 11']));
    expect(screen.getByText('Currently Selected Pages: 3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('ignores a size that is not offered and uses 5', async () => {
    serveBooks(api, 7);
    renderScreen({ routes, at: '/booklist?size=7' });
    expect(await cardNames()).toHaveLength(5);
    expect(lastListCall(api).get('size')).toBe('5');
  });

  it('says NO Product when nothing matches', async () => {
    serveBooks(api, 3);
    renderScreen({ routes, at: '/booklist?search=zzz' });
    expect(await screen.findByText('NO Product')).toBeInTheDocument();
    expect(pager().queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Browse all books' })).toHaveAttribute('href', '/booklist');
  });

  it('shows a spinner while the first page loads', async () => {
    api.on('GET', '/api/category/list', never);
    renderScreen({ routes, at: '/booklist' });
    expect(await screen.findByRole('progressbar', { name: 'Loading books' })).toBeInTheDocument();
  });

  it('shows a server error in place and as a toast', async () => {
    api.on('GET', '/api/category/list', { status: 400, body: { message: 'size must be 5, 10, 15 or 20' } });
    renderScreen({ routes, at: '/booklist' });
    expect(await screen.findByText('The books could not be loaded: size must be 5, 10, 15 or 20')).toBeInTheDocument();
    expect(await findToast('size must be 5, 10, 15 or 20')).toBeInTheDocument();
  });

  describe('a buyer’s own bookings (decision 024)', () => {
    const gitanjali = sampleProduct({ _id: 'g1', book_name: 'Gitanjali' });
    const dracula = sampleProduct({ _id: 'd1', book_name: 'Dracula' });
    const emma = sampleProduct({ _id: 'e1', book_name: 'Emma' });
    const card = (name: string) => screen.getByRole('article', { name });

    beforeEach(() => {
      api.on('GET', '/api/category/list', { body: { products: [gitanjali, dracula, emma], count: 3 } });
    });

    it('reads Booked by you, with the way to My Orders, on the book the buyer booked and Book Now on the others', async () => {
      api.on('GET', '/api/booking/list', {
        body: [
          sampleBooking({ category_id: 'g1', book_name: 'Gitanjali', status: 'waiting-for-payment' }),
          // A declined booking is over: Dracula can be booked again.
          sampleBooking({ category_id: 'd1', book_name: 'Dracula', status: 'declined' }),
        ],
      });
      renderScreen({ routes, at: '/booklist', as: 'buyer' });
      await cardNames();
      expect(await within(card('Gitanjali')).findByText('Booked by you')).toBeInTheDocument();
      const myOrders = within(card('Gitanjali')).getByRole('link', { name: 'My Orders: your booking of Gitanjali' });
      expect(myOrders).toHaveAttribute('href', '/dashboard/myorder');
      expect(myOrders).toHaveTextContent('My Orders');
      expect(within(card('Gitanjali')).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
      expect(within(card('Gitanjali')).getByRole('button', { name: 'Report' })).toBeInTheDocument();
      for (const other of ['Dracula', 'Emma']) {
        expect(within(card(other)).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
        expect(within(card(other)).queryByText('Booked by you')).not.toBeInTheDocument();
      }
      expect(api.callsTo('GET', '/api/booking/list')[0]!.url.searchParams.get('email')).toBe('buyer@bookswap.test');
    });

    it('shows the books before the buyer’s bookings arrive, with Book Now until then', async () => {
      let answerBookings: (() => void) | undefined;
      api.on(
        'GET',
        '/api/booking/list',
        () =>
          new Promise((resolve) => {
            answerBookings = () => resolve({ body: [sampleBooking({ category_id: 'g1', book_name: 'Gitanjali' })] });
          }),
      );
      renderScreen({ routes, at: '/booklist', as: 'buyer' });
      expect(await cardNames()).toEqual(['Gitanjali', 'Dracula', 'Emma']);
      expect(within(card('Gitanjali')).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
      await waitFor(() => expect(answerBookings).toBeDefined());
      answerBookings!();
      expect(await within(card('Gitanjali')).findByText('Booked by you')).toBeInTheDocument();
      expect(within(card('Gitanjali')).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    });

    it('offers a signed-out visitor Book Now on every book and asks nothing about bookings', async () => {
      renderScreen({ routes, at: '/booklist' });
      await cardNames();
      // Links to sign in, which work as painted, before the page's scripts (decision 068).
      expect(screen.getAllByRole('link', { name: 'Book Now' })).toHaveLength(3);
      expect(screen.queryByText('Booked by you')).not.toBeInTheDocument();
      expect(api.callsTo('GET', '/api/booking/list')).toHaveLength(0);
    });

    it('makes a signed-out visitor’s Book Now, Report and eye links to sign in that come back to resume', async () => {
      renderScreen({ routes, at: '/booklist?search=poems' });
      await cardNames();
      const signIn = (link: HTMLElement) => {
        const url = new URL(link.getAttribute('href')!, 'http://localhost');
        return { path: url.pathname, ...Object.fromEntries(url.searchParams) };
      };
      expect(signIn(within(card('Dracula')).getByRole('link', { name: 'Book Now' }))).toEqual({
        path: '/login',
        from: '/booklist?search=poems&resumeId=d1&resume=book',
        reason: 'book',
      });
      expect(signIn(within(card('Dracula')).getByRole('link', { name: 'Report' }))).toEqual({
        path: '/login',
        from: '/booklist?search=poems&resumeId=d1&resume=report',
        reason: 'report',
      });
      expect(signIn(within(card('Dracula')).getByRole('link', { name: 'View details of Dracula' }))).toEqual({
        path: '/login',
        from: '/bookDetails/d1',
        page: 'details',
      });
    });

    it('makes a signed-in buyer’s Book Now and Report buttons that open their forms in place', async () => {
      api.on('GET', '/api/booking/list', { body: [] });
      renderScreen({ routes, at: '/booklist', as: 'buyer' });
      await cardNames();
      expect(within(card('Emma')).getByRole('button', { name: 'Report' })).not.toHaveAttribute('href');
      expect(within(card('Emma')).getByRole('link', { name: 'View details of Emma' })).toHaveAttribute(
        'href',
        '/bookDetails/e1',
      );
      await user.click(within(card('Dracula')).getByRole('button', { name: 'Book Now' }));
      expect(await screen.findByRole('dialog', { name: 'Book Dracula' })).toBeInTheDocument();
    });
  });

  describe('a seller’s own listings (the list carries no seller email)', () => {
    const mine = sampleProduct({ _id: 'm1', book_name: 'Mine', sellerId: 'u-sam', sellerName: 'Sam Seller' });
    const theirs = sampleProduct({ _id: 't1', book_name: 'Theirs', sellerId: 'u-nia', sellerName: 'Nia Newseller' });
    const card = (name: string) => screen.getByRole('article', { name });

    beforeEach(() => {
      api.on('GET', '/api/category/list', { body: { products: [mine, theirs], count: 2 } });
      api.on('GET', '/api/booking/list', { body: [] });
      api.on('GET', '/api/user/list/seller%40bookswap.test', {
        body: sampleUser({ _id: 'u-sam', userEmail: 'seller@bookswap.test', role: 'seller', verify: true }),
      });
    });

    it('offers the seller neither Book Now nor Report on their own book, told by their user id, and both on another’s', async () => {
      renderScreen({ routes, at: '/booklist', as: 'seller' });
      await cardNames();
      await waitFor(() => expect(within(card('Mine')).queryByRole('button', { name: 'Book Now' })).toBeNull());
      expect(within(card('Mine')).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
      expect(within(card('Theirs')).getByRole('button', { name: 'Report' })).toBeInTheDocument();
      expect(within(card('Theirs')).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/user/list/seller%40bookswap.test')).toHaveLength(1);
    });

    it('asks a buyer’s or a visitor’s user record nothing: only sellers own listings', async () => {
      renderScreen({ routes, at: '/booklist', as: 'buyer' });
      await cardNames();
      expect(screen.getAllByRole('button', { name: 'Book Now' })).toHaveLength(2);
      expect(api.calls.filter((call) => call.url.pathname.startsWith('/api/user/'))).toHaveLength(0);
    });
  });

  it('keeps the last page on screen and says so when the next page fails', async () => {
    serveBooks(api, 12);
    renderScreen({ routes, at: '/booklist' });
    await cardNames();
    api.on('GET', '/api/category/list', { status: 500, body: { message: 'Search is unavailable' } });
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByText('The books could not be loaded: Search is unavailable')).toBeInTheDocument();
    expect(await cardNames()).toEqual(['Book 0', 'Book 1', 'Book 2', 'Book 3', 'Book 4']);
  });
});
