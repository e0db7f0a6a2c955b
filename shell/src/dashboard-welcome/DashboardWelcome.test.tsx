import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@bookswap/contract/auth';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { DashboardWelcome } from './DashboardWelcome';

function renderWelcome(role: Role, verify = role === 'seller') {
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardWelcome /> },
      { path: '*', Component: () => <p>Opened {window.location.pathname}</p> },
    ],
    { path: '/dashboard', auth: signedInAs(role, { verify }) },
  );
}

/** The screens offered, by their card headings. */
const screensShown = () =>
  within(screen.getByRole('navigation', { name: 'Your screens' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('the dashboard home', () => {
  it('greets the user by name', () => {
    renderWelcome('buyer');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Test buyer' })).toBeInTheDocument();
  });

  it("offers each of the role's screens", () => {
    const buyer = renderWelcome('buyer');
    expect(screensShown()).toEqual(['My Orders']);
    buyer.unmount();
    const seller = renderWelcome('seller');
    expect(screensShown()).toEqual(['My Orders', 'My Product', 'Booking Requests']);
    seller.unmount();
    renderWelcome('admin');
    // The admin's list grows with the releases of the admin remote; these are the route table's own.
    expect(screensShown()).toEqual(
      expect.arrayContaining(['My Orders', 'All Buyer', 'All Seller', 'Report', 'Audit Log']),
    );
    expect(screensShown()).not.toContain('My Product');
  });

  it('says what each screen is for and opens it from the keyboard', async () => {
    const { router } = renderWelcome('seller');
    const links = within(screen.getByRole('navigation', { name: 'Your screens' })).getAllByRole('link', {
      name: 'Open',
    });
    expect(links[1]).toHaveAccessibleDescription('My Product Your listed books: advertise, edit or delete them.');
    await userEvent.tab();
    await userEvent.tab();
    expect(links[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dashboard/myproduct');
  });

  it('names only the actions Booking Requests has: no accept, since none exists', () => {
    renderWelcome('seller');
    const links = within(screen.getByRole('navigation', { name: 'Your screens' })).getAllByRole('link', {
      name: 'Open',
    });
    expect(links[2]).toHaveAccessibleDescription(
      'Booking Requests Buyers who booked your books: decline a booking, or mark a paid one handed over.',
    );
    expect(screen.queryByText(/accept/i)).not.toBeInTheDocument();
  });

  it('tells a verified seller so', () => {
    renderWelcome('seller', true);
    expect(screen.getByText('Your seller account is verified: your books show the verified tick.')).toBeInTheDocument();
    expect(screen.queryByText(/not verified/)).not.toBeInTheDocument();
  });

  it('tells an unverified seller they are not verified yet, and how it happens', () => {
    renderWelcome('seller', false);
    expect(
      screen.getByText(
        'Your seller account is not verified yet. An admin verifies sellers from the All Seller list; there is ' +
          'nothing to send. Once you are verified, every book you list shows the verified tick.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of verification to a buyer or an admin', () => {
    const buyer = renderWelcome('buyer');
    expect(screen.queryByText(/seller account/)).not.toBeInTheDocument();
    buyer.unmount();
    renderWelcome('admin');
    expect(screen.queryByText(/seller account/)).not.toBeInTheDocument();
  });
});
