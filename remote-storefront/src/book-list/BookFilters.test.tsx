import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookFacets } from '@bookswap/shared/schemas';
import routes from '../routes';
import {
  atScreenWidth,
  type FakeApi,
  fakeApiForEachTest,
  type FakeCall,
  PHONE_WIDTH,
  renderScreen,
  sampleProduct,
} from '@bookswap/shared/testing';

const user = userEvent.setup({ delay: null });

const FACETS: BookFacets = {
  condition: { Excellent: 310, Good: 1204, Fair: 87 },
  category: { '1': 12, '2': 40, '3': 0, '4': 0, '5': 0, '6': 0, '7': 9, '8': 0, '9': 1 },
};

/** A server whose list answers `count` books, the first page's cards, and the facets above. */
function serveList(api: FakeApi, count = 123) {
  api.on('GET', '/api/category/list', ({ url }: FakeCall) => {
    const size = Number(url.searchParams.get('size'));
    const shown = Math.min(size, count);
    const products = Array.from({ length: shown }, (_, i) => sampleProduct({ _id: `b${i}`, book_name: `Book ${i}` }));
    return { body: { products, count, facets: FACETS } };
  });
}

const lastListCall = (api: FakeApi) => api.callsTo('GET', '/api/category/list').at(-1)!.url.searchParams;
const filters = () => screen.getByRole('group', { name: 'Filters' });
const box = (name: string | RegExp) => within(filters()).getByRole('checkbox', { name });

describe('the book list’s filters', () => {
  const api = fakeApiForEachTest();

  it('shows what the URL says and asks the server for exactly that, with the facet counts', async () => {
    serveList(api);
    renderScreen({
      routes,
      at: '/booklist?category=2&condition=Good&condition=Fair&minPrice=5&maxPrice=12.50&verified=1&sort=price_desc',
    });
    expect(await screen.findByText('123 books')).toBeInTheDocument();
    expect(box(/^Poetry/)).toBeChecked();
    expect(box(/^Nobel/)).not.toBeChecked();
    expect(box(/^Good/)).toBeChecked();
    expect(box(/^Fair/)).toBeChecked();
    expect(box(/^Excellent/)).not.toBeChecked();
    expect(box('Verified sellers only')).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Lowest price' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Highest price' })).toHaveValue('12.50');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
    expect(lastListCall(api).toString()).toBe(
      'search=&page=0&size=5&category=2&condition=Fair&condition=Good&minPrice=5&maxPrice=12.50&verified=1&sort=price_desc&facets=1',
    );
  });

  it('labels each choice with its count', async () => {
    serveList(api);
    renderScreen({ routes, at: '/booklist' });
    await screen.findByText('123 books');
    expect(await within(filters()).findByRole('checkbox', { name: 'Good (1,204)' })).toBeInTheDocument();
    expect(box('Excellent (310)')).toBeInTheDocument();
    expect(box('Poetry (40)')).toBeInTheDocument();
    expect(box('Biograpy (0)')).toBeInTheDocument();
  });

  it('puts each change in the URL, back at page 0', async () => {
    serveList(api);
    const { router } = renderScreen({ routes, at: '/booklist?search=sea&page=2' });
    await screen.findByText('123 books');
    await user.click(box(/^Excellent/));
    await waitFor(() => expect(router.state.location.search).toBe('?search=sea&condition=Excellent'));
    await user.click(box(/^Science fiction/));
    await waitFor(() => expect(router.state.location.search).toBe('?search=sea&category=7&condition=Excellent'));
    await user.click(box('Verified sellers only'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=sea&category=7&condition=Excellent&verified=1&sort=price_asc'),
    );
    expect(lastListCall(api).get('sort')).toBe('price_asc');
    await user.click(box(/^Excellent/));
    await waitFor(() => expect(router.state.location.search).toBe('?search=sea&category=7&verified=1&sort=price_asc'));
  });

  it('applies a price range on Enter, and says why it will not take one the list would refuse', async () => {
    serveList(api);
    const { router } = renderScreen({ routes, at: '/booklist?page=1' });
    await screen.findByText('123 books');
    await user.type(screen.getByRole('textbox', { name: 'Lowest price' }), '20');
    await user.type(screen.getByRole('textbox', { name: 'Highest price' }), '10{Enter}');
    expect(screen.getByText('The lowest price is above the highest')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    await user.clear(screen.getByRole('textbox', { name: 'Highest price' }));
    await user.type(screen.getByRole('textbox', { name: 'Highest price' }), 'ten{Enter}');
    expect(screen.getByText('Enter prices such as 5 or 12.50')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Highest price' }));
    await user.type(screen.getByRole('textbox', { name: 'Highest price' }), '25.50{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=20&maxPrice=25.50'));
    expect(lastListCall(api).get('maxPrice')).toBe('25.50');
  });

  it('clears every filter with Clear filters, keeping the search and the order', async () => {
    serveList(api);
    const { router } = renderScreen({ routes, at: '/booklist?search=sea&condition=Good&maxPrice=4&sort=price_asc' });
    await screen.findByText('123 books');
    await user.click(within(filters()).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=sea&sort=price_asc'));
    // The route's loader runs first (it starts the new list's request): the screen follows the URL as it ends.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Highest price' })).toHaveValue(''));
    expect(within(filters()).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says which filters to loosen when nothing matches', async () => {
    serveList(api, 0);
    renderScreen({ routes, at: '/booklist?category=9&condition=Fair&minPrice=1&maxPrice=2&verified=1' });
    expect(await screen.findByText('0 books')).toBeInTheDocument();
    expect(await screen.findByText('NO Product')).toBeInTheDocument();
    expect(
      screen.getByText(
        'No books match these filters. Try loosening: category (Others); condition (Fair); price $1.00 to $2.00; verified sellers only.',
      ),
    ).toBeInTheDocument();
  });

  it('folds the filters behind a Filters button that says whether they are open (phone width)', async () => {
    const undoWidth = atScreenWidth(PHONE_WIDTH);
    try {
      serveList(api);
      renderScreen({ routes, at: '/booklist?verified=1' });
      await screen.findByText('123 books');
      const toggle = screen.getByRole('button', { name: 'Filters (on)' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // Folded, the panel holds no controls: a phone's first screen does not render them.
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(within(panel).queryAllByRole('checkbox', { hidden: true })).toEqual([]);
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(box('Verified sellers only')).toBeChecked();
    } finally {
      undoWidth();
    }
  });

  it('closes the open panel onto the list with Show N results, counting the chosen filters (phone width)', async () => {
    const undoWidth = atScreenWidth(PHONE_WIDTH);
    try {
      serveList(api);
      renderScreen({ routes, at: '/booklist' });
      await screen.findByText('123 books');
      const toggle = screen.getByRole('button', { name: 'Filters' });
      await user.click(toggle);
      serveList(api, 7);
      await user.click(box(/^Fair/));
      const show = await screen.findByRole('button', { name: 'Show 7 results' });
      await user.click(show);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('heading', { name: '7 books' })).toHaveFocus();
      expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
    } finally {
      undoWidth();
    }
  });

  it('offers no Show results button beside the always-open filters of a wide screen', async () => {
    serveList(api);
    renderScreen({ routes, at: '/booklist' });
    await screen.findByText('123 books');
    expect(screen.queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('falls back to the defaults for hand-edited values the server would refuse', async () => {
    serveList(api);
    renderScreen({ routes, at: '/booklist?condition=Mint&category=12&sort=cheap&verified=yes&minPrice=9&maxPrice=1' });
    await screen.findByText('123 books');
    expect(lastListCall(api).toString()).toBe('search=&page=0&size=5&facets=1');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });
});
