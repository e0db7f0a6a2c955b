import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import routes from '../routes';
import {
  type FakeApi,
  fakeApiForEachTest,
  findToast,
  never,
  renderScreen,
  sampleProduct,
} from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });
const listCalls = (api: FakeApi) => api.callsTo('GET', '/api/category/list');

describe('the category page', () => {
  const api = fakeApiForEachTest();

  it('answers an unknown category as a page that does not exist, asking the server nothing', async () => {
    const { router } = renderScreen({ routes, at: '/category/999' });
    await waitFor(() => expect(router.state.errors).not.toBeNull());
    expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({ status: 404 });
    expect(listCalls(api)).toHaveLength(0);
    expect(screen.queryByText(/category must be/)).not.toBeInTheDocument();
  });

  it('shows a spinner while the category is loading', async () => {
    api.on('GET', '/api/category/list', never);
    renderScreen({ routes, at: '/category/2' });
    expect(await screen.findByRole('progressbar', { name: 'Loading books' })).toBeInTheDocument();
    expect(screen.queryByText('NO Product')).not.toBeInTheDocument();
  });

  it("shows a card for each of the category's books, with their count, asking for that category only", async () => {
    const books = [
      sampleProduct({ book_name: 'Leaves of Grass', category_id: '2' }),
      sampleProduct({ book_name: 'Ariel', category_id: '2' }),
    ];
    api.on('GET', '/api/category/list', { body: { products: books, count: 2 } });
    renderScreen({ routes, at: '/category/2' });
    expect(await screen.findByRole('heading', { name: 'Poetry', level: 1 })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Leaves of Grass', 'Ariel']);
    expect(screen.getByText('2 books')).toBeInTheDocument();
    expect(listCalls(api).at(-1)!.url.searchParams.toString()).toBe('search=&page=0&size=5&category=2&facets=1');
  });

  it('filters and sorts the category through the URL, with no category choice of its own', async () => {
    api.on('GET', '/api/category/list', { body: { products: [sampleProduct({ book_name: 'Ariel' })], count: 1 } });
    const { router } = renderScreen({ routes, at: '/category/2?condition=Fair' });
    await screen.findByText('1 book');
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).queryByRole('group', { name: 'Category' })).not.toBeInTheDocument();
    expect(within(filters).queryByRole('checkbox', { name: /^Poetry/ })).not.toBeInTheDocument();
    expect(within(filters).getByRole('checkbox', { name: /^Fair/ })).toBeChecked();
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?condition=Fair&sort=price_asc'));
    expect(router.state.location.pathname).toBe('/category/2');
    await waitFor(() => expect(listCalls(api).at(-1)!.url.searchParams.get('sort')).toBe('price_asc'));
    expect(listCalls(api).at(-1)!.url.searchParams.getAll('category')).toEqual(['2']);
  });

  it('says NO Product when the category is empty', async () => {
    api.on('GET', '/api/category/list', { body: { products: [], count: 0 } });
    renderScreen({ routes, at: '/category/9' });
    expect(await screen.findByText('NO Product')).toBeInTheDocument();
  });

  it('shows the server error in place and as a toast', async () => {
    api.on('GET', '/api/category/list', { status: 500, body: { message: 'Database is down' } });
    renderScreen({ routes, at: '/category/2' });
    expect(await screen.findByText('The books could not be loaded: Database is down')).toBeInTheDocument();
    expect(await findToast('Database is down')).toBeInTheDocument();
  });
});
