import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedSearch } from '@bookswap/shared/schemas';
import { atScreenWidth, fakeApiForEachTest, findToast, PHONE_WIDTH, renderScreen } from '@bookswap/shared/testing';
import routes from '../routes';
import { SAVED_SEARCH_DELETED } from './SavedSearchesPage';

const user = userEvent.setup({ delay: null });
const AT = '/dashboard/saved-searches';
const LIST = '/api/saved-search/list';

function savedSearch(changes: Partial<SavedSearch> = {}): SavedSearch {
  return {
    _id: 's1',
    search: 'dune',
    category: ['7'],
    condition: ['Good'],
    minPrice: '5',
    maxPrice: null,
    verified: false,
    listQuery: 'search=dune&category=7&condition=Good&minPrice=5',
    label: '“dune”, Science fiction, Good, from $5.00',
    createdAt: '2026-11-02T12:00:00.000Z',
    ...changes,
  };
}

const second = savedSearch({
  _id: 's2',
  search: '',
  category: [],
  condition: [],
  minPrice: null,
  verified: true,
  listQuery: 'verified=1',
  label: 'verified sellers',
});

describe('Saved Searches (buyer)', () => {
  const api = fakeApiForEachTest();

  it('lists each saved search in words, when it was saved, and a link to its books on the book list', async () => {
    api.on('GET', LIST, { body: [savedSearch(), second] });
    renderScreen({ routes, at: AT, as: 'buyer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Searches' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Saved Searches' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Search', 'Saved (UTC)', 'Books', 'Action']);
    const [first, other] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.textContent),
    ).toEqual(['“dune”, Science fiction, Good, from $5.00', 'November 2, 2026 at 12:00 PM']);
    expect(
      within(first!).getByRole('link', { name: 'Show books for “dune”, Science fiction, Good, from $5.00' }),
    ).toHaveAttribute('href', '/booklist?search=dune&category=7&condition=Good&minPrice=5');
    expect(within(other!).getByRole('link', { name: 'Show books for verified sellers' })).toHaveAttribute(
      'href',
      '/booklist?verified=1',
    );
  });

  it('deletes one: the server is told, a toast says so, and the list no longer shows it', async () => {
    const held = { searches: [savedSearch(), second] };
    api.on('GET', LIST, () => ({ body: held.searches }));
    api.on('DELETE', '/api/saved-search/s1', () => {
      held.searches = [second];
      return { body: { acknowledged: true, deletedCount: 1 } };
    });
    renderScreen({ routes, at: AT, as: 'buyer' });
    await user.click(
      await screen.findByRole('button', { name: 'Delete the saved search “dune”, Science fiction, Good, from $5.00' }),
    );
    expect(await findToast(SAVED_SEARCH_DELETED)).toBeInTheDocument();
    expect(await screen.findAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText('“dune”, Science fiction, Good, from $5.00')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/saved-search/s1')).toHaveLength(1);
  });

  it('shows why a delete failed and keeps the search', async () => {
    api.on('GET', LIST, { body: [savedSearch()] });
    api.on('DELETE', '/api/saved-search/s1', {
      status: 403,
      body: { message: 'You can only delete your own saved searches' },
    });
    renderScreen({ routes, at: AT, as: 'buyer' });
    await user.click(await screen.findByRole('button', { name: /^Delete the saved search/ }));
    expect(await findToast('You can only delete your own saved searches')).toBeInTheDocument();
    expect(screen.getByText('“dune”, Science fiction, Good, from $5.00')).toBeInTheDocument();
  });

  it('says so when none is saved, with the way to the book list, and shows a failed load with Retry', async () => {
    api.on('GET', LIST, { status: 500, body: { message: 'The database is unavailable' } });
    renderScreen({ routes, at: AT, as: 'buyer' });
    expect(
      await screen.findByText('Your saved searches could not be loaded: The database is unavailable'),
    ).toBeInTheDocument();
    api.on('GET', LIST, { body: [] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No saved search')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/booklist');
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = atScreenWidth(PHONE_WIDTH);
    });
    afterEach(() => restore());

    it('shows one card per search with its link and Delete in reach of the keyboard', async () => {
      api.on('GET', LIST, { body: [savedSearch()] });
      renderScreen({ routes, at: AT, as: 'buyer' });
      const cards = await screen.findByRole('list', { name: 'Saved Searches' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
      await user.tab();
      expect(screen.getByRole('link', { name: /^Show books for/ })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: /^Delete the saved search/ })).toHaveFocus();
    });
  });
});
