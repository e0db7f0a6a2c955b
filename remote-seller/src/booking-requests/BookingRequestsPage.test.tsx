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
  sampleBookingReviews,
} from '@bookswap/shared/testing';
import routes from '../routes';

const user = userEvent.setup({ delay: null });
const AT = '/dashboard/booking-requests';

/** A server holding the seller's booking requests, which declines and hands over the way the real one does. */
function serveRequests(api: FakeApi, requests: Booking[]) {
  let rows = [...requests];
  api.on('GET', '/api/booking/requests', (call) => answerBookingPage(rows, call));
  for (const request of requests) {
    api.on('PUT', `/api/booking/decline/${request._id}`, () => {
      rows = rows.map((row) => (row._id === request._id ? { ...row, status: 'declined' } : row));
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
    api.on('PUT', `/api/booking/handover/${request._id}`, () => {
      rows = rows.map((row) => (row._id === request._id ? { ...row, status: 'handed-over' } : row));
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
  }
}

const table = () => screen.findByRole('table', { name: 'Booking Requests' });
const rowOf = async (name: string) =>
  (await within(await table()).findByRole('cell', { name })).closest('tr') as HTMLElement;

describe('Booking Requests', () => {
  const api = fakeApiForEachTest();

  it('shows a spinner while the requests load', async () => {
    api.on('GET', '/api/booking/requests', never);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(await screen.findByRole('progressbar', { name: 'Loading your booking requests' })).toBeInTheDocument();
  });

  it('says so when no one has booked the seller’s books yet, and offers the book list', async () => {
    serveRequests(api, []);
    const { router } = renderScreen({ routes, at: AT, as: 'seller' });
    expect(await screen.findByText('No one has booked your books yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse books' }));
    expect(router.state.location.pathname).toBe('/booklist');
  });

  it('pages the requests as the server orders them, newest first, and counts those waiting for payment', async () => {
    serveRequests(
      api,
      Array.from({ length: 12 }, (_, n) =>
        sampleBooking({ book_name: `Request ${12 - n}`, status: n < 3 ? 'paid' : 'waiting-for-payment' }),
      ),
    );
    renderScreen({ routes, at: `${AT}?size=10`, as: 'seller' });
    expect(await rowOf('Request 12')).toBeInTheDocument();
    expect(screen.getByText('Waiting for payment: 9')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Booking Requests pages' })).getByRole('button', {
        name: 'Go to page 2',
      }),
    );
    expect(await rowOf('Request 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 11–12 of 12')).toBeInTheDocument();
    const asked = api.callsTo('GET', '/api/booking/requests').at(-1)!.url.searchParams;
    expect([asked.get('page'), asked.get('size')]).toEqual(['1', '10']);
  });

  it('refetches when the tab regains focus, so a booking made meanwhile shows without a reload', async () => {
    const rows = [sampleBooking({ book_name: 'First Book' })];
    api.on('GET', '/api/booking/requests', (call) => answerBookingPage(rows, call));
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(await rowOf('First Book')).toBeInTheDocument();
    rows.unshift(sampleBooking({ book_name: 'Booked Meanwhile' }));
    // SWR checks again on focus at most every 5 s (staysCurrent), counted from the list's first load.
    await act(() => new Promise((resolve) => setTimeout(resolve, 5_100)));
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await rowOf('Booked Meanwhile')).toBeInTheDocument();
  });

  it('filters by status, the filter kept in the URL', async () => {
    serveRequests(api, [
      sampleBooking({ book_name: 'Waiting Book' }),
      sampleBooking({ book_name: 'Paid Book', status: 'paid', paid: true }),
    ]);
    const { router } = renderScreen({ routes, at: AT, as: 'seller' });
    await rowOf('Waiting Book');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Waiting Book' })).not.toBeInTheDocument());
    expect(await rowOf('Paid Book')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=paid');
  });

  it('shows who booked which book, how to reach them, where to meet, when, the price and the status', async () => {
    serveRequests(api, [
      sampleBooking({
        book_name: 'Gitanjali',
        buyerName: 'Bea Buyer',
        phone: '+880 1711 222333',
        meetingLocation: 'North gate, 5 pm',
        // What the buyer's screen typed, in its own zone unnamed, is not shown: the time of booking in the reader's is.
        bookDate: 'November 24, 2026 at 10:00 AM',
        bookedAt: '2026-11-24T15:00:00.000Z',
        price: '12.50',
        status: 'waiting-for-payment',
      }),
    ]);
    renderScreen({ routes, at: AT, as: 'seller' });
    const row = await rowOf('Gitanjali');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining([
        'Bea Buyer',
        '+880 1711 222333',
        'North gate, 5 pm',
        'November 24, 2026 at 3:00 PM',
        '$12.50',
        'Waiting for payment',
      ]),
    );
    expect(within(row).getByRole('img', { name: 'Cover of Gitanjali' })).toBeInTheDocument();
    // The zone, named once (the tests run in UTC, jest.config.cjs).
    expect(screen.getByRole('columnheader', { name: 'Booking Date (UTC)' })).toBeInTheDocument();
  });

  it('offers Decline only on a booking waiting for payment and Mark handed over only on a paid one', async () => {
    serveRequests(api, [
      sampleBooking({ book_name: 'Waiting Book', status: 'waiting-for-payment' }),
      sampleBooking({ book_name: 'Paid Book', status: 'paid', paid: true }),
      sampleBooking({ book_name: 'Cancelled Book', status: 'cancelled-by-buyer' }),
      sampleBooking({ book_name: 'Sold Elsewhere Book', status: 'sold-to-another-buyer' }),
    ]);
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(within(await rowOf('Waiting Book')).getByRole('button', { name: /^Decline/ })).toBeInTheDocument();
    expect(within(await rowOf('Paid Book')).getByRole('button', { name: /handed over/ })).toBeInTheDocument();
    for (const name of ['Cancelled Book', 'Sold Elsewhere Book']) {
      // Only the Messages button: an ended booking's thread stays readable (decision 030).
      expect(
        within(await rowOf(name))
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Messages']);
    }
    expect(within(await rowOf('Cancelled Book')).getByText('Cancelled by buyer')).toBeInTheDocument();
    expect(within(await rowOf('Sold Elsewhere Book')).getByText('Sold to another buyer')).toBeInTheDocument();
  });

  it('declines through the confirmation dialog, then shows Declined', async () => {
    const waiting = sampleBooking({ book_name: 'Waiting Book', buyerName: 'Bea Buyer', status: 'waiting-for-payment' });
    serveRequests(api, [waiting]);
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf('Waiting Book')).getByRole('button', { name: /^Decline/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this booking?' });
    expect(dialog).toHaveTextContent('Bea Buyer will be told that you declined their booking of Waiting Book');
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await findToast('Booking declined')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('Waiting Book')).getByText('Declined')).toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.url.pathname)).toEqual([
      `/api/booking/decline/${waiting._id}`,
    ]);
  });

  it('asks before marking a paid booking handed over, then shows Handed over', async () => {
    const paid = sampleBooking({ book_name: 'Paid Book', buyerName: 'Bea Buyer', status: 'paid', paid: true });
    serveRequests(api, [paid]);
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf('Paid Book')).getByRole('button', { name: /handed over/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this book handed over?' });
    expect(dialog).toHaveTextContent('Bea Buyer will be told that you handed Paid Book over to them');
    expect(api.callsTo('PUT', `/api/booking/handover/${paid._id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Mark handed over' }));
    expect(await findToast('Marked handed over')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('Paid Book')).getByText('Handed over')).toBeInTheDocument());
    expect(api.callsTo('PUT', `/api/booking/handover/${paid._id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Booking Requests' })).toHaveFocus());
  });

  it('hands nothing over when the seller thinks better of it', async () => {
    const paid = sampleBooking({ book_name: 'Paid Book', status: 'paid', paid: true });
    serveRequests(api, [paid]);
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(within(await rowOf('Paid Book')).getByRole('button', { name: /handed over/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', `/api/booking/handover/${paid._id}`)).toHaveLength(0);
    expect(within(await rowOf('Paid Book')).getByText('Paid')).toBeInTheDocument();
  });

  it('says what failed, with Retry, when the requests cannot be loaded', async () => {
    api.on('GET', '/api/booking/requests', { status: 500, body: { message: 'Something went wrong on the server' } });
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('gives each request a Messages button naming the book and the buyer, with its unread count, opening the thread', async () => {
    serveRequests(api, [
      sampleBooking({ _id: 'b7', book_name: 'Emma', buyerName: 'Bea Buyer' }),
      sampleBooking({ _id: 'b8', book_name: 'Dracula', buyerName: 'Ben Buyer', status: 'handed-over', paid: true }),
    ]);
    api.on('GET', '/api/message/unread', { body: { total: 1, threads: [{ bookingId: 'b8', unread: 1 }] } });
    api.on('GET', '/api/booking/b8/messages', {
      body: { bookingId: 'b8', book_name: 'Dracula', open: false, unread: 1, messages: [] },
    });
    api.on('PUT', '/api/booking/b8/messages/read', { body: { acknowledged: true, modifiedCount: 1 } });
    renderScreen({ routes, at: AT, as: 'seller' });
    expect(
      within(await rowOf('Emma')).getByRole('button', { name: 'Messages about Emma with Bea Buyer' }),
    ).toBeInTheDocument();
    const dracula = await rowOf('Dracula');
    await user.click(
      await within(dracula).findByRole('button', { name: 'Messages about Dracula with Ben Buyer, 1 unread' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Messages about Dracula' });
    expect(dialog).toHaveTextContent('With Ben Buyer');
    expect(await within(dialog).findByText('No messages yet.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/booking/b8/messages/read')).toHaveLength(1));
  });

  it('offers Leave a review on a handed-over request only, naming the book, opening the review dialog', async () => {
    serveRequests(api, [
      sampleBooking({ _id: 'b7', book_name: 'Emma', buyerName: 'Bea Buyer', status: 'paid', paid: true }),
      sampleBooking({ _id: 'b8', book_name: 'Dracula', buyerName: 'Ben Buyer', status: 'handed-over', paid: true }),
    ]);
    api.on('GET', '/api/booking/b8/review', {
      body: sampleBookingReviews({ bookingId: 'b8', book_name: 'Dracula', party: 'seller', otherName: 'Ben Buyer' }),
    });
    renderScreen({ routes, at: AT, as: 'seller' });
    await user.click(await within(await rowOf('Dracula')).findByRole('button', { name: 'Leave a review for Dracula' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reviews of Dracula' });
    expect(await within(dialog).findByRole('radiogroup', { name: 'How was meeting Ben Buyer?' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/b7/review')).toHaveLength(0);
  });
});
