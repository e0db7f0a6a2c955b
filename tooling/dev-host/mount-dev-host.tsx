import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { swrConfig } from '@bookswap/shared/api';
import { AuthContext, type AuthContextValue, type Role, type SignedInIdentity } from '@bookswap/contract/auth';
import type { RemoteRoutes } from '@bookswap/contract/routing';
import { SUCCESS_TOAST_MS, theme, toastContainerSettings } from '@bookswap/shared/ui';
import { signInDevUser } from './dev-session';

/** The fake user of a role: its email is the demo account of that role, so the local API knows it. */
function devIdentity(role: Role): SignedInIdentity & { email: string } {
  return { uid: `dev-${role}`, displayName: `Dev ${role}`, photoURL: null, email: `${role}@bookswap.test` };
}

/** A signed-in user of the given role, with no sign-in provider behind it (development only). */
export function fakeSignedInUser(role: Role): AuthContextValue {
  const notHere = () => Promise.reject(new Error('The development host has a fixed user.'));
  return {
    user: devIdentity(role),
    role,
    verify: role === 'seller',
    loading: false,
    login: notHere,
    signup: notHere,
    googleSignIn: notHere,
    logout: () => Promise.resolve(),
  };
}

function DevFrame({ title, routes, apiProblem }: { title: string; routes: RemoteRoutes; apiProblem: string | null }) {
  const links = routes.filter((route) => route.path && !route.path.includes(':'));
  return (
    <>
      <AppBar position="static" color="secondary">
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="p" sx={{ mr: 2 }}>
            {title} (development host)
          </Typography>
          {links.map((route) => (
            <Button key={route.path} component={Link} to={route.path ?? '/'} color="inherit">
              {route.path}
            </Button>
          ))}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: 3 }}>
        {apiProblem && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {`No access token for the fake user from the local API server (${apiProblem}). Run it in emulator mode: pnpm dev, or AUTH_MODE=emulator pnpm --filter ./server start.`}
          </Alert>
        )}
        <Outlet />
      </Box>
    </>
  );
}

/**
 * Renders one remote alone: its route table in a minimal router, the shared providers the shell
 * would give it, and a fake signed-in user of the role its screens need. No guards: the shell guards.
 */
export async function mountDevHost({ title, role, routes }: { title: string; role: Role; routes: RemoteRoutes }) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const user = fakeSignedInUser(role);
  // Before the first route loader runs: the remote's calls then carry a real access token.
  const apiProblem = await signInDevUser(devIdentity(role));
  const router = createBrowserRouter([
    {
      element: <DevFrame title={title} routes={routes} apiProblem={apiProblem} />,
      children: [...routes, { path: '*', element: <Typography>Not a route of this remote.</Typography> }],
    },
  ]);
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SWRConfig value={swrConfig}>
          <AuthContext.Provider value={user}>
            <RouterProvider router={router} />
          </AuthContext.Provider>
        </SWRConfig>
        <ToastContainer {...toastContainerSettings} autoClose={SUCCESS_TOAST_MS} />
      </ThemeProvider>
    </StrictMode>,
  );
}
