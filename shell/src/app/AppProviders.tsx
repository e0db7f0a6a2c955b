import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { swrConfig } from '@bookswap/shared/api';
import type { SessionStore } from '@bookswap/contract/auth';
import { SUCCESS_TOAST_MS, toastContainerSettings } from '@bookswap/shared/ui';
import { AuthProvider } from '../sign-in/AuthProvider';
import { theme } from '@bookswap/shared/ui';

/** Theme, data fetching, notices (product.md §9: 2 s success, 4 s errors, 20 at most) and the signed-in state. */
export function AppProviders({ children, session }: { children: ReactNode; session: SessionStore }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SWRConfig value={swrConfig}>
        <AuthProvider session={session}>{children}</AuthProvider>
      </SWRConfig>
      <ToastContainer {...toastContainerSettings} autoClose={SUCCESS_TOAST_MS} />
    </ThemeProvider>
  );
}
