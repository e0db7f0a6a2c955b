import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import { RouteErrorScreen } from './RouteErrorScreen';

function failingRoute(thrown: unknown) {
  return [
    {
      path: '/dashboard/payment/:id',
      loader: () => {
        throw thrown;
      },
      element: <p>payment</p>,
      errorElement: <RouteErrorScreen />,
    },
    { path: '/login', element: <p>the login page</p> },
  ];
}

describe('the route-error screen', () => {
  it('shows product.md’s title and the status text of an error response', async () => {
    renderRoutes(failingRoute(new Response('', { status: 404, statusText: 'Booking not found' })), {
      path: '/dashboard/payment/7',
    });
    expect(await screen.findByRole('heading', { name: 'Something went to wrong!' })).toBeInTheDocument();
    expect(screen.getByText('Booking not found')).toBeInTheDocument();
  });

  it('shows the message of a thrown error', async () => {
    renderRoutes(failingRoute(new Error('The server cannot be reached.')), { path: '/dashboard/payment/7' });
    expect(await screen.findByText('The server cannot be reached.')).toBeInTheDocument();
  });

  it('logs out and goes to /login from the Log out button', async () => {
    const auth = signedInAs('buyer');
    renderRoutes(failingRoute(new Error('boom')), { path: '/dashboard/payment/7', auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('the login page')).toBeInTheDocument();
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });
});
