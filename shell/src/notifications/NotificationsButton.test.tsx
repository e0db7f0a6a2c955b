import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '@bookswap/shared/api';
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

/** The bell above every screen, as the top bar has it, so it stays through a navigation. */
function routesWithBell(around: (bell: ReactNode) => ReactNode = (bell) => bell) {
  return [
    {
      element: (
        <>
          {around(<NotificationsButton />)}
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <p>the home page</p> },
        { path: '/dashboard/booking-requests', element: <p>the booking requests</p> },
        { path: '/dashboard/myorder', element: <p>my orders</p> },
      ],
    },
  ];
}
const routes = routesWithBell();
/**
 * The app's own SWR settings (results fresh for 5 minutes, 3 retries; SWR's default of retrying errors, which the
 * app keeps) instead of the test cache's no-dedupe, no-retry ones: polling has to work against those.
 */
const routesWithAppCache = routesWithBell((bell) => (
  <SWRConfig value={{ ...swrConfig, shouldRetryOnError: true }}>{bell}</SWRConfig>
));

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

/** Runs the test with fake clocks, so SWR's poll and retry timers can be moved on. */
async function withFakeTimers(story: () => Promise<void>) {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    await story();
  } finally {
    jest.useRealTimers();
  }
}

async function letTimePass(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const newBooking = sampleNotification({
  _id: 'n1',
  title: 'New booking: Gitanjali',
  body: 'Bea Buyer booked Gitanjali for $12.\nPhone: +1 555 0101. Meeting place: North gate.',
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
    // A screen reader hears the details too, not only the title the name carries.
    expect(items[0]).toHaveAccessibleDescription(
      expect.stringContaining('Phone: +1 555 0101. Meeting place: North gate.'),
    );
    expect(items[1]).toHaveAccessibleName('Payment received: Emma');
    expect(items[1]).toHaveAccessibleDescription(expect.stringContaining('You paid $9.50 for Emma.'));
  });

  it('marks an unread one read, opens the screen it concerns and lowers the count', async () => {
    serveNotifications(api, [newBooking]);
    renderScreen({ routes, at: '/', as: 'seller' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Unread: New booking: Gitanjali' }));
    expect(await screen.findByText('the booking requests')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/notification/read/n1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('lets a keyboard user open the list and choose one with Enter', async () => {
    serveNotifications(api, [newBooking]);
    renderScreen({ routes, at: '/', as: 'seller' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.tab();
    expect(bell).toHaveFocus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('button', { name: 'Unread: New booking: Gitanjali' });
    await user.tab();
    expect(item).toHaveFocus();
    await user.keyboard('{Enter}');
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

  it('shows a new notification without a reload, at the next poll, under the app’s 5-minute freshness', () =>
    withFakeTimers(async () => {
      const state = serveNotifications(api, []);
      renderScreen({ routes: routesWithAppCache, at: '/', as: 'seller' });
      expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
      state.rows = [newBooking];
      await letTimePass(NOTIFICATIONS_POLL_MS);
      expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    }));

  it('comes back by itself after the server was down for longer than the app’s three retries', () =>
    withFakeTimers(async () => {
      serveNotifications(api, []);
      renderScreen({ routes: routesWithAppCache, at: '/', as: 'seller' });
      expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
      api.on('GET', '/api/notification/list', { status: 503, body: { message: 'Restarting' } });
      await letTimePass(NOTIFICATIONS_POLL_MS + 30_000);
      serveNotifications(api, [newBooking]);
      await letTimePass(NOTIFICATIONS_POLL_MS);
      expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    }));
});
