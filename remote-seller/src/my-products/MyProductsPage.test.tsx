import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyProduct } from '@bookswap/shared/schemas';
import {
  type FakeApi,
  fakeApiForEachTest,
  findToast,
  never,
  renderScreen,
  sampleIdentities,
  sampleMyProduct,
} from '@bookswap/shared/testing';
import routes from '../routes';

const user = userEvent.setup({ delay: null });
const AT = '/dashboard/myproduct';

/** A server holding the seller's listings, which advertises, edits and deletes the way the real one does. */
function serveListings(api: FakeApi, listings: MyProduct[]) {
  let shelf = [...listings];
  api.on('GET', '/api/product/list', () => ({ body: shelf }));
  for (const listing of listings) {
    api.on('PUT', `/api/product/update/${listing._id}`, () => {
      shelf = shelf.map((item) => (item._id === listing._id ? { ...item, addADS: true } : item));
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
    api.on('PUT', `/api/product/edit/${listing._id}`, ({ body }) => {
      shelf = shelf.map((item) => (item._id === listing._id ? { ...item, ...(body as Partial<MyProduct>) } : item));
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
    // The next step, under the empty table.
    expect(screen.getByText('List a book, and buyers find it in the Book List.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'List your first book' })).toHaveAttribute('href', '/dashboard/addproduct');
  });

  it('offers no first-book link once the seller has a book', async () => {
    serveListings(api, [sampleMyProduct({ book_name: 'Dune' })]);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(await rowOf('Dune')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'List your first book' })).not.toBeInTheDocument();
  });

  it('says a book an admin hid is Hidden by admin, with the reasons, and offers no Edit on it', async () => {
    serveListings(api, [
      sampleMyProduct({
        book_name: 'Hidden Away',
        report: 'true',
        hidden: true,
        hiddenReasons: ['High Price', 'False Information'],
      }),
    ]);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(cellsOf(await rowOf('Hidden Away'))).toEqual([
      '',
      'Hidden Away',
      '$12.00',
      'Hidden by admin',
      '',
      'Reason: High Price, False Information',
      '',
      'Delete',
    ]);
    expect(screen.queryByText('available')).not.toBeInTheDocument();
    expect(screen.queryByText('Reported')).not.toBeInTheDocument();
  });

  it('lists the seller’s own books with image, name, price, sold status, ads and report', async () => {
    serveListings(api, [
      sampleMyProduct({ book_name: 'Dune', resale_price: '12.50' }),
      sampleMyProduct({ book_name: 'Emma', resale_price: '7', paid: true }),
      sampleMyProduct({ book_name: 'Ulysses', resale_price: '9', report: 'true' }),
    ]);
    renderScreen({ routes, at: AT, as: 'seller' });

    expect(cellsOf(await rowOf('Dune'))).toEqual(['', 'Dune', '$12.50', 'available', 'Add ADS', '', 'Edit', 'Delete']);
    expect(cellsOf(await rowOf('Emma'))).toEqual(['', 'Emma', '$7.00', 'sold', '', '', '', 'Delete']);
    expect(cellsOf(await rowOf('Ulysses'))).toEqual([
      '',
      'Ulysses',
      '$9.00',
      'available',
      '',
      'Reported',
      'Edit',
      'Delete',
    ]);
    expect(within(await rowOf('Dune')).getByRole('img', { name: 'Cover of Dune' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Total Product: 3')).toBeInTheDocument();
    const [call] = api.callsTo('GET', '/api/product/list');
    expect(call!.url.searchParams.get('email')).toBe(sampleIdentities.seller.email);
  });

  it('offers Add ADS only on a book that is neither advertised nor reported', async () => {
    serveListings(api, [
      sampleMyProduct({ book_name: 'Fresh' }),
      sampleMyProduct({ book_name: 'On show', addADS: true }),
      sampleMyProduct({ book_name: 'Flagged', report: 'true' }),
    ]);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(within(await rowOf('Fresh')).getByRole('button', { name: 'Add ADS for Fresh' })).toBeVisible();
    expect(within(await rowOf('On show')).queryByRole('button', { name: /Add ADS/ })).not.toBeInTheDocument();
    expect(within(await rowOf('On show')).getByText('Advertised')).toBeVisible();
    expect(within(await rowOf('Flagged')).queryByRole('button', { name: /Add ADS/ })).not.toBeInTheDocument();
  });

  it('advertises a book: a toast, and the row changes in place', async () => {
    const book = sampleMyProduct({ book_name: 'Dune' });
    serveListings(api, [book]);
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf('Dune')).getByRole('button', { name: 'Add ADS for Dune' }));

    expect(await findToast('add ads item successfully')).toBeInTheDocument();
    expect(await within(await rowOf('Dune')).findByText('Advertised')).toBeVisible();
    expect(within(await rowOf('Dune')).queryByRole('button', { name: /Add ADS/ })).not.toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/product/update/${book._id}`)).toHaveLength(1);
  });

  it('keeps Add ADS and says why when the server refuses to advertise', async () => {
    const book = sampleMyProduct({ book_name: 'Dune' });
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
    const book = sampleMyProduct({ book_name: 'The Old Man and the Sea' });
    serveListings(api, [book, sampleMyProduct({ book_name: 'Emma' })]);
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
    serveListings(api, [sampleMyProduct({ book_name: 'Dune' })]);
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
    const book = sampleMyProduct({ book_name: 'Dune' });
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

    serveListings(api, [sampleMyProduct({ book_name: 'Dune' })]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Dune')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('shows a long shelf a page at a time and keeps the total', async () => {
    serveListings(
      api,
      Array.from({ length: 25 }, (_, index) => sampleMyProduct({ book_name: `Volume ${index + 1}`, addADS: true })),
    );
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(within(await table()).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Total Product: 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(within(await table()).getAllByRole('row')).toHaveLength(6);
    expect(await rowOf('Volume 25')).toBeInTheDocument();
  });
});

describe('Editing a book on My Product', () => {
  const api = fakeApiForEachTest();
  const STORED_URL = 'http://api.test/images/0123abcd.png';
  const textbox = (name: string) => within(screen.getByRole('dialog')).getByRole('textbox', { name });

  async function openEdit(book: MyProduct) {
    serveListings(api, [book]);
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf(book.book_name)).getByRole('button', { name: `Edit ${book.book_name}` }));
    return screen.findByRole('dialog', { name: `Edit ${book.book_name}` });
  }

  it('offers Edit on an unsold book only', async () => {
    serveListings(api, [sampleMyProduct({ book_name: 'Unsold' }), sampleMyProduct({ book_name: 'Gone', paid: true })]);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(within(await rowOf('Unsold')).getByRole('button', { name: 'Edit Unsold' })).toBeEnabled();
    expect(within(await rowOf('Gone')).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('opens prefilled with the listing and its current cover', async () => {
    const book = sampleMyProduct({
      book_name: 'Dune',
      author_name: 'Frank Herbert',
      book_condition: 'Fair',
      original_price: '20',
      resale_price: '12.50',
      location: 'Main Street Library',
      phone: '+1 555 0100',
    });
    const dialog = await openEdit(book);
    expect(textbox('Book Name')).toHaveValue('Dune');
    expect(textbox('Author Name')).toHaveValue('Frank Herbert');
    expect(within(dialog).getByRole('combobox', { name: 'Condition' })).toHaveValue('Fair');
    expect(textbox('Original Price')).toHaveValue('20');
    expect(textbox('Resale Price')).toHaveValue('12.50');
    expect(textbox('Location')).toHaveValue('Main Street Library');
    expect(textbox('Mobile No')).toHaveValue('+1 555 0100');
    expect(within(dialog).getByRole('img', { name: 'Current cover of Dune' })).toHaveAttribute('src', book.img);
    expect(within(dialog).getByText('The current cover stays unless you choose another image')).toBeVisible();
    // Category, years of use and description are not the seller's to change once listed.
    expect(within(dialog).queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
  });

  it('saves the new title and price: a toast, the dialog closes and the row shows them', async () => {
    const book = sampleMyProduct({ book_name: 'Dune', resale_price: '12.50' });
    await openEdit(book);
    await user.clear(textbox('Book Name'));
    await user.type(textbox('Book Name'), 'Dune Messiah');
    await user.clear(textbox('Resale Price'));
    await user.type(textbox('Resale Price'), '9');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await findToast('Product updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cellsOf(await rowOf('Dune Messiah'))[2]).toBe('$9.00');
    expect(api.callsTo('PUT', `/api/product/edit/${book._id}`)[0]!.body).toEqual({
      book_name: 'Dune Messiah',
      author_name: book.author_name,
      book_condition: book.book_condition,
      original_price: book.original_price,
      resale_price: '9',
      location: book.location,
      phone: book.phone,
      img: book.img,
    });
  });

  it('sends a newly chosen cover', async () => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
    api.on('POST', '/api/image/upload', { body: { success: true, data: { url: STORED_URL } } });
    const book = sampleMyProduct({ book_name: 'Dune' });
    const dialog = await openEdit(book);
    await user.upload(
      within(dialog).getByLabelText('Image file'),
      new File([new Uint8Array(68)], 'new.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText('new.png is uploaded')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await findToast('Product updated successfully');
    expect(api.callsTo('PUT', `/api/product/edit/${book._id}`)[0]!.body).toMatchObject({ img: STORED_URL });
  });

  it('shows Add Product’s messages for empty fields and sends nothing', async () => {
    await openEdit(sampleMyProduct({ book_name: 'Dune' }));
    await user.clear(textbox('Book Name'));
    await user.clear(textbox('Resale Price'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(textbox('Book Name')).toHaveAccessibleDescription('Name is required');
    expect(textbox('Resale Price')).toHaveAccessibleDescription('Resale price is required');
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('warns, without refusing, when the resale price is above the original price', async () => {
    const book = sampleMyProduct({ book_name: 'Dune', original_price: '20', resale_price: '12' });
    const dialog = await openEdit(book);
    expect(within(dialog).queryByText(/resale price is above the original price/)).not.toBeInTheDocument();
    await user.clear(textbox('Resale Price'));
    await user.type(textbox('Resale Price'), '25');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The resale price is above the original price. You can still list it, but buyers may find it too high.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await findToast('Product updated successfully')).toBeInTheDocument();
  });

  it('says why the server refused, and keeps the dialog open', async () => {
    const book = sampleMyProduct({ book_name: 'Dune' });
    serveListings(api, [book]);
    api.on('PUT', `/api/product/edit/${book._id}`, {
      status: 409,
      body: { message: 'A sold product cannot be edited' },
    });
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf('Dune')).getByRole('button', { name: 'Edit Dune' }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await findToast('A sold product cannot be edited')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Dune' })).toBeVisible();
  });

  it('changes nothing when the seller cancels', async () => {
    const book = sampleMyProduct({ book_name: 'Dune' });
    await openEdit(book);
    await user.clear(textbox('Book Name'));
    await user.type(textbox('Book Name'), 'Something Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowOf('Dune')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});
