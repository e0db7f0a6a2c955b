import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { TopNav } from './TopNav';

const routes = [
  { path: '/', element: <TopNav /> },
  { path: '/login', element: <p>the login page</p> },
  { path: '/dashboard', element: <p>the dashboard</p> },
];

describe('the top navigation', () => {
  it('offers Home, Category list, Book List and Login to a signed-out visitor', async () => {
    renderRoutes(routes);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Category list' })).toHaveAttribute('href', '/category');
    expect(within(nav).getByRole('link', { name: 'Book List' })).toHaveAttribute('href', '/booklist');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Bookswap' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
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
