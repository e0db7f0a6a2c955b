import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Booking } from '@bookswap/shared/schemas';
import {
  answerBookingPage,
  type FakeApi,
  fakeApiForEachTest,
  findToast,
  never,
  renderScreen,
  sampleBooking,
} from '@bookswap/shared/testing';
import routes from '../routes';

const user = userEvent.setup({ delay: null });

/** A server holding the buyer's bookings, which cancels the way the real one does. */
function serveOrders(api: FakeApi, orders: Booking[]) {
  let rows = [...orders];
  api.on('GET', '/api/booking/orders', (call) => answerBookingPage(rows, call));
  for (const order of orders) {
    api.on('PUT', `/api/booking/cancel/${order._id}`, () => {
      rows = rows.map((row) => (row._id === order._id ? { ...row, status: 'cancelled-by-buyer' } : row));
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
  }
}

const rowOf = async (name: string) =>
  (await within(await screen.findByRole('table', { name: 'My Orders' })).findByRole('cell', { name })).closest(
    'tr',
  ) as HTMLElement;

describe('My Orders', () => {
  const api = fakeApiForEachTest();

  it('shows each booking’s status, where to meet and whom: the seller’s name and phone', async () => {
    serveOrders(api, [
      sampleBooking({
        book_name: 'Gitanjali',
        meetingLocation: 'North gate, 5 pm',
        sellerName: 'Sam Seller',
        sellerPhone: '+1 555 0199',
      }),
    ]);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    const row = await rowOf('Gitanjali');
    expect(within(row).getByText('North gate, 5 pm')).toBeInTheDocument();
    expect(within(row).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '+1 555 0199' })).toHaveAttribute('href', 'tel:+15550199');
    expect(within(row).getByText('Waiting for payment')).toBeInTheDocument();
  });

  it.each([
    ['cancelled-by-buyer', 'Cancelled by buyer'],
    ['declined', 'Declined'],
    ['sold-to-another-buyer', 'Sold to another buyer'],
    ['handed-over', 'Handed over'],
  ] as const)('shows a %s booking as “%s”, with neither Pay nor Cancel', async (status, label) => {
    serveOrders(api, [sampleBooking({ book_name: 'Dracula', status, paid: status === 'handed-over' })]);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    const row = await rowOf('Dracula');
    expect(within(row).getByText(label)).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Pay for Dracula' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('cancels a booking waiting for payment after the buyer confirms, and the row reads Cancelled by buyer', async () => {
    serveOrders(api, [sampleBooking({ _id: 'b9', book_name: 'Persuasion' })]);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    const row = await rowOf('Persuasion');
    await user.click(within(row).getByRole('button', { name: 'Cancel booking of Persuasion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent('The seller will be told that you cancelled your booking of Persuasion');
    expect(api.callsTo('PUT', '/api/booking/cancel/b9')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await findToast('Booking cancelled')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/cancel/b9')).toHaveLength(1);
    expect(await within(await rowOf('Persuasion')).findByText('Cancelled by buyer')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay for Persuasion' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'My Orders' })).toHaveFocus());
  });

  it('says why when the seller declined the booking meanwhile, closes the dialog, and the row reads Declined', async () => {
    let status: Booking['status'] = 'waiting-for-payment';
    const order = sampleBooking({ _id: 'b11', book_name: 'Beloved' });
    api.on('GET', '/api/booking/orders', (call) => answerBookingPage([{ ...order, status }], call));
    api.on('PUT', '/api/booking/cancel/b11', () => ({
      status: 409,
      body: { message: 'Only a booking waiting for payment can be cancelled; this one is Declined' },
    }));
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    await user.click(within(await rowOf('Beloved')).getByRole('button', { name: 'Cancel booking of Beloved' }));
    status = 'declined';
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', {
        name: 'Cancel booking',
      }),
    );

    expect(
      await findToast('Only a booking waiting for payment can be cancelled; this one is Declined'),
    ).toBeInTheDocument();
    expect(await within(await rowOf('Beloved')).findByText('Declined')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay for Beloved' })).not.toBeInTheDocument();
    // Nothing is left to confirm: the dialog closes and the keyboard lands on the heading, not on a lost button.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'My Orders' })).toHaveFocus());
    expect(api.callsTo('PUT', '/api/booking/cancel/b11')).toHaveLength(1);
  });

  it('keeps the booking when the buyer thinks better of cancelling', async () => {
    serveOrders(api, [sampleBooking({ _id: 'b10', book_name: 'Emma' })]);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    await user.click(within(await rowOf('Emma')).getByRole('button', { name: 'Cancel booking of Emma' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/booking/cancel/b10')).toHaveLength(0);
    expect(within(await rowOf('Emma')).getByRole('link', { name: 'Pay for Emma' })).toBeInTheDocument();
  });

  it('lists the buyer’s bookings with image, name and price, Paid or a Pay link to the payment screen', async () => {
    const unpaid = sampleBooking({ _id: 'b1', book_name: 'Dracula', price: '14', paid: false });
    const paid = sampleBooking({ _id: 'b2', book_name: 'Emma', price: '9.50', paid: true, status: 'paid' });
    serveOrders(api, [unpaid, paid]);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });

    const table = await screen.findByRole('table', { name: 'My Orders' });
    const [, draculaRow, emmaRow] = within(table).getAllByRole('row');
    expect(within(draculaRow!).getByRole('img', { name: 'Cover of Dracula' })).toBeInTheDocument();
    expect(within(draculaRow!).getByText('Dracula')).toBeInTheDocument();
    expect(within(draculaRow!).getByText('$14.00')).toBeInTheDocument();
    expect(within(draculaRow!).getByRole('link', { name: 'Pay for Dracula' })).toHaveAttribute(
      'href',
      '/dashboard/payment/b1',
    );
    expect(within(emmaRow!).getByText('$9.50')).toBeInTheDocument();
    expect(within(emmaRow!).getByText('Paid')).toBeInTheDocument();
    expect(within(emmaRow!).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/list')).toHaveLength(0);
  });

  it('says No Order when the buyer has booked nothing, and offers the book list', async () => {
    serveOrders(api, []);
    const { router } = renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    expect(await screen.findByText('No Order')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse books' }));
    expect(router.state.location.pathname).toBe('/booklist');
  });

  it('shows when each was booked, in the reader’s zone named once in the header', async () => {
    serveOrders(api, [sampleBooking({ book_name: 'Emma', bookedAt: '2026-11-24T10:03:00.000Z', bookDate: 'typed' })]);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    const row = await rowOf('Emma');
    // The tests run in UTC (jest.config.cjs).
    expect(screen.getByRole('columnheader', { name: 'Booking Date (UTC)' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'November 24, 2026 at 10:03 AM' })).toBeInTheDocument();
  });

  it('lists the server’s newest first a page at a time, and moves between pages', async () => {
    const orders = Array.from({ length: 7 }, (_, n) => sampleBooking({ book_name: `Order ${7 - n}` }));
    serveOrders(api, orders);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent),
    ).toEqual(['Order 7', 'Order 6', 'Order 5', 'Order 4', 'Order 3']);
    expect(screen.getByText('Showing 1–5 of 7')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'My Orders pages' })).getByRole('button', { name: 'Go to page 2' }),
    );
    expect(await rowOf('Order 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 6–7 of 7')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/orders').at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('filters by status, and says so when none has it rather than No Order', async () => {
    serveOrders(api, [
      sampleBooking({ book_name: 'Waiting Book' }),
      sampleBooking({ book_name: 'Paid Book', status: 'paid', paid: true }),
    ]);
    const { router } = renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    await rowOf('Waiting Book');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Waiting Book' })).not.toBeInTheDocument());
    expect(await rowOf('Paid Book')).toBeInTheDocument();
    // In the URL, so a reload or Back returns to it.
    expect(router.state.location.search).toBe('?status=paid');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    expect(await screen.findByText('No booking is declined')).toBeInTheDocument();
    expect(screen.queryByText('No Order')).not.toBeInTheDocument();
  });

  it('shows a spinner while the orders load', async () => {
    api.on('GET', '/api/booking/orders', never);
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    expect(await screen.findByRole('progressbar', { name: 'Loading your orders' })).toBeInTheDocument();
  });

  it('says why the orders failed to load, and Retry loads them', async () => {
    api.on('GET', '/api/booking/orders', { status: 500, body: { message: 'The database is busy' } });
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    expect(await screen.findByText('Your orders could not be loaded: The database is busy')).toBeInTheDocument();
    expect(await findToast('The database is busy')).toBeInTheDocument();

    serveOrders(api, [sampleBooking({ book_name: 'Persuasion' })]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Pay for Persuasion' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument());
  });

  it('keeps the payment confirmation handed over by the payment screen until it is closed', async () => {
    serveOrders(api, [sampleBooking({ book_name: 'Emma', paid: true, status: 'paid' })]);
    const { router } = renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    await screen.findByText('Paid');
    await act(() =>
      router.navigate('/dashboard/myorder', {
        state: { paymentConfirmation: { bookName: 'Emma', transactionId: 'pi_sandbox_123' } },
      }),
    );
    // The table's "Showing 1–1 of 1" is a status too.
    const banner = (await screen.findByText('congrats! your payment complete')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(banner).toHaveTextContent('congrats! your payment complete');
    expect(banner).toHaveTextContent('Your transaction id: pi_sandbox_123');
    await user.click(within(banner).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('congrats! your payment complete')).not.toBeInTheDocument());
  });

  it('gives each order a Messages button naming the book and the seller, with its unread count, opening the thread', async () => {
    serveOrders(api, [
      sampleBooking({ _id: 'b7', book_name: 'Emma', status: 'paid', paid: true, sellerName: 'Sam Seller' }),
      sampleBooking({ _id: 'b8', book_name: 'Dracula', sellerName: 'Sol Seller' }),
    ]);
    api.on('GET', '/api/message/unread', { body: { total: 2, threads: [{ bookingId: 'b7', unread: 2 }] } });
    api.on('GET', '/api/booking/b7/messages', {
      body: {
        bookingId: 'b7',
        book_name: 'Emma',
        open: true,
        unread: 2,
        messages: [
          { _id: 'm1', authorName: 'Sam Seller', mine: false, text: 'Friday?', sentAt: '2026-11-02T15:30:00.000Z' },
        ],
      },
    });
    api.on('PUT', '/api/booking/b7/messages/read', { body: { acknowledged: true, modifiedCount: 1 } });
    renderScreen({ routes, at: '/dashboard/myorder', as: 'buyer' });
    const emma = await rowOf('Emma');
    const messages = await within(emma).findByRole('button', { name: 'Messages about Emma with Sam Seller, 2 unread' });
    expect(within(emma).getByText('2')).toBeInTheDocument();
    expect(
      within(await rowOf('Dracula')).getByRole('button', { name: 'Messages about Dracula with Sol Seller' }),
    ).toBeInTheDocument();
    await user.click(messages);
    const dialog = await screen.findByRole('dialog', { name: 'Messages about Emma' });
    expect(await within(dialog).findByText('Friday?')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/booking/b7/messages/read')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(messages).toHaveFocus());
  });
});
