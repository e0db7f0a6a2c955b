import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { swrConfig } from '@bookswap/shared/api';
import type { SessionStore } from '@bookswap/contract/auth';
import { AuthProvider } from '../sign-in/AuthProvider';
import { theme } from '@bookswap/shared/ui';
import { themeAtWidth } from '../server-render/viewport';
import { ToastLayer } from '../toasts/ToastLayer';

/** Theme, data fetching, notices (product.md §9: 2 s success, 4 s errors, 20 at most) and the signed-in state. */
export interface AppProvidersProps {
  children: ReactNode;
  session: SessionStore;
  /** A server render's own cache of answers (src/server-render); the browser keeps SWR's one global cache. */
  swrCache?: Cache;
  /** A page rendered on the server: the width it was rendered for, which its hydration must start from. */
  renderedWidth?: number;
}

export function AppProviders({ children, session, swrCache, renderedWidth }: AppProvidersProps) {
  const pageTheme = useMemo(
    () => (renderedWidth === undefined ? theme : themeAtWidth(theme, renderedWidth)),
    [renderedWidth],
  );
  return (
    <ThemeProvider theme={pageTheme}>
      <CssBaseline />
      <SWRConfig value={swrCache ? { ...swrConfig, provider: () => swrCache } : swrConfig}>
        <AuthProvider session={session}>{children}</AuthProvider>
      </SWRConfig>
      <ToastLayer />
    </ThemeProvider>
  );
}
