import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@bookswap/shared/schemas';
import {
  type FakeApi,
  fakeApiForEachTest,
  findToast,
  never,
  renderScreen,
  sampleIdentities,
  sampleProduct,
} from '@bookswap/shared/testing';
import routes from '../routes';

jest.setTimeout(15_000);
const user = userEvent.setup({ delay: null });
const AT = '/dashboard/myproduct';

/** A server holding the seller's listings, which advertises and deletes the way the real one does. */
function serveListings(api: FakeApi, listings: Product[]) {
  let shelf = [...listings];
  api.on('GET', '/api/product/list', () => ({ body: shelf }));
  for (const listing of listings) {
    api.on('PUT', `/api/product/update/${listing._id}`, () => {
      shelf = shelf.map((item) => (item._id === listing._id ? { ...item, addADS: true } : item));
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
    api.on('DELETE', `/api/product/delete/${listing._id}`, () => {
      shelf = shelf.filter((item) => item._id !== listing._id);
      return { body: { acknowledged: true, deletedCount: 1 } };
    });
  }
}

const table = () => screen.findByRole('table', { name: 'My Product' });
const rowOf = async (name: string) =>
  (await within(await table()).findByRole('cell', { name })).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('My Product', () => {
  const api = fakeApiForEachTest();

  it('shows a spinner while the seller’s books load', async () => {
    api.on('GET', '/api/product/list', never);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(await screen.findByRole('progressbar', { name: 'Loading your products' })).toBeInTheDocument();
  });

  it('says No Product to a seller with no books, with the count and a link to add one', async () => {
    serveListings(api, []);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(await screen.findByText('No Product')).toBeInTheDocument();
    expect(screen.getByText('Total Product: 0')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/dashboard/addproduct');
  });

  it('lists the seller’s own books with image, name, price, sold status, ads and report', async () => {
    serveListings(api, [
      sampleProduct({ book_name: 'Dune', resale_price: '12.50' }),
      sampleProduct({ book_name: 'Emma', resale_price: '7', paid: true }),
      sampleProduct({ book_name: 'Ulysses', resale_price: '9', report: 'true' }),
    ]);
    renderScreen({ routes, at: AT, as: 'seller' });

    expect(cellsOf(await rowOf('Dune'))).toEqual(['', 'Dune', '$12.50', 'available', 'Add ADS', '', 'Delete']);
    expect(cellsOf(await rowOf('Emma'))).toEqual(['', 'Emma', '$7.00', 'sold', '', '', 'Delete']);
    expect(cellsOf(await rowOf('Ulysses'))).toEqual(['', 'Ulysses', '$9.00', 'available', '', 'Reported', 'Delete']);
    expect(within(await rowOf('Dune')).getByRole('img', { name: 'Cover of Dune' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Total Product: 3')).toBeInTheDocument();
    const [call] = api.callsTo('GET', '/api/product/list');
    expect(call!.url.searchParams.get('email')).toBe(sampleIdentities.seller.email);
  });

  it('offers Add ADS only on a book that is neither advertised nor reported', async () => {
    serveListings(api, [
      sampleProduct({ book_name: 'Fresh' }),
      sampleProduct({ book_name: 'On show', addADS: true }),
      sampleProduct({ book_name: 'Flagged', report: 'true' }),
    ]);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(within(await rowOf('Fresh')).getByRole('button', { name: 'Add ADS for Fresh' })).toBeVisible();
    expect(within(await rowOf('On show')).queryByRole('button', { name: /Add ADS/ })).not.toBeInTheDocument();
    expect(within(await rowOf('On show')).getByText('Advertised')).toBeVisible();
    expect(within(await rowOf('Flagged')).queryByRole('button', { name: /Add ADS/ })).not.toBeInTheDocument();
  });

  it('advertises a book: a toast, and the row changes in place', async () => {
    const book = sampleProduct({ book_name: 'Dune' });
    serveListings(api, [book]);
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf('Dune')).getByRole('button', { name: 'Add ADS for Dune' }));

    expect(await findToast('add ads item successfully')).toBeInTheDocument();
    expect(await within(await rowOf('Dune')).findByText('Advertised')).toBeVisible();
    expect(within(await rowOf('Dune')).queryByRole('button', { name: /Add ADS/ })).not.toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/product/update/${book._id}`)).toHaveLength(1);
  });

  it('keeps Add ADS and says why when the server refuses to advertise', async () => {
    const book = sampleProduct({ book_name: 'Dune' });
    serveListings(api, [book]);
    api.on('PUT', `/api/product/update/${book._id}`, {
      status: 409,
      body: { message: 'A reported product cannot be advertised' },
    });
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf('Dune')).getByRole('button', { name: 'Add ADS for Dune' }));
    expect(await findToast('A reported product cannot be advertised')).toBeInTheDocument();
    expect(within(await rowOf('Dune')).getByRole('button', { name: 'Add ADS for Dune' })).toBeEnabled();
  });

  it('asks before deleting, naming the book, and removes its row once confirmed', async () => {
    const book = sampleProduct({ book_name: 'The Old Man and the Sea' });
    serveListings(api, [book, sampleProduct({ book_name: 'Emma' })]);
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf(book.book_name)).getByRole('button', { name: `Delete ${book.book_name}` }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to detele product' });
    expect(dialog).toHaveAccessibleDescription('if you delete The Old Man and the Sea It cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Delete successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: book.book_name })).not.toBeInTheDocument());
    expect(await rowOf('Emma')).toBeInTheDocument();
    expect(screen.getByText('Total Product: 1')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/product/delete/${book._id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'My Product' })).toHaveFocus());
  });

  it('keeps the book when the seller cancels, with focus back on its Delete button', async () => {
    serveListings(api, [sampleProduct({ book_name: 'Dune' })]);
    renderScreen({ routes, at: AT, as: 'seller' });
    const deleteButton = within(await rowOf('Dune')).getByRole('button', { name: 'Delete Dune' });
    await user.click(deleteButton);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteButton).toHaveFocus();
    expect(await rowOf('Dune')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('says why a delete failed and keeps the book', async () => {
    const book = sampleProduct({ book_name: 'Dune' });
    serveListings(api, [book]);
    api.on('DELETE', `/api/product/delete/${book._id}`, { status: 500, body: { message: 'The database is busy' } });
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf('Dune')).getByRole('button', { name: 'Delete Dune' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await findToast('The database is busy')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await rowOf('Dune')).toBeInTheDocument();
  });

  it('shows a server error with Retry, which loads the books', async () => {
    api.on('GET', '/api/product/list', { status: 500, body: { message: 'The database is down' } });
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(await screen.findByText('Your products could not be loaded: The database is down')).toBeInTheDocument();
    expect(await findToast('The database is down')).toBeInTheDocument();

    serveListings(api, [sampleProduct({ book_name: 'Dune' })]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Dune')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('shows a long shelf a page at a time and keeps the total', async () => {
    serveListings(
      api,
      Array.from({ length: 25 }, (_, index) => sampleProduct({ book_name: `Volume ${index + 1}`, addADS: true })),
    );
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(within(await table()).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Total Product: 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(within(await table()).getAllByRole('row')).toHaveLength(6);
    expect(await rowOf('Volume 25')).toBeInTheDocument();
  });
});
