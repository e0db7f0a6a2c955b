import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { signedOutAuth } from '@bookswap/contract/auth';
import type { RouteAccess } from '@bookswap/contract/routing';
import { renderRoutes, signedInAs } from '../testing/render-routes';
import type { LoginRedirectState } from '@bookswap/contract/routing';
import { RequireAccess } from './RequireAccess';

function LoginProbe() {
  const state = useLocation().state as LoginRedirectState | null;
  return <p>login page, from {state?.from.pathname ?? 'nowhere'}</p>;
}

function guarded(access: RouteAccess) {
  return [
    { path: '/login', element: <LoginProbe /> },
    {
      path: '/dashboard/myproduct',
      element: (
        <RequireAccess access={access}>
          <p>the guarded screen</p>
        </RequireAccess>
      ),
    },
  ];
}

describe('route guards', () => {
  it('let anyone see a public screen', async () => {
    renderRoutes(guarded('public'), { path: '/dashboard/myproduct' });
    expect(await screen.findByText('the guarded screen')).toBeInTheDocument();
  });

  it('show a spinner, not the screen nor a redirect, while the sign-in state is loading', async () => {
    renderRoutes(guarded('seller'), { path: '/dashboard/myproduct', auth: { ...signedOutAuth, loading: true } });
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('the guarded screen')).not.toBeInTheDocument();
    expect(screen.queryByText(/login page/)).not.toBeInTheDocument();
  });

  it('send a signed-out visitor to /login, remembering where they were going', async () => {
    renderRoutes(guarded('user'), { path: '/dashboard/myproduct' });
    expect(await screen.findByText('login page, from /dashboard/myproduct')).toBeInTheDocument();
  });

  it('let any signed-in user through a login-required route', async () => {
    renderRoutes(guarded('user'), { path: '/dashboard/myproduct', auth: signedInAs('buyer') });
    expect(await screen.findByText('the guarded screen')).toBeInTheDocument();
  });

  it('let a seller through the seller guard', async () => {
    renderRoutes(guarded('seller'), { path: '/dashboard/myproduct', auth: signedInAs('seller') });
    expect(await screen.findByText('the guarded screen')).toBeInTheDocument();
  });

  it('send a buyer who opens a seller route to /login', async () => {
    renderRoutes(guarded('seller'), { path: '/dashboard/myproduct', auth: signedInAs('buyer') });
    expect(await screen.findByText('login page, from /dashboard/myproduct')).toBeInTheDocument();
  });

  it('send a seller who opens an admin route to /login', async () => {
    renderRoutes(guarded('admin'), { path: '/dashboard/myproduct', auth: signedInAs('seller') });
    expect(await screen.findByText('login page, from /dashboard/myproduct')).toBeInTheDocument();
  });

  it('let an admin through the admin guard', async () => {
    renderRoutes(guarded('admin'), { path: '/dashboard/myproduct', auth: signedInAs('admin') });
    expect(await screen.findByText('the guarded screen')).toBeInTheDocument();
  });
});
