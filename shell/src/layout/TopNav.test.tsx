import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { atScreenWidth, fakeApiForEachTest, findToast, PHONE_WIDTH } from '@bookswap/shared/testing';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { TopNav } from './TopNav';

const routes = [
  { path: '/', element: <TopNav /> },
  { path: '/booklist', element: <TopNav /> },
  { path: '/category', element: <TopNav /> },
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
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/notification/list')).toHaveLength(0);
  });

  it('marks the page the visitor is on, and only that one', async () => {
    renderRoutes(routes, { path: '/booklist' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Book List' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Category list' })).not.toHaveAttribute('aria-current');
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

  it('logs out of all devices from the avatar menu and goes to /login', async () => {
    const auth = signedInAs('buyer');
    const logOutEverywhere = jest.fn(() => Promise.resolve());
    renderRoutes(routes, { auth, logOutEverywhere });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out of all devices' }));
    expect(await screen.findByText('the login page')).toBeInTheDocument();
    expect(logOutEverywhere).toHaveBeenCalledTimes(1);
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('says why logging out of all devices failed, and stays where it was', async () => {
    const failure = 'Could not log out of all devices, so you are still signed in everywhere. Try again.';
    const logOutEverywhere = jest.fn(() => Promise.reject(new Error(failure)));
    renderRoutes(routes, { auth: signedInAs('seller'), logOutEverywhere });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out of all devices' }));
    expect(await findToast(failure)).toBeInTheDocument();
    expect(screen.queryByText('the login page')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => (restore = atScreenWidth(PHONE_WIDTH)));
    afterEach(() => restore());

    it('keeps only the logo and a Menu button in the bar, the menu closed until pressed', () => {
      renderRoutes(routes);
      const button = screen.getByRole('button', { name: 'Menu' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).not.toHaveAttribute('aria-controls');
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Book List' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Bookswap' })).toBeInTheDocument();
    });

    it('opens the navigation from the keyboard, focus inside, the current page marked; Escape closes it', async () => {
      const user = userEvent.setup();
      renderRoutes(routes, { path: '/booklist' });
      const button = screen.getByRole('button', { name: 'Menu' });
      await user.tab();
      expect(button).toHaveFocus();
      await user.keyboard('{Enter}');

      const menu = await screen.findByRole('menu', { name: 'Main' });
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(button).toHaveAttribute('aria-controls', menu.id);
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Home', 'Category list', 'Book List', 'Login']);
      await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Home' })).toHaveFocus());
      expect(within(menu).getByRole('menuitem', { name: 'Book List' })).toHaveAttribute('aria-current', 'page');
      expect(within(menu).getByRole('menuitem', { name: 'Home' })).not.toHaveAttribute('aria-current');

      await user.keyboard('{ArrowDown}');
      expect(within(menu).getByRole('menuitem', { name: 'Category list' })).toHaveFocus();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      expect(button).toHaveAttribute('aria-expanded', 'false');
      await waitFor(() => expect(button).toHaveFocus());
    });

    it('goes where the chosen item leads and closes the menu', async () => {
      const user = userEvent.setup();
      renderRoutes(routes);
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Login' }));
      expect(await screen.findByText('the login page')).toBeInTheDocument();
    });

    it('gives a signed-in user the account items instead of Login, and logs out from there', async () => {
      const user = userEvent.setup();
      const auth = signedInAs('buyer');
      renderRoutes(routes, { auth });
      expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const menu = await screen.findByRole('menu', { name: 'Main' });
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Home', 'Category list', 'Book List', 'Dashboard', 'Log out', 'Log out of all devices']);
      await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
      expect(await screen.findByText('the login page')).toBeInTheDocument();
      expect(auth.logout).toHaveBeenCalledTimes(1);
    });

    it('logs out of all devices from the menu too, and goes to /login', async () => {
      const user = userEvent.setup();
      const auth = signedInAs('seller');
      const logOutEverywhere = jest.fn(() => Promise.resolve());
      renderRoutes(routes, { auth, logOutEverywhere });
      await user.click(await screen.findByRole('button', { name: 'Menu' }));
      const menu = await screen.findByRole('menu', { name: 'Main' });
      await user.click(within(menu).getByRole('menuitem', { name: 'Log out of all devices' }));
      expect(await screen.findByText('the login page')).toBeInTheDocument();
      expect(logOutEverywhere).toHaveBeenCalledTimes(1);
      expect(auth.logout).not.toHaveBeenCalled();
    });
  });
});
