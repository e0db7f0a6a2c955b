import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@bookswap/shared/auth';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { DashboardLayout } from './DashboardLayout';

function menuLabels(role: Role) {
  const { unmount } = renderRoutes(
    [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <p>welcome</p> }] }],
    { path: '/dashboard', auth: signedInAs(role) },
  );
  // The permanent side menu (the drawer holds the same links on small screens, closed here).
  const labels = within(screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!)
    .getAllByRole('link')
    .map((link) => link.textContent);
  unmount();
  return labels;
}

describe('the dashboard side menu', () => {
  it('shows a buyer only My Orders', () => {
    expect(menuLabels('buyer')).toEqual(['My Orders']);
  });

  it('adds My Product and Booking Requests for a seller', () => {
    expect(menuLabels('seller')).toEqual(['My Orders', 'My Product', 'Booking Requests']);
  });

  it('adds All Buyer, All Seller, Report and the Audit Log for an admin', () => {
    expect(menuLabels('admin')).toEqual(['My Orders', 'All Buyer', 'All Seller', 'Report', 'Audit Log']);
  });

  it('opens as a drawer from the toggle on small screens', async () => {
    renderRoutes([{ path: '/dashboard', element: <DashboardLayout /> }], {
      path: '/dashboard',
      auth: signedInAs('admin'),
    });
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open dashboard menu' }));
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/dashboard/show-report');
  });
});
