import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@bookswap/shared/schemas';
import {
  type FakeApi,
  fakeApiForEachTest,
  renderScreen,
  sampleNotification,
  signedInAs,
} from '@bookswap/shared/testing';
import { NotificationsButton } from './NotificationsButton';
import { NOTIFICATIONS_POLL_MS } from './use-notifications';

jest.setTimeout(15_000);

const routes = [
  { path: '/', element: <NotificationsButton /> },
  { path: '/dashboard/booking-requests', element: <p>the booking requests</p> },
  { path: '/dashboard/myorder', element: <p>my orders</p> },
];

/** A server holding the person's notifications, which marks one read the way the real one does. */
function serveNotifications(api: FakeApi, initial: Notification[]) {
  const state = { rows: [...initial] };
  api.on('GET', '/api/notification/list', () => ({
    body: { notifications: state.rows, unread: state.rows.filter((row) => !row.read).length },
  }));
  for (const row of initial)
    api.on('PUT', `/api/notification/read/${row._id}`, () => {
      state.rows = state.rows.map((each) => (each._id === row._id ? { ...each, read: true } : each));
      return { body: { acknowledged: true, modifiedCount: 1 } };
    });
  return state;
}

const newBooking = sampleNotification({
  _id: 'n1',
  title: 'New booking: Gitanjali',
  body: 'Bea Buyer booked Gitanjali for $12. Phone: +1 555 0101. Meeting place: North gate.',
  link: '/dashboard/booking-requests',
});
const receipt = sampleNotification({
  _id: 'n2',
  kind: 'payment-receipt',
  title: 'Payment received: Emma',
  body: 'You paid $9.50 for Emma.',
  link: '/dashboard/myorder',
  read: true,
});

describe('the notifications bell', () => {
  const api = fakeApiForEachTest();
  const user = userEvent.setup({ delay: null });

  it('carries the unread count in its accessible name', async () => {
    serveNotifications(api, [newBooking, sampleNotification({ read: false }), receipt]);
    renderScreen({ routes, at: '/', as: 'seller' });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('asks nothing while a sign-in is still establishing (its access token may not be there yet)', async () => {
    serveNotifications(api, [newBooking]);
    renderScreen({ routes, at: '/', as: signedInAs('seller', { loading: true }) });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/notification/list')).toHaveLength(0);
  });

  it('lists each notification with its title and details, newest first as the server sends them', async () => {
    serveNotifications(api, [newBooking, receipt]);
    renderScreen({ routes, at: '/', as: 'seller' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(list).getAllByRole('button');
    expect(items[0]).toHaveAccessibleName('Unread: New booking: Gitanjali');
    expect(items[0]).toHaveTextContent('Phone: +1 555 0101. Meeting place: North gate.');
    expect(items[1]).toHaveAccessibleName('Payment received: Emma');
  });

  it('marks an unread one read and opens the screen it concerns', async () => {
    serveNotifications(api, [newBooking]);
    renderScreen({ routes, at: '/', as: 'seller' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Unread: New booking: Gitanjali' }));
    expect(await screen.findByText('the booking requests')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/notification/read/n1')).toHaveLength(1));
  });

  it('opens a read one without marking it again', async () => {
    serveNotifications(api, [receipt]);
    renderScreen({ routes, at: '/', as: 'buyer' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Payment received: Emma' }));
    expect(await screen.findByText('my orders')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/notification/read/n2')).toHaveLength(0);
  });

  it('says so when there is nothing yet', async () => {
    serveNotifications(api, []);
    renderScreen({ routes, at: '/', as: 'buyer' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('says why the list failed to load, and Retry loads it', async () => {
    api.on('GET', '/api/notification/list', { status: 500, body: { message: 'The database is busy' } });
    renderScreen({ routes, at: '/', as: 'buyer' });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Your notifications could not be loaded: The database is busy')).toBeInTheDocument();
    serveNotifications(api, [receipt]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Payment received: Emma' })).toBeInTheDocument();
  });

  it('shows a new notification without a reload, at the next poll', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const state = serveNotifications(api, []);
      renderScreen({ routes, at: '/', as: 'seller' });
      expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
      state.rows = [newBooking];
      await act(async () => {
        await jest.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS);
      });
      expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
