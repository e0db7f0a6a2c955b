import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import useSWR, { SWRConfig } from 'swr';
import { bookingKeys, swrConfig } from '@bookswap/shared/api';
import type { Notification } from '@bookswap/shared/schemas';
import {
  type FakeApi,
  fakeApiForEachTest,
  never,
  renderScreen,
  sampleNotification,
  signedInAs,
} from '@bookswap/shared/testing';
import { NotificationsButton } from './NotificationsButton';
import { NOTIFICATIONS_POLL_MS } from './use-notifications';

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

/** A list a remote shows under the bell (Booking Requests), in the same SWR cache: it counts its loads. */
function BookingRequestsList({ load }: { load(): number }) {
  const { data } = useSWR(bookingKeys.requests('seller@bookswap.test', {}), load);
  return <p>booking requests, load {data}</p>;
}

/** The bell and a list under one app cache, as the shell's SWRConfig holds every remote's lists. */
const routesWithAList = (load: () => number) => [
  {
    element: (
      <SWRConfig value={{ ...swrConfig, shouldRetryOnError: true }}>
        <NotificationsButton />
        <Outlet />
      </SWRConfig>
    ),
    children: [{ path: '/dashboard/booking-requests', element: <BookingRequestsList load={load} /> }],
  },
];

/** A server holding the person's notifications, which marks one or all read the way the real one does. */
function serveNotifications(api: FakeApi, initial: Notification[]) {
  const state = { rows: [...initial] };
  api.on('GET', '/api/notification/list', () => ({
    body: { notifications: state.rows, unread: state.rows.filter((row) => !row.read).length },
  }));
  api.on('PUT', '/api/notification/read-all', () => {
    const unread = state.rows.filter((row) => !row.read).length;
    state.rows = state.rows.map((row) => ({ ...row, read: true }));
    return { body: { acknowledged: true, modifiedCount: unread } };
  });
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

  it('counts unread messages beside unread notifications; Mark all read leaves the messages counted', async () => {
    const state = serveNotifications(api, [newBooking, receipt]);
    // Two messages in a booking's thread are unread (decision 030): only reading the thread clears them.
    api.on('GET', '/api/notification/list', () => ({
      body: {
        notifications: state.rows,
        unread: state.rows.filter((row) => !row.read).length,
        unreadMessages: 2,
      },
    }));
    renderScreen({ routes, at: '/', as: 'seller' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByText('3')).toBeInTheDocument();
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it.each([
    ['seller', 'the booking requests'],
    ['buyer', 'my orders'],
  ] as const)('tells a %s how many messages are unread and opens the screen of their threads', async (role, shown) => {
    api.on('GET', '/api/notification/list', () => ({ body: { notifications: [], unread: 0, unreadMessages: 1 } }));
    renderScreen({ routes, at: '/', as: role });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.queryByText('No notifications yet')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: '1 unread message in your bookings' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
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
    const list = await screen.findByRole('list', { name: 'Notifications' });
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
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveFocus();
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

  it('marks every notification read with Mark all read, and the count drops to 0', async () => {
    serveNotifications(api, [newBooking, sampleNotification({ title: 'New booking: Emma' }), receipt]);
    renderScreen({ routes, at: '/', as: 'seller' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(list).getByRole('button', { name: 'Mark all read' }));
    expect(await within(list).findByRole('button', { name: 'New booking: Gitanjali' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'New booking: Emma' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/notification/read-all')).toHaveLength(1);
    // Nothing left to mark.
    expect(within(list).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('keeps the focus in the list while Mark all read is on its way, so Escape still closes it', async () => {
    serveNotifications(api, [newBooking, receipt]);
    api.on('PUT', '/api/notification/read-all', never);
    renderScreen({ routes, at: '/', as: 'seller' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(list).getByRole('button', { name: 'Mark all read' }));
    expect(within(list).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(within(list).getByRole('heading', { name: 'Notifications' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
  });

  it('offers no Mark all read when everything is read', async () => {
    serveNotifications(api, [receipt]);
    renderScreen({ routes, at: '/', as: 'buyer' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('writes each time as the screens do, in the reader’s zone, and names the zone once', async () => {
    serveNotifications(api, [
      sampleNotification({ title: 'New booking: Emma', createdAt: '2026-11-25T10:03:00.000Z' }),
      sampleNotification({ title: 'New booking: Gitanjali', createdAt: '2026-11-25T11:04:00.000Z' }),
    ]);
    renderScreen({ routes, at: '/', as: 'seller' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    // The tests run in UTC (jest.config.cjs).
    expect(within(list).getByText('Times in UTC')).toBeInTheDocument();
    expect(within(list).getByText('November 25, 2026 at 10:03 AM')).toBeInTheDocument();
    expect(within(list).getByText('November 25, 2026 at 11:04 AM')).toBeInTheDocument();
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

  it('refetches the list a new notification concerns (an open Booking Requests), at the next poll', () =>
    withFakeTimers(async () => {
      let loads = 0;
      const state = serveNotifications(api, [receipt]);
      renderScreen({ routes: routesWithAList(() => ++loads), at: '/dashboard/booking-requests', as: 'seller' });
      expect(await screen.findByText('booking requests, load 1')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
      // A poll with nothing new leaves the list alone, under the app's 5-minute freshness.
      await letTimePass(NOTIFICATIONS_POLL_MS);
      expect(screen.getByText('booking requests, load 1')).toBeInTheDocument();
      state.rows = [newBooking, ...state.rows];
      await letTimePass(NOTIFICATIONS_POLL_MS);
      expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
      expect(await screen.findByText('booking requests, load 2')).toBeInTheDocument();
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
