import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiForEachTest } from '@bookswap/shared/testing';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { TopNav } from './TopNav';

const routes = [
  { path: '/', element: <TopNav /> },
  { path: '/login', element: <p>the login page</p> },
  { path: '/dashboard', element: <p>the dashboard</p> },
];

describe('the top navigation', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => api.on('GET', '/api/notification/list', { body: { notifications: [], unread: 0 } }));

  it('offers Home, Category list, Book List and Login to a signed-out visitor', async () => {
    renderRoutes(routes);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Category list' })).toHaveAttribute('href', '/category');
    expect(within(nav).getByRole('link', { name: 'Book List' })).toHaveAttribute('href', '/booklist');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Bookswap' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/notification/list')).toHaveLength(0);
  });

  it('shows a signed-in user the notifications bell beside the avatar', async () => {
    renderRoutes(routes, { auth: signedInAs('seller') });
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('shows a signed-in user an avatar menu with Dashboard and Log out instead of Login', async () => {
    renderRoutes(routes, { auth: signedInAs('buyer') });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Dashboard' }));
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
  });

  it('logs out from the avatar menu and goes to /login', async () => {
    const auth = signedInAs('seller');
    renderRoutes(routes, { auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('the login page')).toBeInTheDocument();
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });
});
