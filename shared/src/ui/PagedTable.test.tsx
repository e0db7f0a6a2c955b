import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { atScreenWidth, PHONE_WIDTH } from '../testing';
import { PagedTable } from './PagedTable';

interface Seller {
  _id: string;
  userName: string;
  userEmail: string;
}

/** 200 sellers, "Seller 1" to "Seller 200", one of them Ada with her own email. */
const sellers: Seller[] = Array.from({ length: 200 }, (_, index) => ({
  _id: String(index + 1),
  userName: index === 149 ? 'Ada Lovelace' : `Seller ${index + 1}`,
  userEmail: index === 149 ? 'countess@bookswap.test' : `seller${index + 1}@bookswap.test`,
}));

const columns = [
  { header: 'Name', cell: (seller: Seller) => seller.userName },
  { header: 'Email', cell: (seller: Seller) => seller.userEmail },
];
const byNameOrEmail = {
  label: 'Search by name or email',
  textsOf: (seller: Seller) => [seller.userName, seller.userEmail],
};
const loaded = (rows: Seller[]) => ({ data: rows, isLoading: false, mutate: jest.fn() });

const user = userEvent.setup({ delay: null });
const shownNames = () =>
  within(screen.getByRole('table', { name: 'All Seller List' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

const sellersTable = (rows: typeof sellers) => (
  <PagedTable
    load={loaded(rows)}
    what="The sellers"
    label="All Seller List"
    columns={columns}
    empty="No sellers yet"
    search={byNameOrEmail}
  />
);

const renderSellers = (rows = sellers) => render(sellersTable(rows));

describe('a paged dashboard table', () => {
  it('shows 200 rows twenty at a time, counting pages from 1', async () => {
    renderSellers();
    expect(shownNames()).toHaveLength(20);
    expect(shownNames()[0]).toBe('Seller 1');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–20 of 200');
    const pages = screen.getByRole('navigation', { name: 'All Seller List pages' });
    expect(within(pages).getByRole('button', { name: 'page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Go to page 10' })).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    expect(shownNames()[0]).toBe('Seller 21');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 21–40 of 200');

    await user.click(within(pages).getByRole('button', { name: 'Go to page 10' }));
    expect(shownNames().at(-1)).toBe('Seller 200');
    expect(within(pages).getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('finds a seller by name or by email, whatever the case, and goes back to page 1', async () => {
    renderSellers();
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'LOVELACE');
    expect(shownNames()).toEqual(['Ada Lovelace']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–1 of 1');
    expect(screen.queryByRole('navigation', { name: 'All Seller List pages' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'countess@');
    expect(shownNames()).toEqual(['Ada Lovelace']);
  });

  it('says so when nothing matches', async () => {
    renderSellers();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'nobody');
    expect(screen.getByText('Nothing matches “nobody”')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows no pager for a list that fits one page, and the empty text for none', () => {
    const { unmount } = renderSellers(sellers.slice(0, 5));
    expect(shownNames()).toHaveLength(5);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    unmount();
    renderSellers([]);
    expect(screen.getByText('No sellers yet')).toBeInTheDocument();
  });

  it('stays on a page that still exists when the list shrinks under it', async () => {
    const { rerender } = renderSellers(sellers.slice(0, 21));
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(shownNames()).toEqual(['Seller 21']);
    // The only row of page 2 was deleted and the list fetched again.
    rerender(sellersTable(sellers.slice(0, 20)));
    expect(shownNames()).toHaveLength(20);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–20 of 20');
  });

  it('pages the phone cards the same way', async () => {
    const restore = atScreenWidth(PHONE_WIDTH);
    try {
      renderSellers();
      expect(within(screen.getByRole('list', { name: 'All Seller List' })).getAllByRole('listitem')).toHaveLength(20);
      await user.click(screen.getByRole('button', { name: 'Go to page 10' }));
      expect(screen.getByRole('status')).toHaveTextContent('Showing 181–200 of 200');
    } finally {
      restore();
    }
  });
});
