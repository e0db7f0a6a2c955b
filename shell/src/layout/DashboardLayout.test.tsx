import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@bookswap/contract/auth';
import { atScreenWidth, fakeApiForEachTest, PHONE_WIDTH } from '@bookswap/shared/testing';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { DashboardLayout } from './DashboardLayout';

function menuLabels(role: Role) {
  const { unmount } = renderRoutes(
    [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <p>welcome</p> }] }],
    { path: '/dashboard', auth: signedInAs(role) },
  );
  const labels = within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
  unmount();
  return labels;
}

describe('the dashboard side menu', () => {
  const api = fakeApiForEachTest();
  beforeEach(() => api.on('GET', '/api/notification/list', { body: { notifications: [], unread: 0 } }));

  it('shows a buyer only My Orders', () => {
    expect(menuLabels('buyer')).toEqual(['My Orders']);
  });

  it('adds My Product and Booking Requests for a seller', () => {
    expect(menuLabels('seller')).toEqual(['My Orders', 'My Product', 'Booking Requests']);
  });

  it('adds All Buyer, All Seller, Report, the Audit Log and Releases for an admin', () => {
    expect(menuLabels('admin')).toEqual(['My Orders', 'All Buyer', 'All Seller', 'Report', 'Audit Log', 'Releases']);
  });

  it('marks the screen the user is on', () => {
    renderRoutes([{ path: '/dashboard/show-report', element: <DashboardLayout /> }], {
      path: '/dashboard/show-report',
      auth: signedInAs('admin'),
    });
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Report' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'All Seller' })).not.toHaveAttribute('aria-current');
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => (restore = atScreenWidth(PHONE_WIDTH)));
    afterEach(() => restore());

    it('folds the side menu under a Dashboard menu button that opens and closes it', async () => {
      const user = userEvent.setup();
      renderRoutes(
        [
          { path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <p>welcome</p> }] },
          { path: '/dashboard/show-report', element: <p>the reports</p> },
        ],
        { path: '/dashboard', auth: signedInAs('admin') },
      );
      expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
      // The top bar's bell has come (its own chunk), so nothing else changes under the clicks.
      expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
      const button = screen.getByRole('button', { name: 'Dashboard menu' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
      expect(screen.getByText('welcome')).toBeVisible();

      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
      expect(button).toHaveAttribute('aria-controls', menu.id);
      await user.click(within(menu).getByRole('link', { name: 'Report' }));
      expect(await screen.findByText('the reports')).toBeInTheDocument();
    });

    it('closes again from its button', async () => {
      const user = userEvent.setup();
      renderRoutes([{ path: '/dashboard', element: <DashboardLayout /> }], {
        path: '/dashboard',
        auth: signedInAs('seller'),
      });
      expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
      const button = screen.getByRole('button', { name: 'Dashboard menu' });
      await user.click(button);
      expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument());
    });
  });
});
